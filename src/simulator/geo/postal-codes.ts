import { createRequire } from 'node:module';
import type { ZipCode } from 'zipcodes';

/**
 * Postal codes from the zipcodes package: US ZIP codes and Canadian forward sortation areas
 * (the first three characters of a Canadian code). Other countries' codes are not in any
 * well-kept npm package, so they are not found (a 400, as for an unknown place).
 */
const lookup = (
  createRequire(import.meta.url)('zipcodes') as { lookup(code: string): ZipCode | undefined }
).lookup;

const countryNames: Record<string, string> = { US: 'US', CA: 'Canada' };

export function findPostalCode(
  code: string,
  country = 'US',
): { lat: number; lon: number } | undefined {
  const wanted = countryNames[country.toUpperCase()];
  if (!wanted) return undefined;
  const normalised =
    wanted === 'Canada' ? code.replace(/\s+/g, '').slice(0, 3).toUpperCase() : code.trim();
  const found = lookup(normalised);
  if (!found || found.country !== wanted) return undefined;
  return { lat: found.latitude, lon: found.longitude };
}
