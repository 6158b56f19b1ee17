import { describe, expect, it } from 'vitest';
import { readUpload } from './uploads';

const now = Date.parse('2026-07-15T18:20:00Z');
const read = (query: string) => {
  const params = new URLSearchParams(query);
  return readUpload((name) => params.get(name) ?? undefined, now);
};

/**
 * Uploads as real stations send them (PASSKEYs and passwords replaced): an Ecowitt console's
 * custom upload, a gateway set to metric, and the Weather Underground protocol's own sample.
 */
const ecowitt =
  'PASSKEY=SAMPLE-PASSKEY-REPLACED&stationtype=EasyWeatherPro_V5.1.1&runtime=0' +
  '&dateutc=2023-05-16+17:44:59&tempinf=71.8&humidityin=42&baromrelin=29.920&baromabsin=29.689' +
  '&tempf=59.4&humidity=38&winddir=136&windspeedmph=0.67&windgustmph=1.12&maxdailygust=1.12' +
  '&solarradiation=34.89&uv=0&rainratein=0.000&eventrainin=0.000&hourlyrainin=0.000' +
  '&dailyrainin=0.000&weeklyrainin=0.031&monthlyrainin=0.031&yearlyrainin=0.031' +
  '&totalrainin=0.031&wh65batt=0&freq=868M&model=WS2900_V2.01.18';
const ecowittMetric =
  'PASSKEY=SAMPLE-PASSKEY-REPLACED&stationtype=GW1100A&dateutc=2026-07-01+18:03:17' +
  '&tempc=27.4&humidity=22&baromrelhpa=1012.5&baromabshpa=843.2&windspeedkmh=9.0' +
  '&windgustkmh=14.4&winddir=200&rainratemm=1.2&eventrainmm=5.1&dailyrainmm=4.6';
const wunderground =
  'ID=KCASANFR5&PASSWORD=XXXXXX&dateutc=2000-01-01+10%3A32%3A35&winddir=230&windspeedmph=12' +
  '&windgustmph=12&tempf=70&rainin=0&baromin=29.1&dewptf=68.2&humidity=90&weather=&clouds=' +
  '&softwaretype=vws%20versionxx&action=updateraw';

describe('a station upload', () => {
  it("reads an Ecowitt console's imperial fields in metric, at its own time and height", () => {
    const result = read(ecowitt);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const { reading } = result;
    expect(reading.at).toBe(Date.parse('2023-05-16T17:44:59Z'));
    expect(reading.tempC).toBeCloseTo(15.22, 2);
    expect(reading.humidity).toBe(38);
    expect(reading.windMs).toBeCloseTo(0.2995, 3);
    expect(reading.gustMs).toBeCloseTo(0.5007, 3);
    expect(reading.windDir).toBe(136);
    // The absolute pressure, not the sea-level one: the WBGT wants the station's own.
    expect(reading.pressureHpa).toBeCloseTo(1005.4, 1);
    expect(reading.solarWm2).toBe(34.89);
    expect(reading.rainDayMm).toBe(0);
  });

  it('reads a gateway set to metric', () => {
    const result = read(ecowittMetric);
    expect(result).toMatchObject({
      ok: true,
      reading: { tempC: 27.4, humidity: 22, pressureHpa: 843.2, windDir: 200, rainDayMm: 4.6 },
    });
    if (!result.ok) return;
    expect(result.reading.windMs).toBeCloseTo(2.5, 6);
    expect(result.reading.gustMs).toBeCloseTo(4, 6);
  });

  it("reads the Weather Underground protocol's sample, empty fields as none", () => {
    const result = read(wunderground);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.reading).toMatchObject({ at: Date.parse('2000-01-01T10:32:35Z'), humidity: 90 });
    expect(result.reading.windMs).toBeCloseTo(5.364, 3);
    expect(result.reading.tempC).toBeCloseTo(21.11, 2);
    expect(result.reading.pressureHpa).toBeCloseTo(985.4, 1);
    expect(result.reading.solarWm2).toBeUndefined();
  });

  it('dates `now` (or no dateutc) by the server, and a missing field or -9999 is no reading', () => {
    expect(read('ID=a&dateutc=now&windgustmph=47.0')).toMatchObject({
      ok: true,
      reading: { at: now },
    });
    expect(read('tempf=-9999&humidity=')).toEqual({ ok: true, reading: { at: now } });
  });

  it('refuses a field that is not a number, naming it', () => {
    for (const junk of ['abc', '0x1A', '12,5', 'NaN', 'Infinity', '1e', '--3'])
      expect(read(`windgustmph=${encodeURIComponent(junk)}`)).toEqual({
        ok: false,
        error: expect.stringMatching(/^Invalid windgustmph: must be a number/) as string,
      });
    expect(read('dateutc=yesterday')).toEqual({
      ok: false,
      error: expect.stringMatching(
        /^Invalid dateutc: must be now or YYYY-MM-DD HH:MM:SS/,
      ) as string,
    });
    expect(read('dateutc=2026-02-30+10:00:00').ok).toBe(false);
  });

  it('refuses a reading out of physical range', () => {
    expect(read('windgustmph=300')).toEqual({
      ok: false,
      error: 'Invalid windgustmph: 300 is out of physical range (0 to 120 m/s, converted)',
    });
    expect(read('humidity=101').ok).toBe(false);
    expect(read('tempf=150').ok).toBe(false);
    expect(read('tempc=-95').ok).toBe(false);
    expect(read('winddir=361').ok).toBe(false);
    expect(read('windspeedmph=-1').ok).toBe(false);
    expect(read('baromin=3').ok).toBe(false);
    expect(read('solarradiation=2500').ok).toBe(false);
  });
});
