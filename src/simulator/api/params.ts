import { parseProviderDate, type ParsedDate } from '../../shared/time/dates';
import { badRequest } from './provider-error';

/**
 * Reading the service's optional parameters with its message style ("Invalid lat supplied.
 * Must be ..."), so every 400 names the parameter and the rule.
 */
interface NumericRule {
  min: number;
  max: number;
  fallback: number;
}

export function integerParam(params: URLSearchParams, name: string, rule: NumericRule): number {
  return numeric(params, name, rule, true);
}

export function numberParam(params: URLSearchParams, name: string, rule: NumericRule): number {
  return numeric(params, name, rule, false);
}

function numeric(params: URLSearchParams, name: string, rule: NumericRule, whole: boolean): number {
  const raw = params.get(name);
  if (raw === null) return rule.fallback;
  const value = Number(raw);
  const valid = raw.trim() !== '' && (whole ? Number.isInteger(value) : Number.isFinite(value));
  if (!valid || value < rule.min || value > rule.max) {
    const kind = whole ? 'a whole number' : 'a number';
    throw badRequest(
      `Invalid ${name} supplied. Must be ${kind} between ${rule.min} and ${rule.max}`,
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
