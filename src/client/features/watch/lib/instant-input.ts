/** "2026-07-15T18:00Z" as a datetime-local input shows it (the input is read as UTC). */
export const toInput = (instant: string | undefined) => instant?.slice(0, 16) ?? '';

/** A datetime-local input's value as the UTC instant the link and the BFF read. */
export const fromInput = (text: string) => (text ? `${text.slice(0, 16)}Z` : undefined);
