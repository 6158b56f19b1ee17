import { describe, expect, it } from 'vitest';
import { airQualitySchema } from '../../../../shared/weather/air-quality-schema';
import { historyDailySchema, historyHourlySchema } from '../../../../shared/weather/history-schema';
import { lightningSchema } from '../../../../shared/weather/lightning-schema';
import { type Column, toCsv } from '../../../lib/csv';
import {
  airQualityHistoryView,
  dailyHistoryView,
  hourlyHistoryView,
  lightningHistoryView,
  revisionText,
} from './history-views';

const place = {
  city_name: 'Raleigh',
  state_code: 'NC',
  country_code: 'US',
  timezone: 'America/New_York',
  lat: 35.78,
  lon: -78.64,
};
const historyPlace = { ...place, city_id: '4487042', sources: ['simulator'], station_id: 'KRDU' };

/** Local stamps four hours behind UTC, as in Raleigh in July. */
function stamps(utc: string) {
  const ts = Date.parse(`${utc}Z`) / 1000;
  const local = new Date((ts - 4 * 3600) * 1000).toISOString().slice(0, 19);
  return { ts, timestamp_utc: utc, timestamp_local: local };
}

function historyHour(utc: string, overrides: Record<string, unknown> = {}) {
  return {
    ...stamps(utc),
    datetime: `${utc.slice(0, 10)}:${utc.slice(11, 13)}`,
    revision_status: 'final',
    revision_version: '2',
    slp: 1015.2,
    pres: 1003.1,
    rh: 64,
    dewpt: 17.3,
    temp: 24.6,
    app_temp: 25.1,
    wind_spd: 3.2,
    wind_gust_spd: 6.4,
    wind_dir: 225,
    uv: 4.2,
    solar_rad: 512.3,
    ghi: 701.4,
    dhi: 98.1,
    dni: 760.2,
    h_angle: null,
    elev_angle: 41.5,
    azimuth: 201.3,
    vis: 16,
    pod: 'd',
    weather: { icon: 'c02d', code: '802', description: 'Scattered clouds' },
    clouds: 40,
    precip: 0,
    snow: 0,
    ...overrides,
  };
}

const hourly = historyHourlySchema.parse({
  ...historyPlace,
  data: [
    historyHour('2026-07-15T02:00:00', { temp: 21.4, precip: 1.25 }),
    historyHour('2026-07-15T03:00:00', { revision_status: 'interim', revision_version: '' }),
    historyHour('2026-07-15T04:00:00', { revision_version: '' }),
  ],
});

function historyDay(date: string, overrides: Record<string, unknown> = {}) {
  const ts = Date.parse(`${date}T00:00:00Z`) / 1000;
  return {
    datetime: date,
    ts,
    revision_status: 'final',
    revision_version: '1.0',
    slp: 1014.8,
    pres: 1002.7,
    rh: 70,
    dewpt: 18.2,
    temp: 25.3,
    max_temp: 31.2,
    min_temp: 19.8,
    max_temp_ts: ts + 19 * 3600,
    min_temp_ts: ts + 10 * 3600,
    wind_spd: 2.9,
    wind_dir: 200,
    wind_gust_spd: 8.1,
    max_wind_spd: 5.6,
    max_wind_dir: 210,
    max_wind_spd_ts: ts + 20 * 3600,
    clouds: 35,
    ghi: 310,
    dni: 420,
    dhi: 90,
    max_ghi: 890,
    max_dni: 910,
    max_dhi: 130,
    t_ghi: 7450,
    t_dni: 10020,
    t_dhi: 2150,
    solar_rad: 240,
    t_solar_rad: 5760,
    max_uv: 9.1,
    precip: 4.5,
    precip_gpm: 4.5,
    snow: 0,
    snow_depth: null,
    ...overrides,
  };
}

const daily = historyDailySchema.parse({
  ...historyPlace,
  data: [
    historyDay('2026-07-14'),
    historyDay('2026-07-15', { revision_status: 'interim', revision_version: '', snow_depth: 12 }),
  ],
});

function airQualityHour(utc: string, aqi: number) {
  return { ...stamps(utc), aqi, pm25: 12.1, pm10: 20.4, o3: 80.2, no2: 14.5, so2: 2.1, co: 310.7 };
}

