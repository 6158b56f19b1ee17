import { z } from 'zod';
import { checkLocation, langParam, locationShape, unitsParam } from './params';

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

export const currentParamsSchema = z
  .strictObject({
    ...locationShape,
    units: unitsParam.optional(),
    lang: langParam.optional(),
    include: includeParam.optional(),
    points: pointsParam.optional(),
  })
  .superRefine(checkLocation);
export type CurrentParams = z.output<typeof currentParamsSchema>;

export const alertsParamsSchema = z.strictObject({ ...locationShape }).superRefine(checkLocation);
export type AlertsParams = z.output<typeof alertsParamsSchema>;
