import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

/** scrypt at N 2^15, r 8, p 3: one of OWASP's password-storage settings (32 MiB a check). */
const params = { N: 2 ** 15, r: 8, p: 3 };
const keyLength = 32;
// N · r · 128 bytes, with headroom: Node refuses parameters whose memory passes maxmem.
const maxmem = 64 * 1024 * 1024;

function derive(password: string, salt: Buffer, N: number, r: number, p: number): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, keyLength, { N, r, p, maxmem }, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

/** `scrypt$N$r$p$salt$hash`: the parameters travel with the hash, so they can be raised later. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, params.N, params.r, params.p);
  return [
    'scrypt',
    params.N,
    params.r,
    params.p,
    salt.toString('base64'),
    key.toString('base64'),
  ].join('$');
}

export async function verifyPassword(password: string, encoded: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = encoded.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const key = await derive(password, Buffer.from(salt, 'base64'), Number(n), Number(r), Number(p));
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** A hash to check unknown usernames against, so they take as long to refuse as wrong passwords. */
let decoy: Promise<string> | undefined;
export async function verifyDecoy(password: string): Promise<false> {
  decoy ??= hashPassword(randomBytes(12).toString('base64'));
  await verifyPassword(password, await decoy);
  return false;
}

export const usernameSchema = z.string({ error: 'must be text' }).regex(/^[A-Za-z0-9._-]{1,64}$/, {
  error: 'must be 1 to 64 letters, digits, dots, dashes or underscores',
});

export const passwordSchema = z
  .string({ error: 'must be text' })
  .min(10, { error: 'must be at least 10 characters' })
  .max(200, { error: 'must be at most 200 characters' });

export const credentialsSchema = z.strictObject({
  username: usernameSchema,
  password: passwordSchema,
});
