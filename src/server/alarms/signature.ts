import { createHmac, timingSafeEqual } from 'node:crypto';
import { signedText } from '../../shared/api/channels';

/** `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`: the X-Skydeck-Signature header. */
export function signatureHeader(secret: string, body: string, unixSeconds: number): string {
  const mac = createHmac('sha256', secret).update(signedText(unixSeconds, body)).digest('hex');
  return `t=${unixSeconds},v1=${mac}`;
}

/**
 * What a receiver does (docs/api.md shows it): recompute the MAC over the raw body, compare in
 * constant time, and refuse a timestamp further than `toleranceS` from its own clock (a replay).
 */
export function verifySignature(
  header: string,
  body: string,
  secret: string,
  nowSeconds: number,
  toleranceS = 300,
): boolean {
  const fields = new Map(header.split(',').map((part) => part.split('=', 2) as [string, string]));
  const t = Number(fields.get('t'));
  const given = Buffer.from(fields.get('v1') ?? '', 'hex');
  if (!Number.isInteger(t) || Math.abs(nowSeconds - t) > toleranceS) return false;
  const expected = createHmac('sha256', secret).update(signedText(t, body)).digest();
  return given.length === expected.length && timingSafeEqual(given, expected);
}
