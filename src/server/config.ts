import { closeSync, openSync, readFileSync, readSync } from 'node:fs';
import { z } from 'zod';
import { e164Pattern } from '../shared/api/channels';
import { isPlanId, type PlanId, planIds, plans } from '../shared/quota/plans';
import { clockFrom, isIsoInstant } from '../shared/time/clock';
import { hostName, parseAddressRange } from './http/protection';
import type { ProviderClientOptions } from './upstream/provider-client';

const integer = (min: number, max: number) => z.coerce.number().int().min(min).max(max);
const flag = z.enum(['0', '1', '']).default('0');

const envSchema = z.object({
  PORT: integer(0, 65535).default(8080),
  HOST: z.string().min(1).default('127.0.0.1'),
  WEATHERBIT_API_KEY: z.string().trim().optional(),
  WEATHERBIT_API_KEY_FILE: z.string().optional(),
  WEATHERBIT_BASE_URL: z.url().default('https://api.weatherbit.io/v2.0'),
  UPSTREAM_TIMEOUT_MS: integer(100, 120_000).default(10_000),
  UPSTREAM_DEADLINE_MS: integer(100, 300_000).default(12_000),
  UPSTREAM_QUEUE_MAX: integer(1, 100_000).default(200),
  UPSTREAM_MAX_BYTES: integer(1024, 1024 * 1024 * 1024).default(5 * 1024 * 1024),
  UPSTREAM_RETRIES: integer(0, 5).default(2),
  UPSTREAM_BACKOFF_MS: integer(0, 10_000).default(200),
  UPSTREAM_RATE_PER_SECOND: z.coerce.number().positive().max(10_000).optional(),
  BREAKER_THRESHOLD: integer(1, 1000).default(5),
  BREAKER_COOLDOWN_MS: integer(100, 600_000).default(30_000),
  DEMO_PLAN: z
    .string()
    .refine(isPlanId, `must be one of ${planIds.join(', ')}`)
    .default('business'),
  SIMULATOR_NOW: z.string().refine(isIsoInstant, 'must be an ISO 8601 time').optional(),
  SIMULATOR_FAULTS: flag,
  STATIC_DIR: z.string().default('dist/client'),
  MAP_STYLE_URL: z.url().optional(),
  BASEMAP_PMTILES: z.string().trim().min(1).optional(),
  DATA_DIR: z.string().min(1).default('data'),
  QUOTA_DAILY_LIMIT: integer(1, 1_000_000_000).optional(),
  QUOTA_CONFIRM_UNITS: integer(1, 100_000).default(2),
  CLIENT_DAILY_UNITS: integer(0, 1_000_000_000).default(5_000),
  CACHE_MAX_MB: integer(1, 4096).default(64),
  STALE_MAX_SECONDS: integer(0, 30 * 86_400).default(86_400),
  CLIENT_RATE_LIMIT: integer(0, 1_000_000).default(600),
  STREAM_PER_CLIENT: integer(1, 1000).default(20),
  FRAME_ANCESTORS: z.string().min(1).default("'self'"),
  CORS_ORIGINS: z.string().optional(),
  // Issue 31: who may frame the public status pages (/s/*); nobody by default.
  EMBED_ORIGINS: z
    .string()
    .default('')
    .transform((value) => value.split(/\s+/).filter(Boolean))
    .refine((entries) => entries.every(isOrigin), {
      error: (issue) =>
        `${(issue.input as string[]).find((entry) => !isOrigin(entry))} is not an origin: space-separated http or https origins without a path, like https://school.example.org`,
    }),
  TRUST_PROXY: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((entry) => entry.trim())
        .filter(Boolean),
    )
    .refine((entries) => entries.every((entry) => parseAddressRange(entry)), {
      error: (issue) =>
        `${(issue.input as string[]).find((entry) => !parseAddressRange(entry))} is not an IP address or CIDR range`,
    }),
  ALLOWED_HOSTS: z
    .string()
    .optional()
    .transform((value) =>
      value
        ?.split(',')
        .map((entry) => entry.trim())
        .filter(Boolean),
    )
    .refine((entries) => !entries || entries.every((entry) => hostName(entry)), {
      error: (issue) =>
        `${(issue.input as string[]).find((entry) => !hostName(entry))} is not a host name`,
    }),
  SHUTDOWN_GRACE_MS: integer(0, 600_000).default(10_000),
  METRICS_TOKEN: z.string().trim().regex(/^\S*$/, 'must not contain spaces').optional(),
  SERVE_SOURCEMAPS: flag,
  DATABASE_URL: z
    .string()
    .trim()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional()
    .or(z.literal('')),
  // Replicas on PostgreSQL (issue 17): how fast a standby takes over the watch.
  WATCH_STANDBY_POLL_MS: integer(50, 60_000).default(2000),
  WATCH_HEARTBEAT_MS: integer(50, 60_000).default(5000),
  SKYDECK_ADMIN_PASSWORD: z
    .string()
    .min(10, 'must be at least 10 characters')
    .max(200, 'must be at most 200 characters')
    .optional()
    .or(z.literal('')),
  // Alarms (issue 16): where their links point, how they go out.
  PUBLIC_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http or https URL' })
    .refine((url) => !/[?#]/.test(url), 'must not have a query or fragment')
    .optional()
    .or(z.literal('')),
  SMTP_URL: z
    .string()
    .trim()
    .refine(isSmtpUrl, 'must be an smtp:// or smtps:// URL, like smtp://user:password@host:587')
    .optional()
    .or(z.literal('')),
  ALARM_FROM: z
    .string()
    .trim()
    .refine(isMailbox, 'must be an email address, or a name and one: Skydeck <alarms@example.com>')
    .optional()
    .or(z.literal('')),
  // SMS and voice (issue 30), through a Twilio-compatible API.
  TWILIO_ACCOUNT_SID: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9]{2,64}$/, 'must be an account sid: letters and digits, like AC0123…')
    .optional()
    .or(z.literal('')),
  TWILIO_AUTH_TOKEN: z
    .string()
    .trim()
    .regex(/^[\x21-\x7e]{8,200}$/, 'must be 8 to 200 printable characters without spaces')
    .optional()
    .or(z.literal('')),
  TWILIO_FROM: z
    .string()
    .trim()
    .regex(e164Pattern, 'must be a phone number in E.164 form, like +15551234567')
    .optional()
    .or(z.literal('')),
  TWILIO_API_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http or https URL' })
    .refine(
      (url) => url.startsWith('https:') || loopbackUrl(url),
      'must be https (http only to a loopback address: the auth token must not travel in the clear)',
    )
    .refine((url) => !/[?#]/.test(url), 'must not have a query or fragment')
    .default('https://api.twilio.com'),
  // Web Push (issue 30): the VAPID key pair, when not the one made at first start and kept in
  // the database; and who the push services may contact about our pushes.
  VAPID_PUBLIC_KEY: z
    .string()
    .trim()
    .regex(
      /^B[A-Za-z0-9_-]{86}$/,
      'must be an uncompressed P-256 public key in base64url (87 characters, starting with B)',
    )
    .optional()
    .or(z.literal('')),
  VAPID_PRIVATE_KEY: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{43}$/, 'must be a P-256 private key in base64url (43 characters)')
    .optional()
    .or(z.literal('')),
  VAPID_SUBJECT: z
    .string()
    .trim()
    .regex(/^(mailto:[^\s@]+@[^\s@]+|https:\/\/\S+)$/, 'must be a mailto: address or an https: URL')
    .optional()
    .or(z.literal('')),
  WEBHOOK_ALLOW_PRIVATE: flag,
  WEBHOOK_TIMEOUT_MS: integer(100, 60_000).default(5000),
  WEBHOOK_RETRIES: integer(0, 10).default(4),
  WEBHOOK_BACKOFF_MS: integer(0, 60_000).default(1000),
});

