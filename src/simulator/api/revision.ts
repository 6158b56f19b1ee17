/**
 * Historical records settle: interim while recent, final with a version once they are two weeks
 * old (our choice of the settled age; the service does not publish one).
 */
export const settledAgeSeconds = 14 * 86_400;
export const finalVersion = '1.0';

export function revision(recordEnd: number, now: number) {
  return now - recordEnd >= settledAgeSeconds
    ? { revision_status: 'final' as const, revision_version: finalVersion }
    : { revision_status: 'interim' as const, revision_version: '' };
}
