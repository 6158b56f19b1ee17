import { describe, expect, it } from 'vitest';
import {
  alarmTitle,
  faviconColour,
  faviconColours,
  followedSites,
  heldOffHours,
  isFollowed,
  levelChanges,
  levelsOf,
  loudestTone,
  notificationText,
  toneFor,
  worstOf,
} from './alarm-level';
import { testSite } from '../../watch/public';

const depot = testSite('depot', 'Pocahontas depot', {
  level: 'stop',
  reasons: ['Lightning 4 km away'],
});
const yard = testSite('yard', 'Crane yard', { level: 'stop' });
const stadium = testSite('stadium', 'Stadium', { level: 'caution' });
const wharf = testSite('wharf', 'Darwin wharf');
const dark = testSite('dark', 'Dark site', { level: 'no_data', last_level: 'clear' });

describe('the worst level of the followed sites', () => {
  it('names the worst level and how many sites are at it', () => {
    expect(worstOf([wharf, stadium, depot, yard])).toEqual({ level: 'stop', count: 2 });
    expect(worstOf([wharf, stadium])).toEqual({ level: 'caution', count: 1 });
    expect(worstOf([])).toBeUndefined();
  });

  it('puts a site without data right after stop, as the board does', () => {
    expect(worstOf([stadium, dark])?.level).toBe('no_data');
    expect(worstOf([depot, dark])?.level).toBe('stop');
  });

  it('titles the tab with the worst level: "STOP · 2 sites — Skydeck"', () => {
    expect(alarmTitle([wharf, stadium, depot, yard])).toBe('STOP · 2 sites — Skydeck');
    expect(alarmTitle([wharf, stadium])).toBe('CAUTION · 1 site — Skydeck');
    expect(alarmTitle([dark, wharf])).toBe('NO DATA · 1 site — Skydeck');
    expect(alarmTitle([testSite('w', 'W', { level: 'watch' })])).toBe('WATCH · 1 site — Skydeck');
  });

  it('leaves the title alone when every followed site is clear, or none is followed', () => {
    expect(alarmTitle([wharf])).toBe('Skydeck');
    expect(alarmTitle([])).toBe('Skydeck');
  });

  it('colours the favicon by the worst level, and not at all without sites', () => {
    expect(faviconColour([wharf, stadium, depot])).toBe(faviconColours.stop);
    expect(faviconColour([wharf, stadium])).toBe(faviconColours.caution);
    expect(faviconColour([wharf])).toBe(faviconColours.clear);
    expect(faviconColour([])).toBeUndefined();
    // Each level its own colour, so the icon alone tells them apart.
    expect(new Set(Object.values(faviconColours)).size).toBe(5);
  });
});

describe('following sites', () => {
  it('follows every site by default, new ones too', () => {
    expect(isFollowed('all', 'anything')).toBe(true);
    expect(followedSites([depot, wharf], 'all')).toEqual([depot, wharf]);
  });

  it('follows only the picked sites', () => {
    expect(followedSites([depot, yard, wharf], ['wharf', 'yard'])).toEqual([yard, wharf]);
    expect(isFollowed(['wharf'], 'depot')).toBe(false);
    expect(alarmTitle(followedSites([depot, stadium, wharf], ['stadium', 'wharf']))).toBe(
      'CAUTION · 1 site — Skydeck',
    );
  });
});

