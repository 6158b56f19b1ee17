import type { IncomingMessage, ServerResponse } from 'node:http';
import { expect } from 'vitest';
import type { CreatePushSubscriptionBody, PushPayload } from '../../shared/api/push';
import { startStubProvider } from './loopback';
import {
  type BrowserKeys,
  decryptPush,
  newBrowserKeys,
  subscriptionKeys,
  verifyVapid,
} from './push-crypto';

/** A browser: its keys and where its push service delivers to it. */
export interface Browser extends BrowserKeys {
  endpoint: string;
}

export const newBrowser = (endpoint: string): Browser => ({ ...newBrowserKeys(), endpoint });

export const subscriptionOf = (browser: Browser): CreatePushSubscriptionBody['subscription'] => ({
  endpoint: browser.endpoint,
  keys: subscriptionKeys(browser),
});

export interface Push {
  path: string;
  headers: IncomingMessage['headers'];
  payload: PushPayload;
  /** performance.now() once the body had arrived. */
  at: number;
}

/**
 * A push service on 127.0.0.1: every request is checked as RFC 8030/8291/8292 require (a bad
 * one is a test failure, kept in `refusals`), decrypted with the browser's keys, kept in
 * `pushes`, and answered by `respond` (201 by default).
 */
export interface PushService {
  origin: string;
  browsers: Map<string, Browser>;
  pushes: Push[];
  refusals: string[];
  respond: (push: Push, count: number) => number;
  publicKey: string;
}

export async function startPushService(subject: string): Promise<PushService> {
  const service: PushService = {
    origin: '',
    browsers: new Map(),
    pushes: [],
    refusals: [],
    respond: () => 201,
    publicKey: '',
  };
  const handler = (request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const at = performance.now();
      const path = request.url ?? '/';
      const browser = service.browsers.get(path);
      try {
        if (!browser) throw new Error(`no browser at ${path}`);
        expect(request.method).toBe('POST');
        expect(request.headers['content-encoding']).toBe('aes128gcm');
        expect(request.headers.ttl).toMatch(/^\d+$/);
        verifyVapid(request.headers.authorization ?? '', {
          endpoint: browser.endpoint,
          publicKey: service.publicKey,
          subject,
        });
        const payload = JSON.parse(decryptPush(browser, Buffer.concat(chunks))) as PushPayload;
        const push = { path, headers: request.headers, payload, at };
        service.pushes.push(push);
        response.writeHead(service.respond(push, service.pushes.length)).end();
      } catch (error) {
        service.refusals.push((error as Error).message);
        response.writeHead(400).end();
      }
    });
  };
  const stub = await startStubProvider(handler);
  service.origin = new URL(stub.url).origin;
  return service;
}
