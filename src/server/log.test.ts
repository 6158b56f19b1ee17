import { EventEmitter } from 'node:events';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bufferedStdout } from './log';

/** A stand-in for process.stdout whose failures and backlog the test controls. */
class FakeStdout extends EventEmitter {
  writes: string[] = [];
  writableLength = 0;
  write(text: string) {
    this.writes.push(text);
    return true;
  }
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

afterEach(() => {
  vi.restoreAllMocks();
});

describe('bufferedStdout', () => {
  it('writes the lines of one event-loop turn in one write', async () => {
    const stdout = new FakeStdout();
    const write = bufferedStdout(stdout as unknown as NodeJS.WriteStream);
    write('a');
    write('b');
    await nextTurn();
    expect(stdout.writes).toEqual(['a\nb\n']);
  });

  it('survives EPIPE on stdout and drops lines from then on', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const stdout = new FakeStdout();
    const write = bufferedStdout(stdout as unknown as NodeJS.WriteStream);
    // Without a listener this emit would throw: the crash a closed pipe caused.
    const epipe = Object.assign(new Error('write EPIPE'), { code: 'EPIPE' });
    expect(() => stdout.emit('error', epipe)).not.toThrow();
    expect(() => stdout.emit('error', epipe)).not.toThrow();
    write('after the reader left');
    await nextTurn();
    expect(stdout.writes).toEqual([]);
    expect(console.error).toHaveBeenCalledTimes(1);
    expect(vi.mocked(console.error).mock.calls[0]?.[0]).toContain('EPIPE');
  });

  it('treats a write that throws like a failed stream', async () => {
    const stdout = new FakeStdout();
    stdout.write = () => {
      throw new Error('stream destroyed');
    };
    const write = bufferedStdout(stdout as unknown as NodeJS.WriteStream);
    write('one');
    await nextTurn();
    write('two');
    await expect(nextTurn()).resolves.toBeUndefined();
  });

  it('drops and counts lines while a slow reader leaves megabytes unwritten', async () => {
    const stdout = new FakeStdout();
    const write = bufferedStdout(stdout as unknown as NodeJS.WriteStream);
    stdout.writableLength = 64 * 1024 * 1024;
    write('x');
    write('y');
    await nextTurn();
    write('z');
    await nextTurn();
    expect(stdout.writes).toEqual([]);

    stdout.writableLength = 0;
    write('back');
    await nextTurn();
    expect(stdout.writes).toHaveLength(1);
    const [dropped, back] = stdout.writes[0]!.trimEnd().split('\n');
    expect(JSON.parse(dropped!)).toMatchObject({ level: 'error', event: 'log_dropped', lines: 3 });
    expect(back).toBe('back');
  });
});
