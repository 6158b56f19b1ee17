/**
 * One JSON line per event on stdout. Every string passes through `redact`, so the provider key
 * cannot reach a log line even if a message quotes a URL.
 */
export interface Logger {
  info(event: string, fields?: Record<string, unknown>): void;
  error(event: string, fields?: Record<string, unknown>): void;
}

/**
 * Lines are gathered and written once per turn of the event loop: one write a batch rather
 * than one a request (a synchronous write per line cost the BFF a quarter of its throughput).
 */
export function bufferedStdout(): (line: string) => void {
  let pending: string[] = [];
  const flush = () => {
    if (pending.length === 0) return;
    const text = `${pending.join('\n')}\n`;
    pending = [];
    process.stdout.write(text);
  };
  process.once('exit', flush);
  return (line) => {
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
