import { kilometresPerMile } from '../geo/great-circle';

/** The provider's unit systems: M metric (default), S scientific (kelvin), I imperial. */
export const unitSystems = ['M', 'S', 'I'] as const;
export type UnitSystem = (typeof unitSystems)[number];

export const languages = [
  'en',
  'ar',
  'az',
  'be',
  'bg',
  'bs',
  'ca',
  'cs',
  'de',
  'fi',
  'fr',
  'el',
  'es',
  'et',
  'hr',
  'hu',
  'id',
  'it',
  'is',
  'kw',
  'nb',
  'nl',
  'pl',
  'pt',
  'ro',
  'ru',
  'sk',
  'sl',
  'sr',
  'sv',
  'tr',
  'uk',
  'zh',
  'zh-tw',
] as const;
export type Language = (typeof languages)[number];

export interface UnitLabels {
  temperature: string;
  speed: string;
  precipitation: string;
  visibility: string;
  pressure: string;
}

export const unitLabels: Record<UnitSystem, UnitLabels> = {
  M: { temperature: '°C', speed: 'm/s', precipitation: 'mm', visibility: 'km', pressure: 'mb' },
  S: { temperature: 'K', speed: 'm/s', precipitation: 'mm', visibility: 'km', pressure: 'mb' },
  I: { temperature: '°F', speed: 'mph', precipitation: 'in', visibility: 'mi', pressure: 'inHg' },
};

export function celsiusTo(units: UnitSystem, celsius: number): number {
  if (units === 'I') return celsius * 1.8 + 32;
  if (units === 'S') return celsius + 273.15;
  return celsius;
}

export function metresPerSecondTo(units: UnitSystem, speed: number): number {
  return units === 'I' ? speed * 2.236936 : speed;
}

export function millimetresTo(units: UnitSystem, depth: number): number {
  return units === 'I' ? depth / 25.4 : depth;
}

export function kilometresTo(units: UnitSystem, distance: number): number {
  return units === 'I' ? distance / kilometresPerMile : distance;
}

/** The distance unit a unit system reads in: miles with imperial units, kilometres otherwise. */
export function distanceUnit(units: UnitSystem): 'km' | 'mi' {
  return units === 'I' ? 'mi' : 'km';
}

/** A distance typed or shown in the unit system's unit, back in kilometres. */
export function kilometresFrom(units: UnitSystem, distance: number): number {
  return units === 'I' ? distance * kilometresPerMile : distance;
}

/**
 * Every distance on screen, in the unit system's unit: "6.9 km", "4.3 mi". A setting (a radius)
 * reads better whole when it is whole: `trim` writes 10 km rather than 10.0 km.
 */
export function distanceText(
  units: UnitSystem,
  kilometres: number,
  { digits = 1, trim = false }: { digits?: number; trim?: boolean } = {},
): string {
  const value = units === 'I' ? kilometres / kilometresPerMile : kilometres;
  const fixed = value.toFixed(digits);
  const text = trim && Number.isInteger(Number(fixed)) ? String(Number(fixed)) : fixed;
  return `${text} ${distanceUnit(units)}`;
}

/** Inches of mercury per millibar (hectopascal). */
export const inHgPerMillibar = 0.0295299830714;

/**
 * A pressure the provider gives in millibars (in every unit system) as the unit system reads
 * it: inHg to hundredths with imperial units, whole millibars otherwise.
 */
export function pressureText(units: UnitSystem, millibars: number): string {
  return units === 'I'
    ? `${(millibars * inHgPerMillibar).toFixed(2)} ${unitLabels.I.pressure}`
    : `${millibars.toFixed(0)} ${unitLabels[units].pressure}`;
}
