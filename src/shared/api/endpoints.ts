import { z } from 'zod';
import { rangeCost, type rangeRules } from '../quota/history-cost';
import {
  inRange,
  lightningHistoryStart,
  providerDefaults,
  providerRanges,
  rangeText,
  thresholdScale,
  thresholdScales,
} from './provider-params';
import { parseProviderDate } from '../time/dates';
import {
  checkLocation,
  enumParam,
  langParam,
  latitudeParam,
  locationShape,
  longitudeParam,
  numberParam,
  rangeParam,
  unitsParam,
} from './params';

/**
 * Request schemas for the BFF's routes, keyed by the provider path they front. Each is strict:
 * a parameter the endpoint does not know is an error, not silently dropped.
 */

const includeParam = z
  .string()
  .regex(
    /^(minutely|alerts|lightning)(,(minutely|alerts|lightning))*$/,
    'must be a comma-separated list of minutely, alerts, lightning',
  );

const pointsParam = z
  .string()
  .regex(
    /^\(\s*-?\d+(\.\d+)?\s*,\s*-?\d+(\.\d+)?\s*\)(\s*,\s*\(\s*-?\d+(\.\d+)?\s*,\s*-?\d+(\.\d+)?\s*\))*$/,
    'must be a comma-separated list of (lat, lon) pairs',
  );

const providerDate = z
  .string()
  .refine(
    (value) => parseProviderDate(value) !== undefined,
    'must be a real date as YYYY-MM-DD or YYYY-MM-DD:HH',
  );

const dayDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date as YYYY-MM-DD')
  .refine((value) => parseProviderDate(value) !== undefined, 'must be a real date as YYYY-MM-DD');

/** A count of quota units the caller agrees to spend (the BFF's own parameter, never forwarded). */
const confirmUnitsParam = rangeParam({ min: 0, max: 100_000, integer: true });

const limitParam = rangeParam(providerRanges.limit);
const skipParam = rangeParam(providerRanges.skip);
const searchDistanceParam = rangeParam(providerRanges.search_distance_km);

const point = { lat: latitudeParam, lon: longitudeParam };
const sortParam = enumParam(['distance', 'time'] as const);
const outputParam = enumParam(['json', 'geojson'] as const);

/** lat and lon both, as the lightning and energy endpoints require. */
export function checkPoint(value: { lat?: number; lon?: number }, ctx: z.RefinementCtx) {
  for (const name of ['lat', 'lon'] as const) {
    if (value[name] === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: [name],
        message: `Missing parameter "${name}": it is required`,
      });
    }
  }
}

/** The interface's history rules: one location method, ordered dates, the maximum range. */
function checkRange(endpoint: keyof typeof rangeRules) {
  return (value: { start_date?: string; end_date?: string }, ctx: z.RefinementCtx) => {
    if (value.start_date === undefined || value.end_date === undefined) return;
    const cost = rangeCost(endpoint, value.start_date, value.end_date);
    if (!cost.allowed)
      ctx.addIssue({
        code: 'custom',
        path: ['end_date'],
        message: `Invalid end_date: ${cost.reason}`,
      });
  };
}

const location = { ...locationShape };

/** The degree-day threshold is read in the request's unit system: °F with units=I, else °C. */
function checkThreshold(
  value: { threshold?: number; units?: z.output<typeof unitsParam> },
  ctx: z.RefinementCtx,
) {
  const scale = thresholdScale(value.units);
  if (value.threshold === undefined || inRange(value.threshold, scale)) return;
  ctx.addIssue({
    code: 'custom',
    path: ['threshold'],
    message: `Invalid threshold: must be ${rangeText(scale)} with units=${value.units ?? providerDefaults.units}`,
  });
}

/** On history endpoints a city or postal code must come with its country (the interface's rule). */
function checkHistoryLocation(
  value: { city?: string; postal_code?: string; country?: string },
  ctx: z.RefinementCtx,
) {
  for (const name of ['city', 'postal_code'] as const) {
    if (value[name] !== undefined && value.country === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['country'],
        message: `Missing parameter "country": history needs it with ${name}`,
      });
    }
  }
}

