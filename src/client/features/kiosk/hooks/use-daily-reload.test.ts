import { describe, expect, it } from 'vitest';
import { untilNext } from './use-daily-reload';
import { entryScript } from './use-deployment-check';

describe('kiosk housekeeping', () => {
  it('waits until the next occurrence of the reload time', () => {
    const now = new Date(2026, 6, 15, 3, 30, 0);
    expect(untilNext('04:00', now)).toBe(30 * 60_000);
    expect(untilNext('03:00', now)).toBe(23.5 * 3600_000);
    expect(untilNext('03:30', now)).toBe(24 * 3600_000);
  });

  it('reads the entry script of a page, which changes with every build', () => {
    const page =
      '<head><script type="module" crossorigin src="/assets/index-Ab12.js"></script><link rel="modulepreload" href="/assets/react-x.js"></head>';
    expect(entryScript(page)).toBe('/assets/index-Ab12.js');
    expect(entryScript('<html></html>')).toBeUndefined();
  });
});
