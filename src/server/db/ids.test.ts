import { describe, expect, it } from 'vitest';
import { newRecordId } from './ids';

describe('record ids', () => {
  it('are 12 URL-safe characters that never begin with a CSV formula character', () => {
    const ids = Array.from({ length: 2000 }, newRecordId);
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9][A-Za-z0-9_-]{11}$/);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
