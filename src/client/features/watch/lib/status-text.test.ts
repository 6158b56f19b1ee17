import { describe, expect, it } from 'vitest';
import type { StormJson } from '../../../../shared/api/watch-answers';
import { allClearText, dataAgeText, levelText, stormText } from './status-text';

const now = Date.parse('2026-07-15T18:20:00Z');

describe('allClearText', () => {
  it('counts down to the all-clear on the server’s clock, in minutes and seconds', () => {
    // 18:46:30 less 18:20:00 is 26 min 30 s.
    expect(allClearText('2026-07-15T18:46:30.000Z', now)).toBe('All clear in 26:30');
    // A part second rounds up: the level holds until the moment itself.
    expect(allClearText('2026-07-15T18:20:00.400Z', now)).toBe('All clear in 0:01');
    expect(allClearText('2026-07-15T19:35:05.000Z', now)).toBe('All clear in 75:05');
  });

  it('says the level still holds once the time has passed, until fresh data confirms', () => {
    expect(allClearText('2026-07-15T18:20:00.000Z', now)).toBe(
      'All clear due: waiting for fresh data to confirm',
    );
    expect(allClearText('2026-07-15T18:10:00.000Z', now)).toMatch(/waiting for fresh data/);
  });

  it('says nothing when the level has no known end', () => {
    expect(allClearText(null, now)).toBeUndefined();
  });
});

describe('dataAgeText', () => {
  it('adds the time since the status arrived to the age it arrived with', () => {
    expect(dataAgeText(0, null, now, now)).toBe('Data 0 s old');
    expect(dataAgeText(20, null, now, now + 15_000)).toBe('Data 35 s old');
    // 50 s + 70 s = 2 min.
    expect(dataAgeText(50, null, now, now + 70_000)).toBe('Data 2 min old');
    // 2 h 5 min = 7500 s.
    expect(dataAgeText(7500, null, now, now)).toBe('Data 2 h 5 min old');
  });

  it('names the feed whose data is that old', () => {
    expect(dataAgeText(540, 'lightning', now, now)).toBe('Lightning data 9 min old');
    expect(dataAgeText(540, 'current', now, now)).toBe('Current conditions 9 min old');
    expect(dataAgeText(30, 'alerts', now, now)).toBe('Alert data 30 s old');
  });

  it('says when there is no data at all', () => {
    expect(dataAgeText(null, null, now, now)).toBe('No data yet');
  });
});

describe('levelText', () => {
  it('names a level, and beside no data the level the site last had', () => {
    expect(levelText({ level: 'stop', last_level: null })).toBe('STOP');
    expect(levelText({ level: 'no_data', last_level: 'stop' })).toBe('NO DATA · last STOP');
    expect(levelText({ level: 'no_data', last_level: null })).toBe('NO DATA');
  });

  it('keeps the level off hours, saying so', () => {
    expect(levelText({ level: 'stop', last_level: null, off_hours: true })).toBe(
      'STOP · off hours',
    );
    expect(levelText({ level: 'no_data', last_level: 'caution', off_hours: true })).toBe(
      'NO DATA · last CAUTION · off hours',
    );
  });
});

describe('stormText', () => {
  const storm = (fields: Partial<StormJson>): StormJson => ({
    kind: 'none',
    distance_km: null,
    speed_kmh: null,
    heading_deg: null,
    eta_minutes: null,
    ...fields,
  });

  it('gives the ETA of an approaching storm, with its heading and speed', () => {
    expect(
      stormText(
        storm({
          kind: 'approaching',
          distance_km: 31.6,
          speed_kmh: 42.2,
          heading_deg: 90,
          eta_minutes: 27,
        }),
        'M',
      ),
    ).toBe('Storm 32 km away, reaches the stop ring in about 27 min (heading E at 42 km/h)');
  });

  it('says when a storm is moving away, in the unit system’s distances', () => {
    // 40 km is 24.9 mi; 64.4 km/h is 40.0 mph.
    expect(
      stormText(
        storm({ kind: 'moving-away', distance_km: 40, speed_kmh: 64.4, heading_deg: 225 }),
        'I',
      ),
    ).toBe('Storm 25 mi away, moving away (heading SW at 40 mph)');
  });

  it('says a storm over the site is inside the stop ring', () => {
    expect(stormText(storm({ kind: 'inside', distance_km: 12.4 }), 'M')).toBe(
      'Storm inside the stop ring (12 km from the site)',
    );
  });

  it('never tells a site already at STOP when the storm reaches its stop ring', () => {
    const approaching = storm({
      kind: 'approaching',
      distance_km: 31.6,
      speed_kmh: 42.2,
      heading_deg: 90,
      eta_minutes: 47,
    });
    expect(stormText(approaching, 'M', 'stop')).toBe(
      'Storm 32 km away, coming towards the site (heading E at 42 km/h)',
    );
    expect(stormText(approaching, 'M', 'caution')).toContain(
      'reaches the stop ring in about 47 min',
    );
  });

  it('does not call a storm drifting at 7.6 km/h "not moving"', () => {
    const text = stormText(
      storm({ kind: 'drifting', distance_km: 20, speed_kmh: 7.6, heading_deg: 0 }),
      'M',
    );
    expect(text).toBe('Storm 20 km away, drifting slowly (about 8 km/h), direction not yet clear');
    expect(text).not.toMatch(/not moving/);
  });

  it('says nothing without a storm', () => {
    expect(stormText(null, 'M')).toBeUndefined();
    expect(stormText(storm({ kind: 'none' }), 'M')).toBeUndefined();
  });
});
