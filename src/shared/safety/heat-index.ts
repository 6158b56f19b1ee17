/**
 * The NWS heat index, as the Weather Prediction Center computes it
 * (wpc.ncep.noaa.gov/html/heatindex_equation.shtml): Steadman's simple formula first, and where
 * that averaged with the temperature reaches 80 °F, Rothfusz's regression (NWS SR 90-23) with
 * its two adjustments (dry and hot; humid and warm). One copy: the simulator's apparent
 * temperature and the watch's heat rule both use it.
 */

/** Heat index, °C, of air at `temperatureC` and `relativeHumidityPercent` (0–100). */
export function heatIndexC(temperatureC: number, relativeHumidityPercent: number): number {
  const t = temperatureC * 1.8 + 32;
  const rh = relativeHumidityPercent;
  let hi = 0.5 * (t + 61 + (t - 68) * 1.2 + rh * 0.094);
  if ((hi + t) / 2 >= 80) {
    hi =
      -42.379 +
      2.04901523 * t +
      10.14333127 * rh -
      0.22475541 * t * rh -
      0.00683783 * t * t -
      0.05481717 * rh * rh +
      0.00122874 * t * t * rh +
      0.00085282 * t * rh * rh -
      0.00000199 * t * t * rh * rh;
    if (rh < 13 && t >= 80 && t <= 112) {
      hi -= ((13 - rh) / 4) * Math.sqrt((17 - Math.abs(t - 95)) / 17);
    } else if (rh > 85 && t >= 80 && t <= 87) {
      hi += ((rh - 85) / 10) * ((87 - t) / 5);
    }
  }
  return (hi - 32) / 1.8;
}
