import {
  createDecipheriv,
  createECDH,
  createHmac,
  createPublicKey,
  type ECDH,
  randomBytes,
  verify,
} from 'node:crypto';

/**
 * A browser's and a push service's halves of Web Push, for the tests' push service stubs (the
 * integration tests and e2e/push.spec.ts): RFC 8291 decryption with the subscription's own keys,
 * and the RFC 8292 VAPID check a push service makes. Written from the RFCs with node:crypto, not
 * with web-push, so the server's use of web-push is checked by an independent reading. Each
 * failure throws, saying what did not hold.
 */

/** A browser's side of a subscription: its P-256 key pair and auth secret. */
export interface BrowserKeys {
  ecdh: ECDH;
  auth: Buffer;
}

export function newBrowserKeys(): BrowserKeys {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { ecdh, auth: randomBytes(16) };
}

/** The keys a page's `crypto.subtle` made (its private JWK `d`, its auth secret), as Node's. */
export function browserKeysFrom(privateD: string, auth: string): BrowserKeys {
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(Buffer.from(privateD, 'base64url'));
  return { ecdh, auth: Buffer.from(auth, 'base64url') };
}

export const subscriptionKeys = (keys: BrowserKeys) => ({
  p256dh: keys.ecdh.getPublicKey().toString('base64url'),
  auth: keys.auth.toString('base64url'),
});

const hmac = (key: Buffer, data: Buffer) => createHmac('sha256', key).update(data).digest();

function check(condition: boolean, what: string): void {
  if (!condition) throw new Error(what);
}

/** RFC 8291 §3.4 over RFC 8188's aes128gcm: the plaintext of a one-record body. */
export function decryptPush(keys: BrowserKeys, body: Buffer): string {
  check(body.length > 21 + 65 + 16, `a body of ${body.length} bytes is too short`);
  const salt = body.subarray(0, 16);
  const idLength = body.readUInt8(20);
  check(idLength === 65, `keyid of ${idLength} bytes, not the 65 of a P-256 point`);
  const serverKey = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  check(record.length <= body.readUInt32BE(16), 'the record is longer than its record size');
  const shared = keys.ecdh.computeSecret(serverKey);
  const keyInfo = Buffer.concat([
    Buffer.from('WebPush: info\0'),
    keys.ecdh.getPublicKey(),
    serverKey,
  ]);
  const ikm = hmac(hmac(keys.auth, shared), Buffer.concat([keyInfo, Buffer.from([1])]));
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01')).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01')).subarray(0, 12);
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const plain = Buffer.concat([
    decipher.update(record.subarray(0, record.length - 16)),
    decipher.final(),
  ]);
  // The last record ends with the delimiter 2, then any padding of zeros.
  let end = plain.length - 1;
  while (end >= 0 && plain[end] === 0) end--;
  check(plain[end] === 2, 'the last record does not end with the delimiter 2');
  return plain.subarray(0, end).toString('utf8');
}

/**
 * RFC 8292: `Authorization: vapid t=<ES256 JWT>, k=<public key>`, checked as a push service
 * does: the key is the one the application server published, the signature verifies with it,
 * `aud` is the endpoint's origin, `exp` is in the future and at most 24 hours away (on the real
 * clock: the push service's), `sub` is the expected contact.
 */
export function verifyVapid(
  authorization: string,
  options: { endpoint: string; publicKey: string; subject: string },
): void {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(authorization);
  check(match !== null, `Authorization is not "vapid t=…, k=…": ${authorization}`);
  const [, token = '', key = ''] = match as RegExpExecArray;
  check(key === options.publicKey, 'k is not the published VAPID public key');
  const [header = '', claims = '', signature = ''] = token.split('.');
  const head = JSON.parse(Buffer.from(header, 'base64url').toString()) as Record<string, unknown>;
  check(head.alg === 'ES256' && head.typ === 'JWT', `JWT header ${JSON.stringify(head)}`);
  const point = Buffer.from(key, 'base64url');
  check(point.length === 65 && point[0] === 4, 'k is not an uncompressed P-256 point');
  const jwk = {
    kty: 'EC',
    crv: 'P-256',
    x: point.subarray(1, 33).toString('base64url'),
    y: point.subarray(33).toString('base64url'),
  };
  check(
    verify(
      'sha256',
      Buffer.from(`${header}.${claims}`),
      { key: createPublicKey({ key: jwk, format: 'jwk' }), dsaEncoding: 'ieee-p1363' },
      Buffer.from(signature, 'base64url'),
    ),
    'the JWT signature does not verify with k',
  );
  const payload = JSON.parse(Buffer.from(claims, 'base64url').toString()) as {
    aud?: string;
    exp?: number;
    sub?: string;
  };
  check(payload.aud === new URL(options.endpoint).origin, `aud ${payload.aud}`);
  check(payload.sub === options.subject, `sub ${payload.sub}`);
  const now = Date.now() / 1000;
  check(
    typeof payload.exp === 'number' && payload.exp > now && payload.exp <= now + 24 * 3600,
    `exp ${payload.exp} is not within the next 24 hours`,
  );
}
