export const minutesPerDay = 1440;

/**
 * A time of day as HH:MM, 00:00 to 24:00: 24:00 is the end of the day, so a link can say "the
 * whole day" in the same words as any other moment of it.
 */
export function parseDayClock(text: string): number | undefined {
  const match = /^(\d{2}):([0-5]\d)$/.exec(text);
  if (!match) return undefined;
  const minutes = Number(match[1]) * 60 + Number(match[2]);
  return minutes <= minutesPerDay ? minutes : undefined;
}

/** Minutes after midnight as HH:MM (00:00 to 24:00). */
export function dayClockText(minutes: number): string {
  const whole = Math.min(minutesPerDay, Math.max(0, Math.round(minutes)));
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${pad(Math.floor(whole / 60))}:${pad(whole % 60)}`;
}
