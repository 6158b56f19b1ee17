import { describe, expect, it } from 'vitest';
import { type PublicStatus, publicStatusSchema } from '../../shared/api/public-status';
import { staleAfterMs } from '../../shared/safety/feed-cadence';
import { readPublicStatus, tokenOf } from './live-status';
import { linkUnits, publicView } from './public-view';

const updated = Date.parse('2026-07-15T18:20:00Z');

function answer(status: Partial<PublicStatus['status']> = {}): PublicStatus {
  return {
    site: { name: 'Riverside fields', timezone: 'America/Chicago' },
    status: {
      level: 'stop',
      since: '2026-07-15T18:10:00Z',
      all_clear_at: '2026-07-15T18:40:49Z',
      data_age_s: 20,
      reasons: ['lightning: strike 6.9 km SW at 18:10:48 UTC inside the 7 km stop ring'],
      ...status,
    },
    updated_at: new Date(updated).toISOString(),
  };
}

describe('the public page', () => {
  it('shows the level as the board labels it, what it asks, the countdown and when it was checked, in the site’s zone', () => {
    const view = publicView(answer(), updated + 5_000);
    expect(view).toEqual({
      level: 'stop',
      heading: 'STOP',
      meaning: 'Play suspended: everyone to shelter now, until the all-clear.',
      // The watch's UTC clock time, read in the site's zone like the rest of the page.
      reasons: ['lightning: strike 6.9 km SW at 13:10:48 CDT inside the 7 km stop ring'],
      countdown: 'All clear in 20:44',
      checked: 'Last checked 13:20 CDT',
      dataAge: 'Data 25 s old',
    });
  });

  it('reads the reasons in the units the link asks for, metric unless it asks', () => {
    expect(publicView(answer(), updated, linkUnits('?units=I')).reasons).toEqual([
      'lightning: strike 4.3 mi SW at 13:10:48 CDT inside the 4.3 mi stop ring',
    ]);
    expect(linkUnits('?units=I&embed=1')).toBe('I');
    // Anything else, or nothing, is metric: the page never guesses.
    expect(linkUnits('?units=imperial')).toBe('M');
    expect(linkUnits('')).toBe('M');
  });

  it('says NO CURRENT DATA whenever the watch says no_data, whatever the level was', () => {
    const view = publicView(
      answer({ level: 'no_data', all_clear_at: null, reasons: ['no fresh lightning data'] }),
      updated,
    );
    expect(view.heading).toBe('NO CURRENT DATA');
    expect(view.level).toBe('no_data');
    expect(view.countdown).toBeUndefined();
  });

  it('never shows CLEAR once it has heard nothing for longer than the watch lets lightning data age', () => {
    const clear = answer({ level: 'clear', all_clear_at: null, reasons: [] });
    expect(publicView(clear, updated + staleAfterMs('lightning')).heading).toBe('CLEAR');
    const quiet = publicView(clear, updated + staleAfterMs('lightning') + 1);
    expect(quiet.heading).toBe('NO CURRENT DATA');
    expect(quiet.level).toBe('no_data');
    expect(quiet.reasons).toEqual([
      'This page cannot reach the watch: the status below may be out of date.',
    ]);
  });

  it('says the all-clear is due, not clear, once its time has passed without a new answer', () => {
    const late = { ...answer(), updated_at: '2026-07-15T18:41:00.000Z' };
    const view = publicView(late, Date.parse('2026-07-15T18:41:10Z'));
    expect(view.heading).toBe('STOP');
    expect(view.countdown).toBe('All clear due: waiting for fresh data to confirm');
  });

  it('reads its token from the path', () => {
    expect(tokenOf('/s/Hlni5QWVgWvjJi7UsxDqojw-')).toBe('Hlni5QWVgWvjJi7UsxDqojw-');
    expect(tokenOf('/s/abc/')).toBe('abc');
  });
});

describe('reading an answer', () => {
  it('takes what the contract gives, and nothing with an unknown level, an unreadable time or a missing field', () => {
    const good = answer();
    expect(readPublicStatus(publicStatusSchema.parse(good))).toEqual(good);
    expect(readPublicStatus({ ...good, site: { name: 'x', timezone: null } })).toBeDefined();
    for (const bad of [
      null,
      'STOP',
      { ...good, status: { ...good.status, level: 'all_clear' } },
      { ...good, status: { ...good.status, since: 'yesterday' } },
      { ...good, status: { ...good.status, all_clear_at: 'soon' } },
      { ...good, status: { ...good.status, reasons: 'storm' } },
      { ...good, status: { ...good.status, data_age_s: '20' } },
      { ...good, updated_at: undefined },
      { status: good.status, updated_at: good.updated_at },
    ])
      expect(readPublicStatus(bad), JSON.stringify(bad)).toBeUndefined();
  });
});
