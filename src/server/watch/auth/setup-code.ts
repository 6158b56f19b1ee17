import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { WatchDatabase } from '../../db/database';

/** Letters and digits nobody misreads from a log (no 0/O, 1/I/L). */
const alphabet = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
/** 12 characters of 31: 59 bits, far past what 5 guesses an address per 15 min can reach. */
const codeLength = 12;
/**
 * Codes kept at once: one per replica start while nobody has set Skydeck up. Past this the
 * oldest go; a replica restarted that often has logged a newer one.
 */
const keptCodes = 20;

/** `setup_code` as sent: any text of sane length; whether it is right is the route's to say. */
export const setupCodeSchema = z
  .string({ error: 'must be text' })
  .max(100, { error: 'must be at most 100 characters' });

/** Spaces, dashes and case do not matter: people copy codes in pieces and by hand. */
const normalize = (code: string) => code.replace(/[\s-]+/g, '').toUpperCase();
const digest = (code: string) => createHash('sha256').update(normalize(code)).digest();

/**
 * Makes a one-time code for the first run, keeps its hash, and returns it to be logged. Each
 * replica that starts while no operator exists makes its own, and every kept code opens setup
 * on every replica: the code is in whichever replica's log the operator reads, but the POST may
 * reach any of them. Only hashes are stored, so the database alone hands out no first account.
 */
export async function issueSetupCode(database: WatchDatabase, now: number): Promise<string> {
  const raw = Array.from({ length: codeLength }, () => alphabet[randomInt(alphabet.length)]);
  const code = [0, 4, 8].map((at) => raw.slice(at, at + 4).join('')).join('-');
  const { db } = database;
  await db
    .insertInto('setup_codes')
    .values({ code_hash: digest(code).toString('base64'), created_at: now })
    .execute();
  const kept = await db
    .selectFrom('setup_codes')
    .select('code_hash')
    .orderBy('created_at', 'desc')
    .orderBy('code_hash')
    .limit(keptCodes)
    .execute();
  await db
    .deleteFrom('setup_codes')
    .where(
      'code_hash',
      'not in',
      kept.map((row) => row.code_hash),
    )
    .execute();
  return code;
}

/** Whether `code` is one of the kept codes; every one compared, each in constant time. */
export async function isSetupCode(database: WatchDatabase, code: string): Promise<boolean> {
  const given = digest(code);
  const rows = await database.db.selectFrom('setup_codes').select('code_hash').execute();
  let found = false;
  for (const row of rows) {
    const kept = Buffer.from(row.code_hash, 'base64');
    if (kept.length === given.length && timingSafeEqual(kept, given)) found = true;
  }
  return found;
}

/** The first operator exists: no code opens setup again. */
export async function forgetSetupCodes(database: WatchDatabase): Promise<void> {
  await database.db.deleteFrom('setup_codes').execute();
}
