/**
 * One JSON line per event on stdout. Every string passes through `redact`, so the provider key
 * cannot reach a log line even if a message quotes a URL.
 */
export interface Logger {
  info(event: string, fields?: Record<string, unknown>): void;
  error(event: string, fields?: Record<string, unknown>): void;
}

export function createLogger(
  secrets: readonly string[],
  write = (line: string) => console.log(line),
): Logger {
  const hidden = secrets.filter((secret) => secret.length > 0);
  const redact = (text: string) =>
    hidden
      .reduce((result, secret) => result.split(secret).join('[redacted]'), text)
      .replace(/([?&]key=)[^&\s"]*/g, '$1[redacted]');
  const emit = (level: string, event: string, fields: Record<string, unknown> = {}) =>
    write(redact(JSON.stringify({ time: new Date().toISOString(), level, event, ...fields })));
  return {
    info: (event, fields) => emit('info', event, fields),
    error: (event, fields) => emit('error', event, fields),
  };
}
