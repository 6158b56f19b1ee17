import { aqiCategory } from '../../../../shared/weather/aqi';
import { type UnitSystem, unitLabels } from '../../../../shared/weather/units';

/** Human readings of raw values in the unit system they were fetched in. */
export function temperatureText(value: number, units: UnitSystem, digits = 0): string {
  return `${value.toFixed(digits)} ${unitLabels[units].temperature}`;
}

export function speedText(value: number, units: UnitSystem): string {
  return `${value.toFixed(1)} ${unitLabels[units].speed}`;
}

export function precipitationRateText(value: number, units: UnitSystem): string {
  return `${value.toFixed(units === 'I' ? 2 : 1)} ${unitLabels[units].precipitation}/h`;
}

export function visibilityText(value: number, units: UnitSystem): string {
  return `${value.toFixed(1)} ${unitLabels[units].visibility}`;
}

/** WHO/WMO UV index exposure categories. */
export function uvCategory(uv: number): string {
  if (uv < 3) return 'Low';
  if (uv < 6) return 'Moderate';
  if (uv < 8) return 'High';
  if (uv < 11) return 'Very high';
  return 'Extreme';
}

export function aqiText(aqi: number): { value: string; category: string; colour: string } {
  const category = aqiCategory(aqi);
  return { value: String(Math.round(aqi)), category: category.name, colour: category.color };
}
