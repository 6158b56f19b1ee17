import type { AlertSeverity } from './alert-types';
import type { AtmosphereSample } from './world';

/**
 * Hazard rules after the US National Weather Service's criteria, in metric. Each rule names the
 * product issued while its condition holds; the strongest product of a hazard wins.
 */
export interface HazardRule {
  hazard: string;
  event: string;
  severity: AlertSeverity;
  holds(sample: AtmosphereSample): boolean;
  describe(sample: AtmosphereSample): string;
}

const kmh = (metresPerSecond: number) => Math.round(metresPerSecond * 3.6);

export const hazardRules: readonly HazardRule[] = [
  {
    hazard: 'thunderstorm',
    event: 'Severe Thunderstorm Warning',
    severity: 'Warning',
    holds: (s) => s.storm >= 0.5,
    describe: (s) =>
      `Severe thunderstorms with wind gusts to ${kmh(s.gust)} km/h, frequent lightning and rainfall rates near ${Math.round(s.precipRate)} mm per hour. Move indoors and stay away from windows.`,
  },
  {
    hazard: 'flood',
    event: 'Flood Advisory',
    severity: 'Advisory',
    holds: (s) => s.precipRate >= 10,
    describe: (s) =>
      `Heavy rain at ${Math.round(s.precipRate)} mm per hour will cause ponding of water on roads and flooding of low-lying areas.`,
  },
  {
    hazard: 'heat',
    event: 'Excessive Heat Warning',
    severity: 'Warning',
    holds: (s) => s.apparentTemperature >= 43,
    describe: (s) =>
      `Dangerously hot conditions with heat index values up to ${Math.round(s.apparentTemperature)} °C. Drink plenty of fluids and stay out of the sun.`,
  },
  {
    hazard: 'heat',
    event: 'Heat Advisory',
    severity: 'Advisory',
    holds: (s) => s.apparentTemperature >= 39.4,
    describe: (s) =>
      `Heat index values up to ${Math.round(s.apparentTemperature)} °C. Hot temperatures and high humidity may cause heat illnesses.`,
  },
  {
    hazard: 'wind',
    event: 'High Wind Warning',
    severity: 'Warning',
    holds: (s) => s.gust >= 26,
    describe: (s) =>
      `Damaging winds with gusts to ${kmh(s.gust)} km/h. Fallen trees and power outages are possible.`,
  },
  {
    hazard: 'wind',
    event: 'Wind Advisory',
    severity: 'Advisory',
    holds: (s) => s.gust >= 20,
    describe: (s) =>
      `Gusts to ${kmh(s.gust)} km/h. Secure outdoor objects; driving may be difficult for high-profile vehicles.`,
  },
  {
    hazard: 'winter',
    event: 'Winter Storm Warning',
    severity: 'Warning',
    holds: (s) => s.snowRate >= 15,
    describe: (s) =>
      `Heavy snow falling at ${Math.round(s.snowRate / 10)} cm per hour. Travel could be very difficult to impossible.`,
  },
  {
    hazard: 'winter',
    event: 'Winter Weather Advisory',
    severity: 'Advisory',
    holds: (s) => s.snowRate >= 5,
    describe: (s) =>
      `Snow at ${(s.snowRate / 10).toFixed(1)} cm per hour. Plan on slippery road conditions.`,
  },
  {
    hazard: 'fog',
    event: 'Dense Fog Advisory',
    severity: 'Advisory',
    holds: (s) => s.visibility <= 0.4,
    describe: (s) =>
      `Visibility one quarter mile or less in dense fog (${Math.round(s.visibility * 1000)} m). Slow down and use low-beam headlights.`,
  },
  {
    hazard: 'cold',
    event: 'Extreme Cold Warning',
    severity: 'Warning',
    holds: (s) => s.apparentTemperature <= -35,
    describe: (s) =>
      `Dangerously cold wind chills as low as ${Math.round(s.apparentTemperature)} °C could cause frostbite on exposed skin in as little as 10 minutes.`,
  },
  {
    hazard: 'cold',
    event: 'Cold Weather Advisory',
    severity: 'Advisory',
    holds: (s) => s.apparentTemperature <= -25,
    describe: (s) =>
      `Very cold wind chills as low as ${Math.round(s.apparentTemperature)} °C could cause frostbite on exposed skin in as little as 30 minutes.`,
  },
];
