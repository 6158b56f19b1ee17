import { describe, expect, it } from 'vitest';
import { defaultAlarmSettings, readAlarmSettings } from './alarm-settings';

describe('the alarm settings kept in the browser', () => {
  it('are on for every site, silent and without notifications, until changed', () => {
    expect(readAlarmSettings(null)).toEqual({
      on: true,
      follow: 'all',
      sound: false,
      notify: false,
    });
  });

  it('read back what was stored', () => {
    const stored = { on: true, follow: ['depot', 'yard'], sound: true, notify: true };
    expect(readAlarmSettings(JSON.stringify(stored))).toEqual(stored);
  });

  it('fall back to the defaults for corrupt or hand-edited parts, never an error', () => {
    expect(readAlarmSettings('{not json')).toEqual(defaultAlarmSettings);
    expect(readAlarmSettings('"a string"')).toEqual(defaultAlarmSettings);
    expect(readAlarmSettings(JSON.stringify({ on: 'yes', follow: [1, 2], sound: true }))).toEqual({
      ...defaultAlarmSettings,
      sound: true,
    });
    const tooMany = Array.from({ length: 501 }, (_, index) => `site-${index}`);
    expect(readAlarmSettings(JSON.stringify({ follow: tooMany })).follow).toBe('all');
  });
});