const airQuality = airQualitySchema.parse({
  ...place,
  data: [
    airQualityHour('2026-07-15T02:00:00', 42),
    airQualityHour('2026-07-15T03:00:00', 57),
    airQualityHour('2026-07-15T04:00:00', 112),
  ],
});

let nextId = 1;
function strike(utc: string, distanceKm: number) {
  return {
    lat: 35.8,
    lon: -78.6,
    bearing_cardinal: 'NE',
    bearing_degrees: 45,
    distance_km: distanceKm,
    distance_mi: Math.round((distanceKm / 1.609344) * 100) / 100,
    id: nextId++,
    timestamp_utc: utc,
    timestamp_local: stamps(utc).timestamp_local,
    past_mins: 0,
    type: 'flash',
    source: 'glm',
  };
}

function lightningDay(events: ReturnType<typeof strike>[], count = events.length) {
  return lightningSchema.parse({
    count,
    date: '2026-07-15',
    limit: 1000,
    lat: place.lat,
    lon: place.lon,
    search_distance_km: 50,
    search_mins: null,
    skip: 0,
    sort: 'distance',
    timezone: place.timezone,
    lightning: events,
  });
}

// Sorted by distance, as the provider may send them, so the hours' ends are out of order.
const stormy = lightningDay([
  strike('2026-07-15T18:42:10', 3.4),
  strike('2026-07-15T18:05:55', 7.25),
  strike('2026-07-15T21:30:00', 12.5),
  strike('2026-07-15T18:59:00', 15),
  strike('2026-07-15T18:20:00', 22.75),
]);

function column<Row>(columns: readonly Column<Row>[], key: string): Column<Row> {
  const found = columns.find((candidate) => candidate.key === key);
  if (!found) throw new Error(`no column ${key}`);
  return found;
}

describe('revision text', () => {
  it('says interim, or final with its version when it has one', () => {
    expect(revisionText('interim', '')).toBe('Interim');
    expect(revisionText('final', '2')).toBe('Final (v2)');
    expect(revisionText('final', '')).toBe('Final');
  });
});

describe('hourly history view', () => {
  it('has one row per record, in the order received, with its revision', () => {
    const view = hourlyHistoryView(hourly, 'M', 'local');
    expect(view.rows.map((row) => row.ts)).toEqual(hourly.data.map((hour) => hour.ts));
    expect(view.rows.map((row) => row.revision)).toEqual(['Final (v2)', 'Interim', 'Final']);
    expect(view.rows.map((row, index) => view.rowKey(row, index))).toEqual(
      hourly.data.map((hour) => String(hour.ts)),
    );
    expect(view.caption).toBe('Hourly history for Raleigh, United States');
  });

  it('labels and exports times in the chosen basis', () => {
    const local = hourlyHistoryView(hourly, 'M', 'local');
    const utc = hourlyHistoryView(hourly, 'M', 'utc');
    expect(local.rows[0]!.label).toBe('Tue 14 22:00');
    expect(utc.rows[0]!.label).toBe('Wed 15 02:00');
    expect(column(local.columns, 'time').label).toBe('Time (local)');
    expect(column(utc.columns, 'time').label).toBe('Time (UTC)');
    expect(column(utc.columns, 'time').value(utc.rows[0]!)).toBe('2026-07-15T02:00:00');
    expect(column(utc.columns, 'time').format?.(utc.rows[0]!)).toBe('Wed 15 02:00');
  });

  it('puts the unit system’s units in the headings', () => {
    const metric = hourlyHistoryView(hourly, 'M', 'local').columns;
    const imperial = hourlyHistoryView(hourly, 'I', 'local').columns;
    expect(column(metric, 'temp').label).toBe('Temperature (°C)');
    expect(column(imperial, 'temp').label).toBe('Temperature (°F)');
    expect(column(metric, 'precip').label).toBe('Precipitation (mm)');
    expect(column(imperial, 'precip').label).toBe('Precipitation (in)');
    expect(column(imperial, 'wind').label).toBe('Wind (mph)');
    expect(metric.map((c) => c.key)).toEqual([
      'time',
      'revision',
      'temp',
      'app_temp',
      'precip',
      'snow',
      'wind',
      'gust',
      'wind_dir',
      'rh',
      'clouds',
      'solar_rad',
      'ghi',
      'weather',
    ]);
  });

  it('exports raw numbers and shows the wind direction as a compass point too', () => {
    const view = hourlyHistoryView(hourly, 'M', 'utc');
    const first = view.rows[0]!;
    expect(column(view.columns, 'temp').value(first)).toBe(21.4);
    expect(column(view.columns, 'precip').value(first)).toBe(1.25);
    expect(column(view.columns, 'solar_rad').value(first)).toBe(512.3);
    expect(column(view.columns, 'wind_dir').value(first)).toBe(225);
    expect(column(view.columns, 'wind_dir').format?.(first)).toBe('225° SW');
    expect(column(view.columns, 'weather').value(first)).toBe('Scattered clouds');
    expect(toCsv(view.columns, view.rows).split('\r\n')[1]).toBe(
      '2026-07-15T02:00:00,Final (v2),21.4,25.1,1.25,0,3.2,6.4,225,64,40,512.3,701.4,Scattered clouds',
    );
  });
});