describe('changes of level', () => {
  it('reports nothing on the first look: what is already so is in the title', () => {
    expect(levelChanges(undefined, [depot, wharf])).toEqual([]);
  });

  it('reports each site whose level changed since the last look', () => {
    const before = levelsOf([testSite('depot', 'Pocahontas depot', { level: 'caution' }), wharf]);
    expect(levelChanges(before, [depot, wharf])).toEqual([
      { site: depot, from: 'caution', to: 'stop' },
    ]);
  });

  it('reports a new site only when it arrives at a level that asks for action', () => {
    const before = levelsOf([wharf]);
    expect(levelChanges(before, [wharf, depot, dark])).toEqual([
      { site: depot, from: undefined, to: 'stop' },
    ]);
  });

  it('sounds on a rise to stop or caution, never on a drop or a loss of data', () => {
    expect(toneFor({ from: 'clear', to: 'stop' })).toBe('stop');
    expect(toneFor({ from: 'watch', to: 'caution' })).toBe('caution');
    expect(toneFor({ from: undefined, to: 'stop' })).toBe('stop');
    expect(toneFor({ from: 'no_data', to: 'caution' })).toBe('caution');
    expect(toneFor({ from: 'stop', to: 'caution' })).toBeUndefined();
    expect(toneFor({ from: 'stop', to: 'no_data' })).toBeUndefined();
    expect(toneFor({ from: 'clear', to: 'watch' })).toBeUndefined();
    expect(
      loudestTone([
        { from: 'clear', to: 'caution' },
        { from: 'caution', to: 'stop' },
      ]),
    ).toBe('stop');
    expect(loudestTone([{ from: 'stop', to: 'clear' }])).toBeUndefined();
  });

  it('words a notification with the level, the site and why', () => {
    expect(notificationText({ site: depot, from: 'caution', to: 'stop' })).toEqual({
      title: 'STOP — Pocahontas depot',
      body: 'Lightning 4 km away. Was CAUTION.',
    });
    expect(notificationText({ site: wharf, from: 'stop', to: 'clear' })).toEqual({
      title: 'ALL CLEAR — Darwin wharf',
      body: 'Was STOP. Work may resume.',
    });
  });
});

describe('off hours', () => {
  const alertFinding = (severity: 'Advisory' | 'Warning') => ({
    rule: 'alerts' as const,
    level: 'stop' as const,
    text: `alerts: Tornado ${severity}`,
    measure: {
      kind: 'alert' as const,
      title: `Tornado ${severity}`,
      severity,
      until: '2026-07-15T23:00:00.000Z',
    },
    clears_at: null,
  });
  const schedule = {
    timezone: null,
    windows: [{ days: ['mon' as const], from: '07:00', to: '18:00' }],
    always: ['Warning' as const],
  };

  it('holds a change off hours, bar an alert its schedule alarms for at any hour', () => {
    const closed = { ...yard, schedule, status: { ...yard.status, off_hours: true } };
    expect(heldOffHours(closed)).toBe(true);
    expect(
      heldOffHours({
        ...closed,
        status: { ...closed.status, findings: [alertFinding('Advisory')] },
      }),
    ).toBe(true);
    expect(
      heldOffHours({
        ...closed,
        status: { ...closed.status, findings: [alertFinding('Warning')] },
      }),
    ).toBe(false);
    // In hours, or a server without schedules: nothing is held.
    expect(heldOffHours({ ...yard, schedule })).toBe(false);
    expect(heldOffHours(yard)).toBe(false);
  });
});

describe('working hours beginning', () => {
  const schedule = {
    timezone: null,
    windows: [{ days: ['mon' as const], from: '07:00', to: '18:00' }],
    always: ['Warning' as const],
  };
  const at = (level: 'stop' | 'caution' | 'clear', offHours: boolean) => ({
    ...testSite('yard', 'North yard', { level, off_hours: offHours }),
    schedule,
  });

  it('is news when they begin at stop or caution, though the level did not change', () => {
    const heard = levelsOf([at('stop', true)]);
    expect(heard.get('yard')).toBe('off_hours');
    // Still closed: nothing.
    expect(levelChanges(heard, [at('stop', true)])).toEqual([]);
    const [opened] = levelChanges(heard, [at('stop', false)]);
    expect(opened).toMatchObject({ from: undefined, to: 'stop', opened: true });
    expect(toneFor(opened!)).toBe('stop');
    expect(notificationText(opened!).body).toMatch(/As working hours begin\.$/);
    expect(levelChanges(levelsOf([at('caution', true)]), [at('caution', false)])).toMatchObject([
      { to: 'caution', opened: true },
    ]);
  });

  it('is no news when they begin clear, and a change off hours sounds nothing', () => {
    expect(levelChanges(levelsOf([at('stop', true)]), [at('clear', false)])).toEqual([]);
    expect(levelChanges(levelsOf([at('clear', true)]), [at('stop', true)])).toEqual([]);
    // Once heard in hours, the same level is no news again.
    expect(levelChanges(levelsOf([at('stop', false)]), [at('stop', false)])).toEqual([]);
  });
});