/** `https://host[:port]` exactly as a browser writes an origin (what CSP sources compare). */
function isOrigin(text: string): boolean {
  try {
    const url = new URL(text);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.origin === text;
  } catch {
    return false;
  }
}

function loopbackUrl(text: string): boolean {
  return /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/i.test(new URL(text).hostname);
}

function isSmtpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return (url.protocol === 'smtp:' || url.protocol === 'smtps:') && url.hostname !== '';
  } catch {
    return false;
  }
}

function isMailbox(text: string): boolean {
  const address = /<([^<>]+)>$/.exec(text)?.[1] ?? text;
  return z.regexes.email.test(address.trim());
}

/**
 * Who push services may write to about our pushes: the alarms' sender, else the public address.
 * A push service takes only mailto: or https:, so a plain-http address (a laptop's) becomes a
 * mailto: at its host.
 */
function vapidSubject(from: string | undefined, publicUrl: string): string {
  const address = from && (/<([^<>]+)>$/.exec(from)?.[1] ?? from).trim();
  if (address) return `mailto:${address}`;
  return publicUrl.startsWith('https:')
    ? publicUrl
    : `mailto:skydeck@${new URL(publicUrl).hostname.replace(/^\[|\]$/g, '')}`;
}

/** Where people open Skydeck, for the links alarms carry, when PUBLIC_URL does not say. */
function listenUrl(host: string, port: number): string {
  const wildcard = host === '0.0.0.0' || host === '::';
  const name = wildcard ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  return `http://${name}:${port}`;
}

