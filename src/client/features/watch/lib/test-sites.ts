import type { SiteStatusJson } from '../../../../shared/api/watch-answers';
import { defaultPolicy } from '../../../../shared/safety/site-policy';
import type { BoardSite } from './stream-cache';

/** A site for tests: clear, data just in, unless told otherwise. */
export function testSite(
  id: string,
  name: string,
  status: Partial<SiteStatusJson> = {},
): BoardSite {
  return {
    id,
    name,
    lat: 36.5,
    lon: -91,
    timezone: 'America/Chicago',
    notes: '',
    policy: defaultPolicy,
    schedule: null,
    outlook_notice: null,
    status: {
      level: 'clear',
      reasons: [],
      findings: [],
      conditions: null,
      since: '2026-07-15T18:00:00.000Z',
      all_clear_at: null,
      data_age_s: 0,
      data_age_feed: 'lightning',
      last_level: null,
      storm: null,
      off_hours: false,
      station: null,
      ...status,
    },
    created_at: '2026-07-15T17:00:00.000Z',
    updated_at: '2026-07-15T17:00:00.000Z',
    received_at: Date.parse('2026-07-15T18:20:00Z'),
  };
}
