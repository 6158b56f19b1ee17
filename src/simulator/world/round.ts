/** Powers of ten by exponent, worked out once: `10 ** digits` per call was a pow each time. */
const powersOfTen = Array.from({ length: 16 }, (_, digits) => 10 ** digits);

/** `value` rounded half up to `digits` decimal places (as the provider rounds). */
export function round(value: number, digits: number): number {
  const factor = powersOfTen[digits] ?? 10 ** digits;
  return Math.round(value * factor) / factor;
}