export interface ServerConfig {
  port: number;
  host: string;
  mode: 'demo' | 'live';
  /** Present in live mode only. Never logged, never sent anywhere but the provider. */
  apiKey: string | undefined;
  baseUrl: string;
  upstream: Pick<
    ProviderClientOptions,
    | 'timeoutMs'
    | 'queueMax'
    | 'maxBodyBytes'
    | 'retries'
    | 'backoffMs'
    | 'ratePerSecond'
    | 'breakerThreshold'
    | 'breakerCooldownMs'
  >;
  demoPlan: PlanId;
  /** The simulated clock (Unix seconds) for the embedded simulator. */
  now: () => number;
  /** Pass X-Simulator-Fault to the provider (and let the embedded simulator honour it): tests only. */
  forwardFaults: boolean;
  staticDir: string;
  /** An online MapLibre style URL; without it the SPA draws its built-in offline basemap. */
  mapStyleUrl: string | undefined;
  /** A PMTiles v3 archive (Protomaps basemap) the BFF serves for a detailed, self-hosted map. */
  basemapPmtiles: string | undefined;
  dataDir: string;
  quotaDailyLimit: number | undefined;
  quotaConfirmUnits: number;
  /** Units one client may cause a UTC day; undefined when CLIENT_DAILY_UNITS is 0 (off). */
  clientDailyUnits: number | undefined;
  /** The whole budget of one request to the BFF for the provider: pacing, attempts, backoff. */
  upstreamDeadlineMs: number;
  cacheMaxBytes: number;
  staleMaxSeconds: number;
  clientRateLimit: number;
  /** Live streams (`/api/stream`) one client may hold open at once, told apart as the rate limit does. */
  streamPerClient: number;
  frameAncestors: string;
  /** Origins that may frame the public status pages (/s/*); empty: none may. */
  embedOrigins: string[];
  corsOrigins: string[];
  /** Reverse proxies (addresses, CIDR ranges) whose X-Forwarded-For names the client. */
  trustProxy: string[];
  /**
   * The host names requests may name (ALLOWED_HOSTS, else PUBLIC_URL's); undefined: any. Others
   * get 421, against DNS rebinding.
   */
  allowedHosts: string[] | undefined;
  /** PUBLIC_URL is https: answers carry Strict-Transport-Security. */
  behindTls: boolean;
  /** How long a SIGTERM/SIGINT waits for in-flight requests before cutting their connections. */
  shutdownGraceMs: number;
  /** When set, GET /metrics needs `Authorization: Bearer <token>`. */
  metricsToken: string | undefined;
  /** Serve the SPA's *.map files; off by default so a deployment does not publish its sources. */
  serveSourceMaps: boolean;
  /** PostgreSQL for the watch (replicas share it); SQLite in dataDir without it. Never logged. */
  databaseUrl: string | undefined;
  /**
   * With PostgreSQL: how often a standby tries to take the watch (WATCH_STANDBY_POLL_MS), and how
   * often the leader checks its link (WATCH_HEARTBEAT_MS). A killed leader is replaced within one
   * poll; one cut off, within three heartbeats and a poll.
   */
  replicas: { pollMs: number; heartbeatMs: number };
  /** Creates or resets the `admin` operator at start. Never logged. */
  adminPassword: string | undefined;
  alarms: AlarmConfig;
}

