import { randomBytes } from 'node:crypto';

/**
 * A new record id: 12 URL-safe characters (72 random bits), beginning with a letter or digit. An
 * id beginning with "-" would be quoted in a CSV export as a formula guard ("'-abc"), and no
 * longer match the id the API gives for the same record.
 */
export function newRecordId(): string {
  for (;;) {
    const id = randomBytes(9).toString('base64url');
    if (/^[A-Za-z0-9]/.test(id)) return id;
  }
}
