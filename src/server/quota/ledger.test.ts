import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { QuotaLedger } from './ledger';

const noon = Date.parse('2026-07-15T12:00:00Z') / 1000;
const ledgers: QuotaLedger[] = [];
const open = (dir = mkdtempSync(join(tmpdir(), 'skydeck-ledger-'))) => {
  const ledger = new QuotaLedger(dir);
  ledgers.push(ledger);
  return ledger;
};
afterEach(() => ledgers.splice(0).forEach((ledger) => ledger.close()));

describe('QuotaLedger reservations', () => {
  it('records a reservation at once and gives it back on release', () => {
    const ledger = open();
    const verdict = ledger.reserve('current', 'a', 3, noon, {});
    expect(ledger.today(noon).total).toBe(3);
    if (!('reservation' in verdict)) throw new Error('refused');
    ledger.release(verdict.reservation);
    expect(ledger.today(noon)).toMatchObject({ total: 0, byFamily: { current: 0 } });
  });

  it('refuses what would pass the daily limit, writing nothing', () => {
    const ledger = open();
    expect('reservation' in ledger.reserve('alerts', 'a', 4, noon, { daily: 5 })).toBe(true);
    expect(ledger.reserve('alerts', 'b', 2, noon, { daily: 5 })).toEqual({
      refused: { budget: 'daily', limit: 5, spent: 4 },
    });
    expect('reservation' in ledger.reserve('alerts', 'b', 1, noon, { daily: 5 })).toBe(true);
    expect(ledger.today(noon).total).toBe(5);
  });

  it('holds each client to its own budget, per UTC day', () => {
    const ledger = open();
    const budgets = { perClient: 10 };
    expect('reservation' in ledger.reserve('current', 'a', 10, noon, budgets)).toBe(true);
    expect(ledger.reserve('current', 'a', 1, noon, budgets)).toEqual({
      refused: { budget: 'client', limit: 10, spent: 10 },
    });
    expect('reservation' in ledger.reserve('current', 'b', 10, noon, budgets)).toBe(true);
    // A new day, a new budget; yesterday's spend stays in the daily totals.
    const tomorrow = noon + 86_400;
    expect('reservation' in ledger.reserve('current', 'a', 10, tomorrow, budgets)).toBe(true);
    expect(ledger.today(noon).total).toBe(20);
  });

  it('keeps what was reserved through a reopen, as after a crash', () => {
    const dir = mkdtempSync(join(tmpdir(), 'skydeck-ledger-'));
    const first = open(dir);
    first.reserve('history', 'a', 10, noon, {});
    const second = open(dir);
    expect(second.today(noon).byFamily.history).toBe(10);
  });
});
