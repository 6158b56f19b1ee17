import { getMoonIllumination, getMoonTimes } from 'suncalc';
import type { LocalDay } from '../time/zoned-time';

export interface MoonDay {
  rise: number | null;
  set: number | null;
  /** Illuminated fraction at local noon, 0–1. */
  illumination: number;
  /** Lunation at local noon: 0 new, 0.5 full. */
  lunation: number;
}

/**
 * Moonrise, moonset and phase for a local day (SunCalc's lunar theory). SunCalc scans UTC
 * days, so the two UTC days overlapping the local day are scanned and events kept only if they
 * fall inside it.
 */
export function moonDay(day: LocalDay, lat: number, lon: number): MoonDay {
  const firstUtcDay = Math.floor(day.start / 86_400) * 86_400;
  const events = [0, 1].map((offset) =>
    getMoonTimes(new Date((firstUtcDay + offset * 86_400) * 1000), lat, lon),
  );
  const within = (date: Date | undefined) => {
    if (!date) return undefined;
    const unix = Math.round(date.getTime() / 1000);
    return unix >= day.start && unix < day.end ? unix : undefined;
  };
  const rise = events.map((e) => within(e.rise)).find((value) => value !== undefined) ?? null;
  const set = events.map((e) => within(e.set)).find((value) => value !== undefined) ?? null;
  const phase = getMoonIllumination(new Date(((day.start + day.end) / 2) * 1000));
  return { rise, set, illumination: round3(phase.fraction), lunation: round3(phase.phase) };
}

const round3 = (value: number) => Math.round(value * 1000) / 1000;
