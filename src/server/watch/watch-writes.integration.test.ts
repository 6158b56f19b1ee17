import { describe, expect, it } from 'vitest';
import { createPostgresDatabase, engines } from '../testing/test-database';
import { quietHour, rowsPerMinute } from '../testing/watch-writes';

/**
 * What the watch writes while nothing happens: the five demo sites on a calm hour, the monitor's
 * rounds every 5 s of a simulated clock. A site's state is stored when it changes, not every
 * round; the quota ledger's rows for each request are counted too.
 */
const aimRowsPerMinute = 40;

describe('rows the watch writes for five quiet demo sites', () => {
  it.each(engines)(
    `stays within ${aimRowsPerMinute} rows a minute on %s`,
    async (engine) => {
      const logs: string[] = [];
      const { rowsPerMinute: rows, levels } = await rowsPerMinute({
        databaseUrl: engine === 'postgres' ? await createPostgresDatabase() : undefined,
        start: quietHour,
        warmupMinutes: 3,
        minutes: 10,
        logs,
      });
      console.log(`${engine}: ${rows.toFixed(1)} rows a minute; sites ${levels.join(', ')}`);
      expect(levels).toHaveLength(5);
      expect(levels.every((level) => level === 'clear')).toBe(true);
      expect(logs.filter((line) => line.includes('"level":"error"'))).toEqual([]);
      expect(rows).toBeLessThanOrEqual(aimRowsPerMinute);
    },
    120_000,
  );
});
