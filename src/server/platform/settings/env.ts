/**
 * Every setting of the server, read from environment variables. The table below is the single
 * source for parsing, defaults and docs/settings.md (`npm run gen`, scripts/envTable.ts).
 * A bad value stops the server with one clear line naming the variable and the value.
 */
import { parseAllowList } from '../http/outbound/outboundPolicy.js';

type Parser<T> = (raw: string, name: string) => T;

interface Setting<T> {
  default: string;
  description: string;
  parse: Parser<T>;
}

export class EnvError extends Error {}

const text: Parser<string> = (raw) => raw;
const int =
  (min: number, max: number): Parser<number> =>
  (raw, name) => {
    if (!/^-?\d+$/.test(raw.trim()) || Number(raw) < min || Number(raw) > max) {
      throw new EnvError(`${name} must be an integer ${min}-${max}, got "${raw}"`);
    }
    return Number(raw);
  };
/** A TCP port; 0 asks the system for a free one (tests and scripted runs). */
const port: Parser<number> = (raw, name) => (raw.trim() === '0' ? 0 : int(1, 65535)(raw, name));
const bool: Parser<boolean> = (raw, name) => {
  if (/^(1|true|yes|on)$/i.test(raw)) return true;
  if (/^(0|false|no|off|)$/i.test(raw)) return false;
  throw new EnvError(`${name} must be true or false, got "${raw}"`);
};
const url =
  (...protocols: string[]): Parser<string> =>
  (raw, name) => {
    if (raw === '') return '';
    let parsed: URL;
    try {
      parsed = new URL(raw);
    } catch {
      throw new EnvError(`${name} must be a URL (${protocols.join(', ')}), got "${raw}"`);
    }
    if (!protocols.includes(parsed.protocol.replace(/:$/, ''))) {
      throw new EnvError(`${name} must be a URL (${protocols.join(', ')}), got "${raw}"`);
    }
    return raw;
  };
const oneOf =
  <T extends string>(...values: T[]): Parser<T> =>
  (raw, name) => {
    if (!(values as string[]).includes(raw)) {
      throw new EnvError(`${name} must be one of ${values.join(', ')}, got "${raw}"`);
    }
    return raw as T;
  };

/** A key to derive from: empty (none) or long enough not to be guessed. */
const proxyKey: Parser<string> = (raw, name) => {
  if (raw !== '' && raw.length < 32)
    throw new EnvError(`${name} must be 32 characters or more (a random key), got ${raw.length}`);
  return raw;
};

/**
 * Fastify's trustProxy: empty = no proxy (the socket's address is the client's), true = believe
 * every X-Forwarded-For hop, else a list of the proxies' addresses / CIDRs.
 */
const proxyTrust: Parser<boolean | string> = (raw, name) => {
  const value = raw.trim();
  if (value === '' || /^false$/i.test(value)) return false;
  if (/^true$/i.test(value)) return true;
  if (/^[0-9a-f.:/]+(\s*,\s*[0-9a-f.:/]+)*$/i.test(value)) return value;
  throw new EnvError(`${name} must be empty, true or a list of proxy addresses, got "${raw}"`);
};

/** OUTBOUND_ALLOW: CIDR ranges (or single addresses), comma separated; checked by the policy's parser. */
const cidrList: Parser<string> = (raw, name) => {
  try {
    parseAllowList(raw);
  } catch {
    throw new EnvError(`${name} must be a comma-separated list of addresses or CIDR ranges, got "${raw}"`);
  }
  return raw.trim();
};

function setting<T>(def: string, description: string, parse: Parser<T>): Setting<T> {
  return { default: def, description, parse };
}

