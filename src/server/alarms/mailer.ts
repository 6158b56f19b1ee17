import nodemailer from 'nodemailer';
import type { SendResult } from './webhook-sender';

export interface Mailer {
  send(message: {
    to: string[];
    subject: string;
    text: string;
    html: string;
    /** The delivery's idempotency key, as a header a mail filter can read. */
    key: string;
  }): Promise<SendResult>;
  close(): void;
}

/** Why an email channel cannot be added or sent to on this server, as every answer words it. */
export const emailUnavailable = 'email channels need SMTP_URL and ALARM_FROM set on the server';

/** The first three digits of an SMTP reply: "250 2.0.0 Ok: queued" is 250. */
const replyCode = (reply: string | undefined) => {
  const code = Number(/^\d{3}/.exec(reply ?? '')?.[0]);
  return Number.isInteger(code) ? code : null;
};

/**
 * Email over SMTP_URL (smtp:// with STARTTLS when offered, smtps:// for TLS from the start),
 * from ALARM_FROM. A 4xx reply or a lost connection may go better later; a 5xx reply will not.
 */
export function smtpMailer(options: { url: string; from: string; timeoutMs: number }): Mailer {
  const transport = nodemailer.createTransport({
    url: options.url,
    connectionTimeout: options.timeoutMs,
    greetingTimeout: options.timeoutMs,
    socketTimeout: options.timeoutMs,
  });
  return {
    async send(message) {
      try {
        const info = (await transport.sendMail({
          from: options.from,
          to: message.to,
          // A header line must stay one line, whatever a site is named.
          subject: message.subject.replace(/\s+/g, ' '),
          text: message.text,
          html: message.html,
          headers: { 'X-Skydeck-Delivery': message.key },
        })) as { response?: string; rejected?: unknown[] };
        const status = replyCode(info.response);
        if (info.rejected && info.rejected.length > 0)
          return {
            outcome: 'failed',
            retryable: false,
            status,
            detail: `${info.rejected.length} recipient(s) refused: ${info.response ?? ''}`,
          };
        return { outcome: 'delivered', retryable: false, status, detail: info.response ?? 'sent' };
      } catch (error) {
        const failure = error as { responseCode?: number; response?: string; code?: string };
        const status = failure.responseCode ?? null;
        return {
          outcome: 'failed',
          retryable: status === null || status < 500,
          status,
          detail: failure.response ?? `SMTP failed (${failure.code ?? 'error'})`,
        };
      }
    },
    close: () => transport.close(),
  };
}
