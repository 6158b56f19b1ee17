import { parse } from 'yaml';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/server/config';

/**
 * The deployment files, checked without Docker: the compose file parses and wires three
 * replicas, PostgreSQL and the proxy together; the Dockerfile's stages copy paths that exist,
 * run as a user other than root and probe /api/ready; each replica's environment is one the
 * server accepts.
 */
const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const read = (path: string) => readFileSync(join(root, path), 'utf8');

interface Service {
  image?: string;
  build?: string;
  environment?: Record<string, string>;
  ports?: string[];
  volumes?: string[];
  depends_on?: Record<string, unknown> | string[];
  networks?: Record<string, { ipv4_address?: string }> | string[];
  healthcheck?: { test: string[] };
}

const compose = parse(read('compose.yaml'), { merge: true }) as {
  services: Record<string, Service>;
};
const replicas = Object.entries(compose.services).filter(([name]) => name.startsWith('skydeck-'));

/** `${NAME:-default}` and `${NAME:?message}` as compose reads them, with `.env` values given. */
function interpolate(text: string, env: Record<string, string>): string {
  return text.replace(/\$\{(\w+)(?::([-?])([^}]*))?\}/g, (_, name: string, kind, rest: string) => {
    const value = env[name];
    if (value) return value;
    if (kind === '?') throw new Error(`${name}: ${rest}`);
    return kind === '-' ? rest : '';
  });
}

describe('compose.yaml', () => {
  it('runs PostgreSQL, three replicas on it and a proxy they trust', () => {
    expect(replicas.map(([name]) => name)).toEqual(['skydeck-1', 'skydeck-2', 'skydeck-3']);
    const proxy = compose.services.proxy as Service;
    const proxyAddress = (proxy.networks as Record<string, { ipv4_address?: string }>).skydeck
      ?.ipv4_address;
    for (const [, replica] of replicas) {
      expect(replica.build).toBe('.');
      expect(replica.environment?.DATABASE_URL).toMatch(
        /^postgres:\/\/skydeck:.*@postgres:5432\/skydeck$/,
      );
      expect(replica.environment?.TRUST_PROXY).toBe(proxyAddress);
      expect(replica.depends_on).toMatchObject({ postgres: { condition: 'service_healthy' } });
      // Reached through the proxy only.
      expect(replica.ports).toBeUndefined();
    }
    expect(compose.services.postgres?.image).toMatch(/^postgres:\d+/);
    expect(compose.services.postgres?.healthcheck?.test.join(' ')).toContain('pg_isready');
    expect(proxy.ports).toEqual(['8080:80']);
    const mount = proxy.volumes?.[0]?.split(':')[0] ?? '';
    expect(existsSync(join(root, mount))).toBe(true);
  });

  it('gives each replica an environment the server accepts, and fails without the secrets', () => {
    const env = { POSTGRES_PASSWORD: 'pg-secret', SKYDECK_ADMIN_PASSWORD: 'a long admin secret' };
    for (const [, replica] of replicas) {
      const resolved = Object.fromEntries(
        Object.entries(replica.environment ?? {}).map(([name, value]) => [
          name,
          interpolate(String(value), env),
        ]),
      );
      const config = loadConfig(resolved);
      expect(config.databaseUrl).toBe('postgres://skydeck:pg-secret@postgres:5432/skydeck');
      expect(config.host).toBe('0.0.0.0');
      expect(config.trustProxy).toEqual(['172.28.0.10']);
      expect(config.mode).toBe('demo');
      // Requests for another host than PUBLIC_URL's (DNS rebinding) get 421.
      expect(config.allowedHosts).toEqual(['localhost']);
      expect(() =>
        Object.values(replica.environment ?? {}).map((value) => interpolate(String(value), {})),
      ).toThrow(/POSTGRES_PASSWORD/);
    }
  });

  it('the proxy sends traffic to each replica, checks /api/ready and streams events unbuffered', () => {
    const caddyfile = read('deploy/Caddyfile');
    for (const [name] of replicas) expect(caddyfile).toContain(`${name}:8080`);
    expect(caddyfile).toMatch(/health_uri \/api\/ready/);
    expect(caddyfile).toMatch(/flush_interval -1/);
  });

  it('the proxy answers /metrics 404 unless METRICS_TOKEN is set, which it and the replicas get', () => {
    const caddyfile = read('deploy/Caddyfile');
    const matcher =
      /@(\w+) \{\s*path \/metrics[^}]*expression `"\{\$METRICS_TOKEN\}" == ""`\s*\}/.exec(
        caddyfile,
      );
    expect(matcher).not.toBeNull();
    const respond = caddyfile.indexOf(`respond @${matcher?.[1]} 404`);
    expect(respond).toBeGreaterThan(-1);
    // Answered before the request is proxied.
    expect(respond).toBeLessThan(caddyfile.indexOf('reverse_proxy'));
    const proxy = compose.services.proxy as Service;
    expect(proxy.environment?.METRICS_TOKEN).toBe('${METRICS_TOKEN:-}');
    for (const [, replica] of replicas)
      expect(replica.environment?.METRICS_TOKEN).toBe('${METRICS_TOKEN:-}');
  });
});

describe('Dockerfile', () => {
  const dockerfile = read('Dockerfile');
  const lines = dockerfile.replace(/\\\n/g, ' ').split('\n');

  it('builds in one stage and runs the production build from another, as a user other than root', () => {
    expect(lines.filter((line) => line.startsWith('FROM ')).length).toBeGreaterThanOrEqual(2);
    expect(dockerfile).toContain('npm run build');
    expect(dockerfile).toContain('npm ci --omit=dev');
    const users = lines.filter((line) => line.startsWith('USER '));
    expect(users.at(-1)).toBe('USER node');
    expect(lines.find((line) => line.startsWith('HEALTHCHECK'))).toContain('/api/ready');
    expect(lines.find((line) => line.startsWith('CMD'))).toContain('dist/server/main.js');
  });

  it('copies only paths that exist, and none the build context leaves out', () => {
    const ignored = read('.dockerignore')
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line && !line.startsWith('#'));
    const sources = lines
      .filter((line) => line.startsWith('COPY ') && !line.includes('--from='))
      .flatMap((line) => line.split(/\s+/).slice(1, -1));
    expect(sources.length).toBeGreaterThan(5);
    for (const source of sources) {
      expect(existsSync(join(root, source)), source).toBe(true);
      expect(
        ignored.some((pattern) => source === pattern || source.startsWith(`${pattern}/`)),
        source,
      ).toBe(false);
    }
  });
});
