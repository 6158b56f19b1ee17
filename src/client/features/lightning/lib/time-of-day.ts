import type { ExpressionSpecification } from 'maplibre-gl';
import { minutesPerDay } from '../../../lib/day-clock';
import type { LightningHistoryDay } from '../url-state';

/**
 * A day of history is coloured by when each strike fell, not by its age: night blue, morning
 * teal, noon yellow, evening orange, late pink. Every stop is bright enough for the dark basemap,
 * and neighbouring hours stay distinguishable across the whole day.
 */
export const hourStops = [
  { minute: 0, colour: '#6e8bff', label: '00' },
  { minute: 360, colour: '#2ed3c6', label: '06' },
  { minute: 720, colour: '#ffe14d', label: '12' },
  { minute: 1080, colour: '#ff8c3a', label: '18' },
  { minute: minutesPerDay, colour: '#ff5fb0', label: '24' },
] as const;

function channels(hex: string): [number, number, number] {
  const value = Number.parseInt(hex.slice(1), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

const hex = (rgb: readonly number[]) =>
  `#${rgb.map((channel) => Math.round(channel).toString(16).padStart(2, '0')).join('')}`;

/**
 * The colour of a minute of the day, interpolated in RGB between the stops as the map's
 * `interpolate linear` does, so the polar view and the map agree; clamped to the day.
 */
export function timeOfDayColour(minute: number): string {
  const at = Math.min(minutesPerDay, Math.max(0, minute));
  const upper = hourStops.findIndex((stop) => stop.minute >= at);
  const high = hourStops[Math.max(0, upper)] ?? hourStops[0];
  const low = hourStops[Math.max(0, upper - 1)] ?? high;
  if (high.minute === low.minute) return high.colour;
  const share = (at - low.minute) / (high.minute - low.minute);
  const from = channels(low.colour);
  const to = channels(high.colour);
  return hex(from.map((channel, index) => channel + ((to[index] ?? channel) - channel) * share));
}

/** The same ramp as a MapLibre expression over a feature's minute of the day (`m`). */
export const timeOfDayColourExpression: ExpressionSpecification = [
  'interpolate',
  ['linear'],
  ['get', 'm'],
  ...hourStops.flatMap((stop) => [stop.minute, stop.colour]),
];

/** The ramp as a CSS gradient, left (00:00) to right (24:00), for legends. */
export const timeOfDayGradient = `linear-gradient(to right, ${hourStops
  .map((stop) => `${stop.colour} ${(stop.minute / minutesPerDay) * 100}%`)
  .join(', ')})`;

/**
 * Minutes after the day's midnight at which a strike fell, on the day's own clock: the local
 * stamp for a local day, the UTC one for a UTC day. Read off the clock face, so on a day when
 * the clocks change a strike at 14:30 is still at 14:30.
 */
export function strikeMinute(
  stamps: { timestamp_utc: string; timestamp_local: string },
  day: Pick<LightningHistoryDay, 'date' | 'tz'>,
): number {
  const stamp = day.tz === 'utc' ? stamps.timestamp_utc : stamps.timestamp_local;
  return (Date.parse(`${stamp}Z`) - Date.parse(`${day.date}T00:00:00Z`)) / 60_000;
}

export const basisName = (tz: 'local' | 'utc') => (tz === 'utc' ? 'UTC' : 'local');

/** The strikes a day's slider shows: those from midnight up to its time. */
export function strikesUpTo<
  T extends { properties: { timestamp_utc: string; timestamp_local: string } },
>(features: readonly T[], day: LightningHistoryDay): T[] {
  return features.filter((feature) => strikeMinute(feature.properties, day) <= day.until);
}
