/**
 * How the dashboard names a place to a person. The provider reports a region as a GeoNames
 * admin-1 code ("11" for Île-de-France, "08" for Ontario) and a country as an ISO code, which
 * read as codes; names are spelled out, the country always in full, since "Paris, CA" could be
 * in Canada or California.
 */

// English, as the rest of the dashboard's words are; the runtime's ICU data has every name.
const countryNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });

/** "Canada" for "CA"; a code the runtime does not know comes back as it was. */
export function countryName(code: string): string {
  if (!/^[A-Za-z]{2}$/.test(code)) return code;
  try {
    return countryNames.of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}

export interface PlaceLabelParts {
  name: string;
  /** The region's name; empty when unknown, never its code. */
  region?: string;
  countryCode: string;
}

/**
 * "Paris, Île-de-France, France" and "Paris, Ontario, Canada". A region named like the place
 * itself adds nothing ("Tokyo, Japan", not "Tokyo, Tokyo, Japan").
 */
export function placeLabel({ name, region = '', countryCode }: PlaceLabelParts): string {
  const sameAsName = name.localeCompare(region, 'en', { sensitivity: 'base' }) === 0;
  return [name, sameAsName ? '' : region, countryCode ? countryName(countryCode) : '']
    .filter(Boolean)
    .join(', ');
}

/** "80.00°S, 0.00°E": a point named by its coordinates, to the 0.01° the dashboard keeps. */
export function coordinatesLabel(lat: number, lon: number): string {
  const part = (value: number, positive: string, negative: string) => {
    const degrees = Math.abs(value).toFixed(2);
    // -0.001 rounds to the equator, which has no hemisphere to name: "0.00°N", not "0.00°S".
    return `${degrees}°${value < 0 && degrees !== '0.00' ? negative : positive}`;
  };
  return `${part(lat, 'N', 'S')}, ${part(lon, 'E', 'W')}`;
}
