import { describe, expect, it } from 'vitest';
import { SharedCalls } from './shared-calls';

/** A call that ends when the test says, and reports whether it was aborted. */
function controllable() {
  let finish: (value: string) => void = () => undefined;
  let signal: AbortSignal | undefined;
  const work = (given: AbortSignal) => {
    signal = given;
    return new Promise<string>((resolve) => (finish = resolve));
  };
  return { work, finish: (value: string) => finish(value), aborted: () => signal?.aborted };
}

describe('SharedCalls', () => {
  it('runs one call for waiters on the same key and tells who joined', async () => {
    const calls = new SharedCalls<string>();
    const call = controllable();
    const first = calls.run('a', call.work);
    const second = calls.run('a', () => Promise.reject(new Error('must not run')));
    expect([first.joined, second.joined]).toEqual([false, true]);
    call.finish('answer');
    expect(await Promise.all([first.promise, second.promise])).toEqual(['answer', 'answer']);
    expect(calls.size).toBe(0);
  });

  it('aborts the call only when the last waiter leaves', () => {
    const calls = new SharedCalls<string>();
    const call = controllable();
    const first = calls.run('a', call.work);
    const second = calls.run('a', call.work);
    first.leave();
    first.leave();
    expect(call.aborted()).toBe(false);
    second.leave();
    expect(call.aborted()).toBe(true);
    // A request arriving now starts afresh rather than joining the cancelled call.
    const fresh = calls.run('a', controllable().work);
    expect(fresh.joined).toBe(false);
  });

  it('keeps different keys apart', () => {
    const calls = new SharedCalls<string>();
    calls.run('a', controllable().work);
    expect(calls.run('b', controllable().work).joined).toBe(false);
    expect(calls.size).toBe(2);
  });
});
