/**
 * Where `rising`, an increasing function that is at most zero at `low` and above zero at
 * `high`, crosses zero, to within `tolerance`. Bisection: slow but unconditional, which suits
 * heat balances whose slopes are awkward to write down.
 */
export function bisectRising(
  rising: (x: number) => number,
  low: number,
  high: number,
  tolerance = 1e-6,
): number {
  while (high - low > tolerance) {
    const middle = (low + high) / 2;
    if (rising(middle) > 0) high = middle;
    else low = middle;
  }
  return (low + high) / 2;
}