export const SETTINGS = {
  PORT: setting('8080', 'HTTP port of the API and the SPA (0 = any free port, for tests)', port),
  HOST: setting('0.0.0.0', 'Interface to listen on', text),
  DATA_DIR: setting('./data', 'Folder of the embedded store, warehouse, outbox and secrets', text),
  DATABASE_URL: setting(
    '',
    'PostgreSQL URL of the app store; empty = embedded PGlite in DATA_DIR/store',
    url('postgres', 'postgresql'),
  ),
  WAREHOUSE_URL: setting(
    '',
    'PostgreSQL URL of the analytics warehouse; empty = embedded DuckDB in DATA_DIR/warehouse.duckdb',
    url('postgres', 'postgresql'),
  ),
  SCREENS_DIR: setting('./screens', 'Folder of the screen, area and dataset JSON files', text),
  PUBLIC_URL: setting(
    '',
    'Address users open (links in e-mails); empty = http://localhost:PORT',
    url('http', 'https'),
  ),
  DEMO_DATA: setting('true', 'Load the demo tenant and demo users when the store is empty', bool),
  DEMO_SEED: setting('42', 'Seed of the deterministic demo-data generator', int(0, 2147483647)),
  DEMO_SKUS: setting('500', 'SKUs of the demo tenant (group 1) built on an empty warehouse', int(10, 5000)),
  DEMO_DAYS: setting(
    '396',
    'Days of daily observations in the demo tenant, ending today (396: 13 months, so this month compares with last year; tests lower it)',
    int(7, 400),
  ),
  DEMO_CHANNELS: setting(
    '5',
    'Channels the demo generator fills (Amazon, Flipkart, Big Basket Mobile, Blinkit, Zepto, Swiggy Instamart, JioMart); the first five get fixture-market profiles, a sixth or seventh is a marketplace to add through Platform Settings (docs/crawl.md)',
    int(1, 7),
  ),
  DEMO_CRAWL_DAY: setting(
    'true',
    "On the demo's first start, crawl its last day for one web and one app channel from the fixture marketplace (background jobs; docs/crawl.md)",
    bool,
  ),
  DEMO_MARKET_WALLS_PCT: setting(
    '0',
    'Percent of the fixture marketplace product pages behind a bot wall (captcha, 403/503 challenge, emptied block; half of them pass for a second session), by DEMO_SEED',
    int(0, 100),
  ),
  DEMO_MARKET_SOFT404_PCT: setting(
    '0',
    'Percent of the fixture marketplace product pages answering a 200 "this product is unavailable" (a soft 404), by DEMO_SEED',
    int(0, 100),
  ),
  PLAYWRIGHT_CHROMIUM: setting(
    '',
    "Chromium binary for channels whose pages are rendered by script (the end-to-end tests' browser too); empty = /usr/bin/chromium-headless-shell or /usr/bin/chromium when present, else Playwright's own build",
    text,
  ),
  DEMO_USER: setting('demo@shelfscope.test', 'User name (an e-mail) of the demo login', text),
  DEMO_PASSWORD: setting('Demo@2026!', 'Password of the demo login', text),
  SESSION_TTL_HOURS: setting('12', 'Idle lifetime of a login session, in hours', int(1, 720)),
  AUTH_CACHE_MS: setting(
    '5000',
    'Milliseconds a session and its permissions may be reused from memory; a store write on any instance drops them at once (Redis pub/sub with REDIS_URL, else LISTEN/NOTIFY on a PostgreSQL store), so this is only a backstop (0 = off)',
    int(0, 60_000),
  ),
  RESULT_CACHE_MB: setting(
    '64',
    'Memory for cached answers of data calls, in MiB; an answer is keyed by group, endpoint, parameters and the warehouse version of the days it reads, so a load never leaves a stale one and a crawl load of today leaves answers over earlier days cached (0 = off, as `npm run bench` runs)',
    int(0, 16_384),
  ),
  TRUST_PROXY: setting(
    '',
    'Proxies whose X-Forwarded-For names the client (sign-in limits per address use it): empty = none, the connecting address is the client; a comma-separated list of proxy addresses or CIDRs (e.g. 10.0.0.0/8); or true (any, only when a proxy in front always overwrites the header)',
    proxyTrust,
  ),
  LOGIN_RATE_PER_ADDRESS: setting(
    '30',
    'Sign-in attempts per client address and minute, checked before any password is hashed (0 = off)',
    int(0, 100_000),
  ),
  LOGIN_ATTEMPTS_PER_NAME: setting(
    '10',
    'Sign-in attempts per user name in 5 minutes, against credential guessing; a browser the user trusted is not held by it',
    int(1, 100_000),
  ),
  COOKIE_SECURE: setting('false', 'Mark cookies Secure (set true behind HTTPS)', bool),
  SMTP_URL: setting(
    '',
    'SMTP server for e-mail (smtp://user:pass@host:port); empty = write .eml files to DATA_DIR/outbox',
    url('smtp', 'smtps'),
  ),
  OUTBOUND_ALLOW: setting(
    '',
    'Private ranges (CIDR, comma separated) that user-set destinations (mailer SFTP/FTP/Azure hosts, crawl pages) may reach on purpose; empty = public addresses only (docs/hardening.md)',
    cidrList,
  ),
  DELIVERY_CONNECT_TIMEOUT_MS: setting(
    '15000',
    'Milliseconds a report delivery (SFTP/FTP) may take to connect and for each reply',
    int(100, 600_000),
  ),
  DELIVERY_TIMEOUT_MS: setting(
    '300000',
    'Milliseconds one report delivery may take in all; past it the attempt fails and the queue retries',
    int(1_000, 3_600_000),
  ),
  MAILER_RETRY_SECONDS: setting(
    '10',
    'Seconds before a failed report delivery (or one cut short by a crash) is tried again; each later retry waits about twice as long, up to 10 minutes',
    int(1, 600),
  ),
  JOB_SUPERVISE_SECONDS: setting(
    '5',
    "Seconds between the job queue's checks for jobs whose heartbeat stopped (a crashed server: such a job is failed and retried) or that ran past their time limit",
    int(1, 60),
  ),
  MAIL_FROM: setting('Shelfscope <no-reply@shelfscope.local>', 'Sender of e-mails', text),
  SUPPORT_EMAIL: setting(
    'support@shelfscope.local',
    'Address every Feedback & Support request is mailed to (platform staff also see them in the product)',
    text,
  ),
  UPLOAD_UNDO_MINUTES: setting(
    '30',
    'Minutes a deleted upload month can be restored (Undo); its rows are kept until then',
    int(1, 10_080),
  ),
  CRAWL_PROXY_KEY: setting(
    '',
    'Key sealing crawl proxy endpoints (their credentials) at rest in channel profiles: AES-256-GCM under a key derived from it, 32 characters or more; empty = a proxy cannot be saved, and a store holding sealed proxies refuses to start',
    proxyKey,
  ),
  SECRET_KEY: setting(
    '',
    'Key that signs share links; empty = generated once into DATA_DIR/secret.key',
    text,
  ),
  OIDC_ISSUER: setting(
    '',
    'Sign in with Microsoft: the Entra ID issuer, https://login.microsoftonline.com/<tenant id>/v2.0 (any OpenID Connect issuer works); empty = the login page offers no Microsoft sign-in (docs/microsoft-sign-in.md)',
    url('http', 'https'),
  ),
  OIDC_CLIENT_ID: setting('', "Sign in with Microsoft: the app registration's Application (client) ID", text),
  OIDC_CLIENT_SECRET: setting('', "Sign in with Microsoft: the app registration's client secret", text),
  OIDC_REDIRECT_URL: setting(
    '',
    'Sign in with Microsoft: the redirect URI registered with the app; empty = PUBLIC_URL/public/microsoft',
    url('http', 'https'),
  ),
  REDIS_URL: setting(
    '',
    'Redis URL shared by several instances: session-cache invalidation, sign-in rate limits and the socket.io adapter',
    url('redis', 'rediss'),
  ),
  REALTIME_RECHECK_MS: setting(
    '15000',
    "Milliseconds between checks that a realtime socket's session still stands (logout, block, group switch end it)",
    int(100, 600_000),
  ),
  METRICS_TOKEN: setting(
    '',
    'Token a Prometheus scraper sends as `Authorization: Bearer <token>` to read GET /metrics; empty = no /metrics endpoint (docs/operations.md)',
    text,
  ),
  LOG_LEVEL: setting(
    'info',
    'Server log level',
    oneOf('fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'),
  ),
} as const;

type Settings = typeof SETTINGS;
export type Env = { [K in keyof Settings]: Settings[K] extends Setting<infer T> ? T : never };

/** Reads and validates every setting; throws EnvError with one line for the first bad value. */
export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const out: Record<string, unknown> = {};
  for (const [name, s] of Object.entries(SETTINGS) as [string, Setting<unknown>][]) {
    out[name] = s.parse(source[name] ?? s.default, name);
  }
  return out as Env;
}

export function publicUrl(env: Env): string {
  return env.PUBLIC_URL || `http://localhost:${env.PORT}`;
}
