import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { clockFrom } from '../simulator/config';
import { isPlanId, type PlanId, planIds } from '../simulator/plans';

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('127.0.0.1'),
  WEATHERBIT_API_KEY: z.string().trim().optional(),
  WEATHERBIT_API_KEY_FILE: z.string().optional(),
  WEATHERBIT_BASE_URL: z.url().default('https://api.weatherbit.io/v2.0'),
  UPSTREAM_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  DEMO_PLAN: z
    .string()
    .refine(isPlanId, `must be one of ${planIds.join(', ')}`)
    .default('business'),
  SIMULATOR_NOW: z
    .string()
    .refine((value) => !Number.isNaN(Date.parse(value)), 'must be an ISO 8601 time')
    .optional(),
  STATIC_DIR: z.string().default('dist/client'),
  MAP_STYLE_URL: z.url().optional(),
});

export interface ServerConfig {
  port: number;
  host: string;
  mode: 'demo' | 'live';
  /** Present in live mode only. Never logged, never sent anywhere but the provider. */
  apiKey: string | undefined;
  baseUrl: string;
  upstreamTimeoutMs: number;
  demoPlan: PlanId;
  now: () => number;
  staticDir: string;
  /** An online MapLibre style URL; without it the SPA draws its built-in offline basemap. */
  mapStyleUrl: string | undefined;
}

export class ConfigError extends Error {}

/** Reads the environment once at start-up; a bad value stops the server with its reason. */
export function loadConfig(env: NodeJS.ProcessEnv): ServerConfig {
  const result = envSchema.safeParse(env);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new ConfigError(`Invalid ${issue?.path.join('.')}: ${issue?.message}`);
  }
  const parsed = result.data;
  const apiKey = parsed.WEATHERBIT_API_KEY || readKeyFile(parsed.WEATHERBIT_API_KEY_FILE);
  return {
    port: parsed.PORT,
    host: parsed.HOST,
    mode: apiKey ? 'live' : 'demo',
    apiKey,
    baseUrl: parsed.WEATHERBIT_BASE_URL.replace(/\/+$/, ''),
    upstreamTimeoutMs: parsed.UPSTREAM_TIMEOUT_MS,
    demoPlan: parsed.DEMO_PLAN as PlanId,
    now: clockFrom(parsed.SIMULATOR_NOW),
    staticDir: parsed.STATIC_DIR,
    mapStyleUrl: parsed.MAP_STYLE_URL,
  };
}

function readKeyFile(path: string | undefined): string | undefined {
  if (!path) return undefined;
  try {
    return readFileSync(path, 'utf8').trim() || undefined;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'unreadable';
    throw new ConfigError(`WEATHERBIT_API_KEY_FILE could not be read (${code}): ${path}`);
  }
}
