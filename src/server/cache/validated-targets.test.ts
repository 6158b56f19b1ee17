import { describe, expect, it } from 'vitest';
import { ValidatedTargets } from './validated-targets';

describe('validated targets', () => {
  it('stays within its byte budget however long the targets, keeping the ones in use', () => {
    const budget = 256 * 1024;
    const targets = new ValidatedTargets(budget);
    const kiosk = '/api/current?lat=35.78&lon=-78.64';
    targets.remember(kiosk, 'current?lat=35.78&lon=-78.64&units=M');
    let largest = 0;
    for (let i = 0; i < 5_000; i++) {
      // Long one-off targets, as a scanner or a broken client sends them.
      targets.remember(`/api/current?lat=1&lon=1&pad=${i}${'x'.repeat(4_000)}`, `k${i}`);
      largest = Math.max(largest, targets.bytes);
      // The dashboard keeps asking for its own.
      if (i % 10 === 0) expect(targets.keyOf(kiosk), `after ${i}`).toBeDefined();
    }
    expect(largest).toBeLessThanOrEqual(budget);
    expect(targets.size).toBeGreaterThan(20);
    expect(targets.size).toBeLessThan(40);
    expect(targets.keyOf(kiosk)).toBe('current?lat=35.78&lon=-78.64&units=M');
    // The oldest one-offs went first.
    expect(targets.keyOf(`/api/current?lat=1&lon=1&pad=0${'x'.repeat(4_000)}`)).toBeUndefined();
  });

  it('holds many ordinary targets in its default 4 MB', () => {
    const targets = new ValidatedTargets();
    for (let i = 0; i < 10_000; i++)
      targets.remember(
        `/api/current?lat=${i / 100}&lon=-78.64`,
        `current?lat=${i / 100}&lon=-78.64&units=M`,
      );
    expect(targets.size).toBe(10_000);
    expect(targets.bytes).toBeLessThanOrEqual(4 * 1024 * 1024);
  });
});
