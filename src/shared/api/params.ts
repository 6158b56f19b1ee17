import { z } from 'zod';
import { languages, unitSystems } from '../weather/units';
import { inRange, type ParamRange, providerRanges, rangeText } from './provider-params';

/**
 * Query-string parameter rules shared by the BFF (which enforces them) and the client (which
 * builds requests that pass them). Every rule carries its own message so that a 400 names the
 * parameter and the rule it broke.
 */

const decimal = /^[-+]?(\d+(\.\d*)?|\.\d+)$/;
const whole = /^[-+]?\d+$/;

/**
 * A number within a range, most often one of the provider's (provider-params): whole or not as
 * the range says, and one message for text that is no such number and for a number outside it,
 * "must be a whole number from 1 to 75 km", the way the dashboard words the same rule.
 */
export function rangeParam(range: ParamRange) {
  const rule = `must be ${rangeText(range)}`;
  return numberParam(rule, range.integer)
    .refine((value) => inRange(value, range), rule)
    .register(numericParams, range);
}

/**
 * The range each numeric text parameter keeps, so the API's document states it as a number
 * with its bounds (server/http/openapi.ts) from the very schema that enforces it.
 */
export const numericParams = z.registry<ParamRange>();

/** A record's number (an event's, an audit entry's) as `what` says: a whole number from `min`. */
export function serialIdParam(what: string, min = 1) {
  const rule = `must be a whole number from ${min} (${what})`;
  return numberParam(rule, true)
    .refine((value) => Number.isSafeInteger(value) && value >= min, rule)
    .register(numericParams, { min, max: Number.MAX_SAFE_INTEGER, integer: true });
}

/** An optional parameter that, given empty (`site=`), reads as left out, as a cleared field is. */
export function blankIsAbsent<T extends z.ZodType>(schema: T) {
  return z.preprocess((value) => (value === '' ? undefined : value), schema.optional());
}

/** A number, whole or not, whose range is checked elsewhere; `rule` is the message. */
export function numberParam(rule: string, integer = false) {
  return z
    .string()
    .trim()
    .regex(integer ? whole : decimal, rule)
    .transform(Number);
}

export function enumParam<const T extends readonly [string, ...string[]]>(values: T) {
  return z.enum(values, { error: `must be one of ${values.join(', ')}` });
}

export const latitudeParam = rangeParam(providerRanges.lat);
export const longitudeParam = rangeParam(providerRanges.lon);
export const unitsParam = enumParam(unitSystems);
export const langParam = enumParam(languages);

const nonEmptyText = (what: string) =>
  z.string().trim().min(1, `must not be empty`).max(100, `${what} must be at most 100 characters`);

export const locationShape = {
  lat: latitudeParam.optional(),
  lon: longitudeParam.optional(),
  city: nonEmptyText('a city').optional(),
  postal_code: nonEmptyText('a postal code').optional(),
  country: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{2}$/, 'must be a 2-letter country code')
    .optional(),
  station: nonEmptyText('a station id').optional(),
};

type LocationInput = {
  [K in keyof typeof locationShape]?: z.output<(typeof locationShape)[K]>;
};

/** Exactly one location method, so the provider is never left to pick between two places. */
export function checkLocation(value: LocationInput, ctx: z.RefinementCtx): void {
  const hasLat = value.lat !== undefined;
  const hasLon = value.lon !== undefined;
  if (hasLat !== hasLon) {
    ctx.addIssue({
      code: 'custom',
      path: [hasLat ? 'lon' : 'lat'],
      message: `Missing parameter "${hasLat ? 'lon' : 'lat'}": lat and lon must be given together`,
    });
    return;
  }
  const methods = [
    hasLat && 'lat/lon',
    value.city !== undefined && 'city',
    value.postal_code !== undefined && 'postal_code',
    value.station !== undefined && 'station',
  ].filter((method): method is string => method !== false);
  if (methods.length === 0) {
    ctx.addIssue({
      code: 'custom',
      path: ['location'],
      message: 'Missing location: give lat and lon, city, postal_code, or station',
    });
  } else if (methods.length > 1) {
    ctx.addIssue({
      code: 'custom',
      path: ['location'],
      message: `Invalid location: give one location method only, not ${methods.join(' and ')}`,
    });
  }
  if (value.country !== undefined && value.city === undefined && value.postal_code === undefined) {
    ctx.addIssue({
      code: 'custom',
      path: ['country'],
      message: 'Invalid country: it is only used with city or postal_code',
    });
  }
}
