import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

export interface ScryptParams {
  N: number;
  r: number;
  p: number;
}

/** scrypt at N 2^15, r 8, p 3: one of OWASP's password-storage settings (32 MiB a check). */
export const scryptParams: Readonly<ScryptParams> = Object.freeze({ N: 2 ** 15, r: 8, p: 3 });
const keyLength = 32;
// Node refuses parameters whose memory (128 · N · r bytes, 32 MiB here) passes maxmem; the
// headroom lets the parameters double once without touching this.
const maxmem = 64 * 1024 * 1024;

function derive(password: string, salt: Buffer, length: number, params: ScryptParams) {
  return new Promise<Buffer>((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, length, { ...params, maxmem }, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

/**
 * `scrypt$N$r$p$salt$hash` (salt and hash in base64): the parameters travel with the hash, so
 * they can be raised later without invalidating the passwords already set.
 */
export async function hashPassword(
  password: string,
  params: ScryptParams = scryptParams,
): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, keyLength, params);
  const encoded = [params.N, params.r, params.p, salt.toString('base64'), key.toString('base64')];
  return ['scrypt', ...encoded].join('$');
}

const base64 = /^[A-Za-z0-9+/]+={0,2}$/;

/**
 * The parts of an encoded hash, or undefined when it is malformed or asks for more work than a
 * sign-in may cost: a damaged row must read as a wrong password, not stall or crash the server.
 */
function decode(encoded: string): { params: ScryptParams; salt: Buffer; hash: Buffer } | undefined {
  const parts = encoded.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return undefined;
  const [N, r, p] = parts.slice(1, 4).map((part) => (/^\d{1,8}$/.test(part) ? Number(part) : 0));
  const [salt = '', hash = ''] = parts.slice(4);
  if (!N || !r || !p || !base64.test(salt) || !base64.test(hash)) return undefined;
  const powerOfTwo = N > 1 && (N & (N - 1)) === 0;
  if (!powerOfTwo || r > 32 || p > 16 || 128 * N * r > maxmem) return undefined;
  const key = Buffer.from(hash, 'base64');
  if (key.length < 16 || key.length > 64) return undefined;
  return { params: { N, r, p }, salt: Buffer.from(salt, 'base64'), hash: key };
}

/** Whether `password` is the one `encoded` was made from; compared in constant time. */
export async function verifyPassword(password: string, encoded: string): Promise<boolean> {
  const decoded = decode(encoded);
  if (!decoded) return false;
  const key = await derive(password, decoded.salt, decoded.hash.length, decoded.params);
  return timingSafeEqual(key, decoded.hash);
}

/** Whether a hash was made with other parameters than `params` (to rehash at the next sign-in). */
export function needsRehash(encoded: string, params: ScryptParams = scryptParams): boolean {
  const made = decode(encoded)?.params;
  return !made || made.N !== params.N || made.r !== params.r || made.p !== params.p;
}

/**
 * A hash to check unknown usernames against, so they take as long to refuse as wrong
 * passwords: one per process and cost (tests ask for a cheaper one). `warmDecoy()` makes it
 * ahead of the first sign-in, which would otherwise take twice as long for an unknown name.
 */
const decoys = new Map<string, Promise<string>>();
export function warmDecoy(params: ScryptParams = scryptParams): Promise<string> {
  const key = `${params.N}$${params.r}$${params.p}`;
  let decoy = decoys.get(key);
  if (!decoy) {
    decoy = hashPassword(randomBytes(12).toString('base64'), params);
    decoys.set(key, decoy);
  }
  return decoy;
}

export async function verifyDecoy(
  password: string,
  params: ScryptParams = scryptParams,
): Promise<false> {
  await verifyPassword(password, await warmDecoy(params));
  return false;
}

export const usernameRule = 'must be 1 to 64 letters, digits, dots, dashes or underscores';

/**
 * Names are told apart without regard to case, as people remember them: "Admin" signs in as
 * `admin`, and no second account can be "ADMIN". They are stored and shown in lower case.
 */
export const usernameSchema = z
  .string({ error: 'must be text' })
  .regex(/^[A-Za-z0-9._-]{1,64}$/, { error: usernameRule })
  .transform((name) => name.toLowerCase());

export const passwordSchema = z
  .string({ error: 'must be text' })
  .min(10, { error: 'must be at least 10 characters' })
  .max(200, { error: 'must be at most 200 characters' });

export const credentialsSchema = z.strictObject({
  username: usernameSchema,
  password: passwordSchema,
});

/** The first rule a value breaks, as `Invalid <field>: <rule>`, or undefined when it keeps them. */
export function ruleBroken(field: string, schema: z.ZodType, value: unknown): string | undefined {
  const checked = schema.safeParse(value);
  return checked.success ? undefined : `Invalid ${field}: ${checked.error.issues[0]?.message}`;
}