/** history/hourly and history/daily: a location, a date range, units and language. */
const historyRangeShape = {
  ...location,
  start_date: providerDate,
  end_date: providerDate,
  units: unitsParam.optional(),
  lang: langParam.optional(),
  confirm_units: confirmUnitsParam.optional(),
};

export const endpointSchemas = {
  current: z
    .strictObject({
      ...location,
      units: unitsParam.optional(),
      lang: langParam.optional(),
      include: includeParam.optional(),
      points: pointsParam.optional(),
      confirm_units: confirmUnitsParam.optional(),
    })
    .superRefine((value, ctx) => {
      if (value.points === undefined) checkLocation(value, ctx);
    }),
  alerts: z.strictObject({ ...location }).superRefine(checkLocation),
  'current/lightning': z
    .strictObject({
      ...point,
      limit: limitParam.optional(),
      skip: skipParam.optional(),
      search_distance_km: searchDistanceParam.optional(),
      search_mins: rangeParam(providerRanges.search_mins).optional(),
      sort: sortParam.optional(),
      output_type: outputParam.optional(),
    })
    .partial({ lat: true, lon: true })
    .superRefine(checkPoint),
  'history/lightning': z
    .strictObject({
      ...point,
      date: dayDate.refine(
        (value) => value >= lightningHistoryStart,
        `must be ${lightningHistoryStart} or later`,
      ),
      limit: limitParam.optional(),
      skip: skipParam.optional(),
      search_distance_km: searchDistanceParam.optional(),
      sort: sortParam.optional(),
      output_type: outputParam.optional(),
      tz: enumParam(['local', 'utc'] as const).optional(),
      confirm_units: confirmUnitsParam.optional(),
    })
    .partial({ lat: true, lon: true })
    .superRefine(checkPoint),
  'forecast/daily': z
    .strictObject({
      ...location,
      units: unitsParam.optional(),
      lang: langParam.optional(),
      days: rangeParam(providerRanges.days).optional(),
    })
    .superRefine(checkLocation),
  'forecast/minutely': z
    .strictObject({ ...location, units: unitsParam.optional() })
    .superRefine(checkLocation),
  'forecast/airquality': z
    .strictObject({ ...location, hours: rangeParam(providerRanges.hours).optional() })
    .superRefine(checkLocation),
  'history/airquality': z
    .strictObject({
      ...location,
      start_date: providerDate.optional(),
      end_date: providerDate.optional(),
      tz: enumParam(['local', 'utc'] as const).optional(),
      confirm_units: confirmUnitsParam.optional(),
    })
    .superRefine(checkLocation)
    .superRefine(checkHistoryLocation)
    .superRefine((value, ctx) => {
      if ((value.start_date === undefined) !== (value.end_date === undefined)) {
        ctx.addIssue({
          code: 'custom',
          path: ['end_date'],
          message: 'Invalid start_date/end_date: give both or neither',
        });
      }
    })
    .superRefine(checkRange('history/airquality')),
  'history/hourly': z
    .strictObject({ ...historyRangeShape, tz: enumParam(['utc', 'local'] as const).optional() })
    .superRefine(checkLocation)
    .superRefine(checkHistoryLocation)
    .superRefine(checkRange('history/hourly')),
  'history/daily': z
    .strictObject(historyRangeShape)
    .superRefine(checkLocation)
    .superRefine(checkHistoryLocation)
    .superRefine(checkRange('history/daily')),
  'forecast/energy': z
    .strictObject({
      ...point,
      threshold: numberParam(
        `must be ${rangeText(thresholdScales.C)} (${thresholdScales.F.min} to ${thresholdScales.F.max} ${thresholdScales.F.unit} with units=I)`,
      ).optional(),
      units: unitsParam.optional(),
      tp: enumParam(['daily', 'hourly'] as const).optional(),
    })
    .partial({ lat: true, lon: true })
    .superRefine(checkPoint)
    .superRefine(checkThreshold),
} as const;

export type EndpointPath = keyof typeof endpointSchemas;
export const endpointPaths = Object.keys(endpointSchemas) as EndpointPath[];