describe('daily history view', () => {
  it('has one row per UTC date, labelled by that date', () => {
    const view = dailyHistoryView(daily, 'M');
    expect(view.rows.map((row) => row.date)).toEqual(['2026-07-14', '2026-07-15']);
    expect(view.rows.map((row) => row.label)).toEqual(['Tue 14', 'Wed 15']);
    expect(view.rows.map((row) => row.revision)).toEqual(['Final (v1.0)', 'Interim']);
    expect(view.rows[0]!.range).toEqual([19.8, 31.2]);
    expect(view.rowKey(view.rows[1]!, 1)).toBe('2026-07-15');
    expect(column(view.columns, 'date').format?.(view.rows[1]!)).toBe('Wed 2026-07-15');
    expect(view.caption).toBe('Daily history for Raleigh, United States');
  });

  it('exports raw numbers, and nothing for a missing snow depth', () => {
    const view = dailyHistoryView(daily, 'M');
    const [first, second] = view.rows as [(typeof view.rows)[0], (typeof view.rows)[0]];
    expect(column(view.columns, 'max').value(first)).toBe(31.2);
    expect(column(view.columns, 'mean').value(first)).toBe(25.3);
    expect(column(view.columns, 't_solar_rad').value(first)).toBe(5760);
    expect(column(view.columns, 'snow_depth').value(first)).toBeNull();
    expect(column(view.columns, 'snow_depth').value(second)).toBe(12);
    expect(toCsv(view.columns, view.rows).split('\r\n')[1]).toBe(
      '2026-07-14,Final (v1.0),31.2,19.8,25.3,4.5,0,,2.9,5.6,9.1,7450,5760',
    );
  });

  it('puts the unit system’s units in the headings', () => {
    const metric = dailyHistoryView(daily, 'M').columns;
    const imperial = dailyHistoryView(daily, 'I').columns;
    expect(column(metric, 'max').label).toBe('Max (°C)');
    expect(column(imperial, 'max').label).toBe('Max (°F)');
    expect(column(metric, 'snow_depth').label).toBe('Snow depth (mm)');
    expect(column(imperial, 'snow_depth').label).toBe('Snow depth (in)');
    expect(column(metric, 't_solar_rad').label).toBe('Solar radiation total (Wh/m²)');
  });
});

describe('air-quality history view', () => {
  it('has one row per hour with its EPA category, in the chosen basis', () => {
    const view = airQualityHistoryView(airQuality, 'utc');
    expect(view.rows.map((row) => row.aqi)).toEqual([42, 57, 112]);
    expect(view.rows.map((row) => row.category)).toEqual([
      'Good',
      'Moderate',
      'Unhealthy for Sensitive Groups',
    ]);
    expect(view.rows[0]!.label).toBe('Wed 15 02:00');
    expect(airQualityHistoryView(airQuality, 'local').rows[0]!.label).toBe('Tue 14 22:00');
    expect(view.caption).toBe('Air-quality history for Raleigh, United States');
  });

  it('shows every pollutant in µg/m³ and no revision', () => {
    const view = airQualityHistoryView(airQuality, 'local');
    expect(view.columns.map((c) => c.label)).toEqual([
      'Time (local)',
      'AQI (US EPA)',
      'Category',
      'PM2.5 (µg/m³)',
      'PM10 (µg/m³)',
      'O₃ (µg/m³)',
      'NO₂ (µg/m³)',
      'SO₂ (µg/m³)',
      'CO (µg/m³)',
    ]);
    expect(column(view.columns, 'co').value(view.rows[0]!)).toBe(310.7);
  });
});

