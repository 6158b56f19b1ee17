import { inRange, type ParamRange } from '../../shared/api/provider-params';
import { parseProviderDate, type ParsedDate } from '../../shared/time/dates';
import { badRequest } from './provider-error';

/**
 * Reading the service's optional parameters with its message style ("Invalid lat supplied.
 * Must be ..."), so every 400 names the parameter and the rule.
 */

/**
 * A number within one of the provider's ranges (shared/api/provider-params), whole or not as
 * the range says; `fallback` when it is left out.
 */
export function rangeParam(
  params: URLSearchParams,
  name: string,
  range: ParamRange,
  fallback: number,
): number {
  const raw = params.get(name);
  if (raw === null) return fallback;
  const value = Number(raw);
  if (raw.trim() === '' || !inRange(value, range)) {
    const kind = range.integer ? 'a whole number' : 'a number';
    throw badRequest(
      `Invalid ${name} supplied. Must be ${kind} between ${range.min} and ${range.max}`,
    );
  }
  return value;
}

export function choiceParam<const T extends readonly string[]>(
  params: URLSearchParams,
  name: string,
  choices: T,
  fallback: T[number],
): T[number] {
  const raw = params.get(name);
  if (raw === null) return fallback;
  const value = raw.toLowerCase();
  const found = choices.find((choice) => choice === value);
  if (found === undefined)
    throw badRequest(`Invalid ${name} supplied. Must be one of ${choices.join(', ')}`);
  return found;
}

export function requiredDateParam(params: URLSearchParams, name: string): ParsedDate {
  const raw = params.get(name);
  if (raw === null || raw.trim() === '')
    throw badRequest(`Missing ${name}. It is required, as YYYY-MM-DD or YYYY-MM-DD:HH`);
  const parsed = parseProviderDate(raw.trim());
  if (!parsed)
    throw badRequest(
      `Invalid ${name} supplied. Must be a real date as YYYY-MM-DD or YYYY-MM-DD:HH`,
    );
  return parsed;
}
