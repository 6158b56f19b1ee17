import { describe, expect, it } from 'vitest';
import type { HistoryQuery } from '../url-state';
import { defaultRange, planHistory, type PlanContext } from './history-plan';

const context: PlanContext = {
  point: { lat: 35.78, lon: -78.64 },
  units: 'M',
  lang: 'en',
  lightning: { searchKm: 20, searchMinutes: 30, sort: 'distance', limit: 1000 },
  today: '2026-07-15',
  tz: 'local',
};
const query = (change: Partial<HistoryQuery>): HistoryQuery => ({
  dataset: 'hourly',
  location: { method: 'point' },
  startDate: '2026-06-01',
  endDate: '2026-07-01',
  date: undefined,
  ...change,
});

describe('planning a history query before anything is spent', () => {
  it('prices a month of hourly history as the interface does, with its parameters', () => {
    const plan = planHistory(query({}), context);
    expect(plan.problems).toEqual([]);
    expect(plan.request).toMatchObject({
      endpoint: 'history/hourly',
      units: 3,
      reason: '30 days at 10 days a unit = 3 units',
    });
    expect(plan.request?.parts).toEqual([
      {
        params: {
          lat: '35.78',
          lon: '-78.64',
          start_date: '2026-06-01',
          end_date: '2026-07-01',
          units: 'M',
          tz: 'local',
        },
        units: 3,
        days: 30,
      },
    ]);
  });

  it('explains invalid ranges inline: order, future dates, missing dates', () => {
    const messages = (change: Partial<HistoryQuery>) =>
      planHistory(query(change), context).problems.map((problem) => problem.message);
    expect(messages({ startDate: '2026-07-01', endDate: '2026-06-01' })).toEqual([
      'The end date must be after the start date',
    ]);
    expect(messages({ startDate: '2026-07-20', endDate: '2026-07-25' })).toEqual([
      'The start date is in the future',
    ]);
    // The end date is exclusive: tomorrow is the latest that still ends today.
    expect(messages({ startDate: '2026-07-10', endDate: '2026-07-16' })).toEqual([]);
    expect(messages({ startDate: '2026-07-10', endDate: '2026-07-17' })).toEqual([
      'The end date is in the future',
    ]);
    expect(messages({ startDate: undefined })).toEqual(['Choose a start date']);
  });

  it('offers to split a range over the maximum, with the total cost', () => {
    const plan = planHistory(query({ startDate: '2026-04-01', endDate: '2026-07-01' }), context);
    expect(plan.problems).toEqual([]);
    expect(plan.overMaximum).toEqual({ days: 91, maxLabel: 'one month (31 days)' });
    expect(plan.request?.parts.map((part) => [part.params.start_date, part.units])).toEqual([
      ['2026-04-01', 3],
      ['2026-05-01', 3],
      ['2026-05-31', 3],
      ['2026-06-30', 1],
    ]);
    expect(plan.request?.units).toBe(10);
    expect(plan.request?.reason).toBe(
      '4 requests: 30 days (3 units) + 30 days (3 units) + 30 days (3 units) + 1 day (1 unit) = 10 units',
    );
  });

  it('takes one location method, and a country with a city or postal code', () => {
    const city = planHistory(
      query({ dataset: 'daily', location: { method: 'city', city: 'Raleigh', country: 'us' } }),
      context,
    );
    expect(city.request?.parts[0]?.params).toMatchObject({ city: 'Raleigh', country: 'US' });
    expect(city.request?.parts[0]?.params).not.toHaveProperty('lat');
    // history/daily has no tz.
    expect(city.request?.parts[0]?.params).not.toHaveProperty('tz');
    expect(
      planHistory(
        query({ location: { method: 'postal', postalCode: '27601', country: '' } }),
        context,
      ).problems,
    ).toEqual([{ field: 'location', message: 'Enter the 2-letter country code (e.g. US)' }]);
    expect(
      planHistory(query({ location: { method: 'station', station: ' ' } }), context).problems,
    ).toEqual([{ field: 'location', message: 'Enter a station id (e.g. KRDU)' }]);
  });

  it('prices a day of lightning at 10 units, from 2024-08-15, by map point', () => {
    const lightning = (change: Partial<HistoryQuery>) =>
      planHistory(query({ dataset: 'lightning', ...change }), context);
    expect(lightning({ date: '2026-07-14' }).request).toMatchObject({
      endpoint: 'history/lightning',
      units: 10,
    });
    // The map's lightning search, so the map can show the same day from the cache.
    expect(lightning({ date: '2026-07-14' }).request?.parts[0]?.params).toMatchObject({
      search_distance_km: '20',
      output_type: 'geojson',
    });
    expect(lightning({ date: '2024-08-14' }).problems[0]?.message).toBe(
      'Lightning history starts on 2024-08-15',
    );
    expect(lightning({ date: '2026-07-16' }).problems[0]?.message).toBe(
      'That day is in the future',
    );
    expect(
      lightning({ date: '2026-07-14', location: { method: 'station', station: 'KRDU' } })
        .problems[0]?.message,
    ).toBe('Lightning history is by map point only');
  });

  it('starts from a sensible range for each data set', () => {
    expect(defaultRange('hourly', '2026-07-15')).toEqual({
      startDate: '2026-07-08',
      endDate: '2026-07-15',
    });
    expect(defaultRange('lightning', '2026-07-15')).toEqual({ date: '2026-07-14' });
  });
});
