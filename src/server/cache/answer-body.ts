import { gzipSync } from 'node:zlib';
import type { CachedAnswer } from './response-cache';

/** Smaller bodies gain less from gzip than its header and the CPU cost it. */
const gzipThreshold = 1024;

export const acceptsGzip = (acceptEncoding: string | null | undefined) =>
  typeof acceptEncoding === 'string' && /\bgzip\b/.test(acceptEncoding);

/**
 * The body to send for a cached answer: gzipped for clients that accept it when it is worth it,
 * compressed once per answer rather than once per request.
 */
export function answerBody(
  answer: CachedAnswer,
  acceptEncoding: string | null | undefined,
): { body: string | Uint8Array<ArrayBuffer> | null; gzipped: boolean } {
  if (answer.status === 204) return { body: null, gzipped: false };
  if (answer.body.length < gzipThreshold || !acceptsGzip(acceptEncoding))
    return { body: answer.body, gzipped: false };
  answer.gzipped ??= new Uint8Array(gzipSync(answer.body));
  return { body: answer.gzipped, gzipped: true };
}