export interface AlarmConfig {
  /** The base of the links alarms carry (no trailing slash): PUBLIC_URL, or the listen address. */
  publicUrl: string;
  /** SMTP_URL; email channels need it. Holds a password: never logged. */
  smtpUrl: string | undefined;
  /** ALARM_FROM, required with SMTP_URL. */
  from: string | undefined;
  /**
   * TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM (all or none), TWILIO_API_URL: sms and
   * voice channels need them. The token is a password: never logged.
   */
  twilio?: TwilioConfig;
  /**
   * Web Push: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY (both or none; none: the pair kept in the
   * database), and VAPID_SUBJECT (mailto: ALARM_FROM, or PUBLIC_URL, when not set).
   */
  push: { keys?: { publicKey: string; privateKey: string }; subject: string };
  /** WEBHOOK_ALLOW_PRIVATE=1: webhooks may reach loopback and private addresses (never link-local). */
  allowPrivate: boolean;
  /** One webhook attempt's whole time, redirects included. */
  timeoutMs: number;
  /** Attempts after the first on a 5xx, a timeout or a connection error. */
  retries: number;
  /** The base of the exponential backoff between attempts. */
  backoffMs: number;
}

export interface TwilioConfig {
  accountSid: string;
  authToken: string;
  /** The number texts and calls come from, E.164. */
  from: string;
  /** No trailing slash. */
  apiUrl: string;
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
  if (parsed.MAP_STYLE_URL && parsed.BASEMAP_PMTILES)
    throw new ConfigError('Invalid BASEMAP_PMTILES: set it or MAP_STYLE_URL, not both');
  if (parsed.BASEMAP_PMTILES) checkPmtiles(parsed.BASEMAP_PMTILES);
  if (parsed.SMTP_URL && !parsed.ALARM_FROM)
    throw new ConfigError("Invalid ALARM_FROM: must be set with SMTP_URL (the alarms' sender)");
  const twilioVars = {
    TWILIO_ACCOUNT_SID: parsed.TWILIO_ACCOUNT_SID,
    TWILIO_AUTH_TOKEN: parsed.TWILIO_AUTH_TOKEN,
    TWILIO_FROM: parsed.TWILIO_FROM,
  };
  const twilioMissing = Object.entries(twilioVars).find(([, value]) => !value)?.[0];
  if (twilioMissing && Object.values(twilioVars).some(Boolean))
    throw new ConfigError(
      `Invalid ${twilioMissing}: must be set with the other TWILIO_ variables (SMS and voice need the account sid, the auth token and the number they come from)`,
    );
  if (Boolean(parsed.VAPID_PUBLIC_KEY) !== Boolean(parsed.VAPID_PRIVATE_KEY))
    throw new ConfigError(
      `Invalid ${parsed.VAPID_PUBLIC_KEY ? 'VAPID_PRIVATE_KEY' : 'VAPID_PUBLIC_KEY'}: must be set with the other VAPID key (a pair), or neither for the pair kept in the database`,
    );
  const publicUrl = (parsed.PUBLIC_URL || listenUrl(parsed.HOST, parsed.PORT)).replace(/\/+$/, '');
  const apiKey = parsed.WEATHERBIT_API_KEY || readKeyFile(parsed.WEATHERBIT_API_KEY_FILE);
  const demoPlan = parsed.DEMO_PLAN as PlanId;
  const mode = apiKey ? 'live' : 'demo';
  return {
    port: parsed.PORT,
    host: parsed.HOST,
    mode,
    apiKey,
    baseUrl: parsed.WEATHERBIT_BASE_URL.replace(/\/+$/, ''),
    upstream: {
      timeoutMs: parsed.UPSTREAM_TIMEOUT_MS,
      queueMax: parsed.UPSTREAM_QUEUE_MAX,
      maxBodyBytes: parsed.UPSTREAM_MAX_BYTES,
      retries: parsed.UPSTREAM_RETRIES,
      backoffMs: parsed.UPSTREAM_BACKOFF_MS,
      // Below the velocity limit: 80% of the demo plan's, or a Standard plan's in live mode
      // unless the operator knows better.
      ratePerSecond:
        parsed.UPSTREAM_RATE_PER_SECOND ??
        0.8 * (mode === 'demo' ? plans[demoPlan].perSecond : plans.standard.perSecond),
      breakerThreshold: parsed.BREAKER_THRESHOLD,
      breakerCooldownMs: parsed.BREAKER_COOLDOWN_MS,
    },
    demoPlan,
    now: clockFrom(parsed.SIMULATOR_NOW),
    forwardFaults: parsed.SIMULATOR_FAULTS === '1',
    staticDir: parsed.STATIC_DIR,
    mapStyleUrl: parsed.MAP_STYLE_URL,
    basemapPmtiles: parsed.BASEMAP_PMTILES,
    dataDir: parsed.DATA_DIR,
    quotaDailyLimit: parsed.QUOTA_DAILY_LIMIT,
    quotaConfirmUnits: parsed.QUOTA_CONFIRM_UNITS,
    clientDailyUnits: parsed.CLIENT_DAILY_UNITS || undefined,
    upstreamDeadlineMs: parsed.UPSTREAM_DEADLINE_MS,
    cacheMaxBytes: parsed.CACHE_MAX_MB * 1024 * 1024,
    staleMaxSeconds: parsed.STALE_MAX_SECONDS,
    clientRateLimit: parsed.CLIENT_RATE_LIMIT,
    streamPerClient: parsed.STREAM_PER_CLIENT,
    frameAncestors: parsed.FRAME_ANCESTORS,
    embedOrigins: parsed.EMBED_ORIGINS,
    corsOrigins: (parsed.CORS_ORIGINS ?? '')
      .split(',')
      .map((origin) => origin.trim())
      .filter(Boolean),
    trustProxy: parsed.TRUST_PROXY,
    allowedHosts: parsed.ALLOWED_HOSTS?.length
      ? parsed.ALLOWED_HOSTS.map((entry) => hostName(entry) as string)
      : parsed.PUBLIC_URL
        ? [new URL(parsed.PUBLIC_URL).hostname]
        : undefined,
    behindTls: parsed.PUBLIC_URL?.startsWith('https:') ?? false,
    shutdownGraceMs: parsed.SHUTDOWN_GRACE_MS,
    metricsToken: parsed.METRICS_TOKEN || undefined,
    serveSourceMaps: parsed.SERVE_SOURCEMAPS === '1',
    databaseUrl: parsed.DATABASE_URL || undefined,
    replicas: { pollMs: parsed.WATCH_STANDBY_POLL_MS, heartbeatMs: parsed.WATCH_HEARTBEAT_MS },
    adminPassword: parsed.SKYDECK_ADMIN_PASSWORD || undefined,
    alarms: {
      publicUrl,
      smtpUrl: parsed.SMTP_URL || undefined,
      from: parsed.ALARM_FROM || undefined,
      twilio: twilioMissing
        ? undefined
        : {
            accountSid: parsed.TWILIO_ACCOUNT_SID as string,
            authToken: parsed.TWILIO_AUTH_TOKEN as string,
            from: parsed.TWILIO_FROM as string,
            apiUrl: parsed.TWILIO_API_URL.replace(/\/+$/, ''),
          },
      push: {
        keys: parsed.VAPID_PUBLIC_KEY
          ? { publicKey: parsed.VAPID_PUBLIC_KEY, privateKey: parsed.VAPID_PRIVATE_KEY as string }
          : undefined,
        subject: parsed.VAPID_SUBJECT || vapidSubject(parsed.ALARM_FROM, publicUrl),
      },
      allowPrivate: parsed.WEBHOOK_ALLOW_PRIVATE === '1',
      timeoutMs: parsed.WEBHOOK_TIMEOUT_MS,
      retries: parsed.WEBHOOK_RETRIES,
      backoffMs: parsed.WEBHOOK_BACKOFF_MS,
    },
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

/** Fails at start-up, not at the first map view, when the file is missing or not PMTiles v3. */
function checkPmtiles(path: string): void {
  const start = Buffer.alloc(8);
  let read = 0;
  try {
    const fd = openSync(path, 'r');
    try {
      read = readSync(fd, start, 0, start.length, 0);
    } finally {
      closeSync(fd);
    }
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'unreadable';
    throw new ConfigError(`BASEMAP_PMTILES could not be read (${code}): ${path}`);
  }
  if (read < 8 || start.toString('latin1', 0, 7) !== 'PMTiles' || start[7] !== 3)
    throw new ConfigError(`Invalid BASEMAP_PMTILES: ${path} is not a PMTiles version 3 archive`);
}
