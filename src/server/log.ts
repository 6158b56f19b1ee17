/**
 * One JSON line per event on stdout. Every string passes through `redact`, so the provider key
 * cannot reach a log line even if a message quotes a URL.
 */
export interface Logger {
  info(event: string, fields?: Record<string, unknown>): void;
  error(event: string, fields?: Record<string, unknown>): void;
}

/** Past this much output the reader has not taken yet, new lines are dropped rather than queued. */
const maxUnwrittenBytes = 4 * 1024 * 1024;

/**
 * Lines are gathered and written once per turn of the event loop: one write a batch rather
 * than one a request (a synchronous write per line cost the BFF a quarter of its throughput).
 * Logging never takes the server down: once stdout fails (EPIPE: the reader is gone) lines are
 * dropped, and while a slow reader leaves megabytes unwritten they are dropped and counted
 * rather than held in memory.
 */
export function bufferedStdout(
  stream: Pick<NodeJS.WriteStream, 'write' | 'on' | 'writableLength'> = process.stdout,
): (line: string) => void {
  let pending: string[] = [];
  let broken = false;
  let dropped = 0;
  // Without a listener a write error is thrown from the event loop and ends the process.
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (broken) return;
    broken = true;
    console.error(`skydeck: stdout failed (${error.code ?? error.message}); log lines are dropped`);
  });
  const flush = () => {
    if (pending.length === 0) return;
    if (broken || stream.writableLength > maxUnwrittenBytes) {
      dropped += pending.length;
      pending = [];
      return;
    }
    if (dropped > 0) {
      const time = new Date().toISOString();
      pending.unshift(
        `{"time":"${time}","level":"error","event":"log_dropped","lines":${dropped}}`,
      );
      dropped = 0;
    }
    const text = `${pending.join('\n')}\n`;
    pending = [];
    try {
      stream.write(text);
    } catch {
      // A stream already torn down may throw rather than emit: the same failure as above.
      broken = true;
    }
  };
  process.once('exit', flush);
  return (line) => {
    if (broken) return;
    if (pending.length === 0) setImmediate(flush);
    pending.push(line);
  };
}

export function createLogger(
  secrets: readonly string[],
  write: (line: string) => void = bufferedStdout(),
): Logger {
  const hidden = secrets.filter((secret) => secret.length > 0);
  // The full pass only runs on lines that could hold a key: a cheap look first, since every
  // request writes a line.
  const mightHoldKey = (text: string) =>
    text.includes('key=') || hidden.some((secret) => text.includes(secret));
  const redact = (text: string) =>
    !mightHoldKey(text)
      ? text
      : hidden
          .reduce((result, secret) => result.split(secret).join('[redacted]'), text)
          .replace(/([?&]key=)[^&\s"]*/g, '$1[redacted]');
  // The timestamp is formatted once per millisecond, however many lines share it.
  let stampedAt = 0;
  let stamp = '';
  const now = () => {
    const ms = Date.now();
    if (ms !== stampedAt) {
      stampedAt = ms;
      stamp = new Date(ms).toISOString();
    }
    return stamp;
  };
  // Spliced rather than spread into one object: this runs for every request.
  const emit = (level: string, event: string, fields: Record<string, unknown> = {}) => {
    const rest = JSON.stringify(fields);
    const head = `{"time":"${now()}","level":"${level}","event":${JSON.stringify(event)}`;
    write(redact(rest === '{}' ? `${head}}` : `${head},${rest.slice(1)}`));
  };
  return {
    info: (event, fields) => emit('info', event, fields),
    error: (event, fields) => emit('error', event, fields),
  };
}
