/**
 * The lightning safety decision for a site: STOP while a strike has come within the stop
 * radius in the last all-clear period, CAUTION while one has come within twice that radius,
 * ALL CLEAR otherwise. The countdown is the time until the all-clear period has passed since
 * the last strike that keeps the status up (the 30-minute rule of lightning safety practice).
 */
export interface SafetySettings {
  stopKm: number;
  clearMinutes: number;
}

export interface StrikeSighting {
  distanceKm: number;
  /** Epoch milliseconds. */
  time: number;
}

export type SafetyLevel = 'stop' | 'caution' | 'clear';

export interface SafetyStatus {
  level: SafetyLevel;
  /** The nearest strike in the all-clear window, if any. */
  nearestKm: number | undefined;
  /** When the status drops a level, if it is not already all clear (epoch ms). */
  clearsAt: number | undefined;
}

export function safetyStatus(
  strikes: readonly StrikeSighting[],
  settings: SafetySettings,
  now: number,
): SafetyStatus {
  const window = settings.clearMinutes * 60_000;
  let lastStop: number | undefined;
  let lastCaution: number | undefined;
  let nearestKm: number | undefined;
  for (const strike of strikes) {
    if (now - strike.time > window || strike.time > now) continue;
    nearestKm =
      nearestKm === undefined ? strike.distanceKm : Math.min(nearestKm, strike.distanceKm);
    if (strike.distanceKm <= settings.stopKm) lastStop = Math.max(lastStop ?? 0, strike.time);
    else if (strike.distanceKm <= 2 * settings.stopKm)
      lastCaution = Math.max(lastCaution ?? 0, strike.time);
  }
  if (lastStop !== undefined) return { level: 'stop', nearestKm, clearsAt: lastStop + window };
  if (lastCaution !== undefined)
    return { level: 'caution', nearestKm, clearsAt: lastCaution + window };
  return { level: 'clear', nearestKm, clearsAt: undefined };
}

/** "12:05" for a countdown. */
export function countdownText(milliseconds: number): string {
  const totalSeconds = Math.max(0, Math.ceil(milliseconds / 1000));
  const minutes = Math.floor(totalSeconds / 60);
  const seconds = totalSeconds % 60;
  return `${minutes}:${String(seconds).padStart(2, '0')}`;
}