describe('lightning history view', () => {
  it('always has the 24 hours of the day, in order', () => {
    const view = lightningHistoryView(stormy, 'local');
    expect(view.rows).toHaveLength(24);
    expect(view.rows[0]!.hour).toBe('00:00');
    expect(view.rows[23]!.hour).toBe('23:00');
    expect(new Set(view.rows.map((row, index) => view.rowKey(row, index))).size).toBe(24);
  });

  it('counts strikes per hour of the chosen basis', () => {
    for (const basis of ['local', 'utc'] as const) {
      const rows = lightningHistoryView(stormy, basis).rows;
      expect(rows.reduce((sum, row) => sum + row.count, 0)).toBe(stormy.lightning.length);
    }
    const local = lightningHistoryView(stormy, 'local').rows;
    const utc = lightningHistoryView(stormy, 'utc').rows;
    expect(local[14]!.count).toBe(4);
    expect(local[17]!.count).toBe(1);
    expect(utc[18]!.count).toBe(4);
    expect(utc[21]!.count).toBe(1);
    expect(utc[14]!.count).toBe(0);
  });

  it('gives each hour its nearest distance and its first and last strike', () => {
    const hour = lightningHistoryView(stormy, 'utc').rows[18]!;
    expect(hour).toEqual({
      hour: '18:00',
      count: 4,
      nearestKm: 3.4,
      first: '18:05',
      last: '18:59',
    });
    const local = lightningHistoryView(stormy, 'local').rows[14]!;
    expect([local.first, local.last]).toEqual(['14:05', '14:59']);
  });

  it('has nulls, not zeros, for the distance and clocks of a quiet hour', () => {
    const view = lightningHistoryView(stormy, 'utc');
    const quiet = view.rows[3]!;
    expect(quiet).toEqual({ hour: '03:00', count: 0, nearestKm: null, first: null, last: null });
    expect(column(view.columns, 'nearest').value(quiet)).toBeNull();
    expect(column(view.columns, 'nearest').value(view.rows[21]!)).toBe(12.5);
    expect(column(view.columns, 'nearest').format?.(view.rows[18]!)).toBe('3.4');
  });

  it('makes an empty day 24 quiet hours', () => {
    const view = lightningHistoryView(lightningDay([]), 'local');
    expect(view.rows).toHaveLength(24);
    for (const row of view.rows) {
      expect(row).toMatchObject({ count: 0, nearestKm: null, first: null, last: null });
    }
    expect(view.caption).toBe(
      'Lightning by hour on 2026-07-15, local time (America/New_York): 0 strikes',
    );
  });

  it('names the date and the total in the caption, and says when only a page came back', () => {
    expect(lightningHistoryView(stormy, 'utc').caption).toBe(
      'Lightning by hour on 2026-07-15, UTC: 5 strikes',
    );
    expect(lightningHistoryView(lightningDay(stormy.lightning, 40), 'utc').caption).toBe(
      'Lightning by hour on 2026-07-15, UTC: 5 of 40 strikes',
    );
  });

  it('exports raw numbers and clocks', () => {
    const view = lightningHistoryView(stormy, 'utc');
    expect(toCsv(view.columns, view.rows).split('\r\n').slice(0, 5)).toEqual([
      'Hour (UTC),Strikes,Nearest (km),First strike,Last strike',
      '00:00,0,,,',
      '01:00,0,,,',
      '02:00,0,,,',
      '03:00,0,,,',
    ]);
    expect(toCsv(view.columns, view.rows).split('\r\n')[19]).toBe('18:00,4,3.4,18:05,18:59');
  });
});
