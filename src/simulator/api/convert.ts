import {
  celsiusTo,
  kilometresTo,
  metresPerSecondTo,
  millimetresTo,
  type UnitSystem,
} from '../../shared/weather/units';
import { round } from '../world/round';

/** Converts metric world values into a unit system, rounded as the service rounds them. */
export function converter(units: UnitSystem) {
  return {
    temperature: (celsius: number) => round(celsiusTo(units, celsius), 1),
    speed: (metresPerSecond: number) => round(metresPerSecondTo(units, metresPerSecond), 1),
    depth: (millimetres: number) => round(millimetresTo(units, millimetres), units === 'I' ? 3 : 2),
    distance: (kilometres: number) => round(kilometresTo(units, kilometres), 1),
  };
}
