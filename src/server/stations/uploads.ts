import {
  celsiusTo,
  inHgPerMillibar,
  metresPerSecondTo,
  millimetresTo,
} from '../../shared/weather/units';

/**
 * What a station's upload says, in the watch's units: m/s, °C, %, hPa, W/m², mm. Read from the
 * Weather Underground protocol's fields or Ecowitt's custom upload (both imperial; an Ecowitt
 * gateway set to metric sends `tempc`, `windspeedkmh`, `baromrelhpa`…, read as well).
 */
export interface StationReading {
  /** The reading's own time (epoch ms): its `dateutc`, or the server's time for `now`. */
  at: number;
  windMs?: number;
  gustMs?: number;
  windDir?: number;
  tempC?: number;
  humidity?: number;
  pressureHpa?: number;
  solarWm2?: number;
  rainDayMm?: number;
}
type Measured = Exclude<keyof StationReading, 'at'>;

/**
 * Readings outside these are refused as a sensor's fault, not weather: a little beyond the
 * records (gust 113 m/s, -89.2 °C and 56.7 °C, 870-1084 hPa at sea level, 1825 mm of rain in a
 * day); pressure as low as a station at 9000 m reads; sunlight up to the solar constant and
 * the cloud-edge enhancement above it.
 */
export const physicalRanges: Record<Measured, { min: number; max: number; unit: string }> = {
  windMs: { min: 0, max: 120, unit: 'm/s' },
  gustMs: { min: 0, max: 120, unit: 'm/s' },
  windDir: { min: 0, max: 360, unit: '°' },
  tempC: { min: -90, max: 60, unit: '°C' },
  humidity: { min: 0, max: 100, unit: '%' },
  pressureHpa: { min: 300, max: 1100, unit: 'hPa' },
  solarWm2: { min: 0, max: 2000, unit: 'W/m²' },
  rainDayMm: { min: 0, max: 2000, unit: 'mm' },
};

// The inverses of the units module's conversions, so each factor is written there once.
const fromFahrenheit = (f: number) =>
  (f - celsiusTo('I', 0)) / (celsiusTo('I', 1) - celsiusTo('I', 0));
const fromMph = (mph: number) => mph / metresPerSecondTo('I', 1);
const fromKmh = (kmh: number) => kmh / 3.6;
const fromInches = (inches: number) => inches / millimetresTo('I', 1);
const fromInHg = (inHg: number) => inHg / inHgPerMillibar;
const same = (value: number) => value;

/**
 * The fields read, each with its unit's conversion, in order of preference: a station sending
 * both the absolute and the sea-level pressure is read at its own height (what the WBGT wants).
 * Any other field (indoor sensors, rain rates, battery, `stationtype`…) is left alone.
 */
const fields: [Measured, string, (value: number) => number][] = [
  ['windMs', 'windspeedmph', fromMph],
  ['windMs', 'windspeedkmh', fromKmh],
  ['windMs', 'windspeedms', same],
  ['gustMs', 'windgustmph', fromMph],
  ['gustMs', 'windgustkmh', fromKmh],
  ['gustMs', 'windgustms', same],
  ['windDir', 'winddir', same],
  ['tempC', 'tempf', fromFahrenheit],
  ['tempC', 'tempc', same],
  ['humidity', 'humidity', same],
  ['pressureHpa', 'baromabsin', fromInHg],
  ['pressureHpa', 'baromabshpa', same],
  ['pressureHpa', 'baromrelin', fromInHg],
  ['pressureHpa', 'baromrelhpa', same],
  ['pressureHpa', 'baromin', fromInHg],
  ['solarWm2', 'solarradiation', same],
  ['rainDayMm', 'dailyrainin', fromInches],
  ['rainDayMm', 'dailyrainmm', same],
];

/** The fields an upload is read from, for the documentation. */
export const uploadFields = fields.map(([, name]) => name);

/** The Weather Underground protocol's "no reading" value, which some stations send. */
const noReading = -9999;

type UploadResult = { ok: true; reading: StationReading } | { ok: false; error: string };

/** `dateutc` as stations send it: `now`, or `YYYY-MM-DD HH:MM:SS` in UTC (`+` or `%20` for the space). */
const dateUtc = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})$/;

/**
 * An upload's fields read into a reading: a field that is not a number is refused naming it, as
 * is one out of physical range; an empty field (`weather=&clouds=`) or -9999 is no reading.
 */
export function readUpload(param: (name: string) => string | undefined, now: number): UploadResult {
  const date = param('dateutc')?.trim() ?? 'now';
  let at = now;
  if (date !== 'now' && date !== '') {
    const iso = `${date.slice(0, 10)}T${date.slice(11)}`;
    const parsed = dateUtc.test(date) ? Date.parse(`${iso}Z`) : NaN;
    // Date.parse rolls 30 February over into March: a date that does not read back is refused.
    if (!Number.isFinite(parsed) || new Date(parsed).toISOString().slice(0, 19) !== iso)
      return {
        ok: false,
        error: `Invalid dateutc: must be now or YYYY-MM-DD HH:MM:SS in UTC, not ${JSON.stringify(date.slice(0, 40))}`,
      };
    at = parsed;
  }
  const reading: StationReading = { at };
  for (const [measured, name, convert] of fields) {
    if (reading[measured] !== undefined) continue;
    const text = param(name)?.trim();
    if (text === undefined || text === '') continue;
    // Number('') and Number(' ') are 0, and Number('0x1A') 26: only decimal numbers are taken.
    if (!/^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(text))
      return {
        ok: false,
        error: `Invalid ${name}: must be a number, not ${JSON.stringify(text.slice(0, 40))}`,
      };
    const raw = Number(text);
    if (raw === noReading) continue;
    const value = convert(raw);
    const range = physicalRanges[measured];
    if (!(value >= range.min && value <= range.max))
      return {
        ok: false,
        error:
          `Invalid ${name}: ${text} is out of physical range ` +
          `(${range.min} to ${range.max} ${range.unit}, converted)`,
      };
    reading[measured] = value;
  }
  return { ok: true, reading };
}
