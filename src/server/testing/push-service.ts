import type { IncomingMessage, ServerResponse } from 'node:http';
import { expect } from 'vitest';
import type { CreatePushSubscriptionBody, PushPayload } from '../../shared/api/push';
import type { PushKeyResponse } from '../../shared/api/push';
import { type Bff, startBff, startStubProvider } from './loopback';
import { admin, signIn, writeHeaders } from './operator';
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

/** Where the push tests' BFF says it is, and the VAPID subject its ALARM_FROM gives. */
export const pushPublicUrl = 'https://skydeck.example';
export const pushSubject = 'mailto:alarms@skydeck.example';

export interface PushHarness {
  bff: Bff;
  cookie: string;
  service: PushService;
}

/** A BFF on `simulator`, signed in as the admin, and a push service that knows its VAPID key. */
export async function pushHarness(
  simulator: string,
  env: Record<string, string> = {},
): Promise<PushHarness> {
  const service = await startPushService(pushSubject);
  const bff = await startBff(simulator, {
    SKYDECK_ADMIN_PASSWORD: admin.password,
    PUBLIC_URL: pushPublicUrl,
    ALARM_FROM: 'Skydeck <alarms@skydeck.example>',
    WEBHOOK_ALLOW_PRIVATE: '1',
    WEBHOOK_BACKOFF_MS: '20',
    WEBHOOK_TIMEOUT_MS: '10000',
    ...env,
  });
  const key = (await (await fetch(`${bff.url}/api/push/key`)).json()) as PushKeyResponse;
  service.publicKey = key.public_key;
  return { bff, cookie: await signIn(bff), service };
}

/** An operator's write (session and write header). */
export function operatorWrite(
  h: PushHarness,
  method: string,
  path: string,
  body?: object,
): Promise<Response> {
  return fetch(`${h.bff.url}/api${path}`, {
    method,
    headers: { ...writeHeaders, Cookie: h.cookie },
    body: body && JSON.stringify(body),
  });
}
