import type { PhoneChannelKind } from '../../shared/api/channels';
import type { TwilioConfig } from '../config';
import { type Notice, phoneRequests } from './messages';
import { retryAfter, type SendResult } from './webhook-sender';

export interface PhoneSender {
  send(kind: PhoneChannelKind, to: string, notice: Notice): Promise<SendResult>;
}

/** Why sms and voice channels cannot be added or sent to on this server, as every answer words it. */
export const phoneUnavailable =
  'sms and voice channels need TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM set on the server';

/** An answer is read this far at most: a sid or an error is a few hundred bytes. */
const maxAnswerBytes = 64 * 1024;
/** The provider's error message, as the delivery log keeps it. */
const maxMessage = 200;
const sidPattern = /^[A-Za-z0-9]{2,64}$/;

/**
 * Texts and calls through a Twilio-compatible API: `POST {TWILIO_API_URL}/2010-04-01/Accounts/
 * {sid}/Messages.json` or `…/Calls.json`, form-encoded, HTTP Basic auth with the account sid and
 * token. The URL is the operator's own setting, not a channel's: it is not held to the webhooks'
 * address guard (a relay or test stub on loopback is allowed), but config.ts takes it only as
 * https or loopback http, so the token never travels in the clear. A 2xx answer's `sid` is kept;
 * a 4xx (a bad number, a refused account) is final, a 408, 429 or 5xx or no answer is retried.
 */
export function twilioSender(config: TwilioConfig, timeoutMs: number): PhoneSender {
  const authorization = `Basic ${Buffer.from(`${config.accountSid}:${config.authToken}`).toString('base64')}`;
  const base = `${config.apiUrl}/2010-04-01/Accounts/${encodeURIComponent(config.accountSid)}`;
  return {
    async send(kind, to, notice) {
      const { resource, fields } = phoneRequests[kind](notice);
      const signal = AbortSignal.timeout(timeoutMs);
      try {
        const response = await fetch(`${base}/${resource}`, {
          method: 'POST',
          headers: {
            Authorization: authorization,
            'Content-Type': 'application/x-www-form-urlencoded',
            Accept: 'application/json',
            'User-Agent': 'Skydeck-Alarms/1',
          },
          body: new URLSearchParams({ To: to, From: config.from, ...fields }).toString(),
          // A redirect would carry the token elsewhere: it is an answer, never followed.
          redirect: 'manual',
          signal,
        });
        const answer = await readAnswer(response);
        const status = response.status;
        if (status >= 200 && status < 300) {
          const sid =
            typeof answer.sid === 'string' && sidPattern.test(answer.sid) ? answer.sid : null;
          return {
            outcome: 'delivered',
            retryable: false,
            status,
            detail: sid ? `accepted: ${sid}` : `HTTP ${status}, without a sid`,
            providerSid: sid,
          };
        }
        const message =
          typeof answer.message === 'string'
            ? answer.message.replace(/\s+/g, ' ').slice(0, maxMessage)
            : '';
        const code = typeof answer.code === 'number' ? ` (code ${answer.code})` : '';
        return {
          outcome: 'failed',
          retryable: status >= 500 || status === 408 || status === 429,
          status,
          detail: `HTTP ${status}${code}${message ? `: ${message}` : ''}`,
          retryAfterMs: retryAfter(response.headers.get('retry-after')),
        };
      } catch (error) {
        if (signal.aborted)
          return {
            outcome: 'failed',
            retryable: true,
            status: null,
            detail: `no answer within ${timeoutMs} ms (timed out)`,
          };
        const cause = (error as { cause?: { code?: string } }).cause;
        return {
          outcome: 'failed',
          retryable: true,
          status: null,
          detail: `connection failed (${cause?.code ?? 'error'})`,
        };
      }
    },
  };
}

/** The answer's JSON fields, read no further than `maxAnswerBytes`; {} when it is not JSON. */
async function readAnswer(response: Response): Promise<Record<string, unknown>> {
  const reader = response.body?.getReader();
  if (!reader) return {};
  const chunks: Uint8Array[] = [];
  let read = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    read += value.length;
    if (read > maxAnswerBytes) {
      await reader.cancel();
      return {};
    }
    chunks.push(value);
  }
  try {
    const parsed: unknown = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
