import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_MAIL_FROM, mailFromProblem, smtpUrlProblem } from './mail/settings';
import { readMapTiles, type MapTilesConfig } from './clientConfig/mapTiles';
import { readGoogleSignIn, type GoogleSignInConfig } from './auth/oidcSettings';

/** Server configuration, read from environment variables (DESIGN.md "The pieces"). */
export interface Config {
  /** TCP port, default 8080. */
  port: number;
  /** Host to bind, default 0.0.0.0. */
  host: string;
  /** Root of embedded state: `db/` (PGlite) and `files/` (FileStore). Default `./data`. */
  dataDir: string;
  /** `postgres://…` for PostgreSQL; undefined means embedded PGlite in `dataDir/db`. */
  databaseUrl: string | undefined;
  /** Absolute URL where users reach Floorwatch, default `http://localhost:{port}`. */
  publicUrl: string;
  /** HMAC secret for access tokens, at least 32 characters. */
  jwtSecret: string;
  /** Largest accepted upload in MiB, default 25. */
  maxUploadMb: number;
  /** Seed the demo organization on an empty database. Default: on for PGlite, off for PostgreSQL. */
  seedDemo: boolean;
  /** Directory of the built browser app to serve, or undefined to serve none. */
  webDir: string | undefined;
  /** Pino log level. */
  logLevel: string;
  /** Days an event is kept after it was received; older ones are deleted hourly. Default 90. */
  eventRetentionDays: number;
  /** Webhook requests one VORTEX connection may make per minute; default 6000. */
  vortexWebhookRateLimit: number;
  /** Events a minute the demo's in-process VORTEX simulator posts; 0 posts none. Default 20. */
  demoEventsPerMinute: number;
  /** `smtp://` or `smtps://` URL mail is sent through; undefined writes each mail to the log (development only). */
  smtpUrl: string | undefined;
  /** Sender of every mail, default `Floorwatch <no-reply@localhost>`. */
  mailFrom: string;
  /** Tile server drawn under the maps' country outlines; undefined when MAP_TILE_URL is unset. */
  mapTiles: MapTilesConfig | undefined;
  /** Google sign-in (OpenID Connect); undefined when GOOGLE_CLIENT_ID is unset. */
  google: GoogleSignInConfig | undefined;
}

/** A configuration problem: one line per bad variable, printed at start. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

function intVar(env: Env, name: string, fallback: number, min: number, max: number, problems: string[]): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    problems.push(`${name} must be a whole number from ${min} to ${max}, got "${raw}"`);
    return fallback;
  }
  return value;
}

function boolVar(env: Env, name: string, fallback: boolean, problems: string[]): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (/^(true|1|yes)$/i.test(raw)) return true;
  if (/^(false|0|no)$/i.test(raw)) return false;
  problems.push(`${name} must be true or false, got "${raw}"`);
  return fallback;
}

/** Reads the JWT secret kept in `dataDir`, making one on first start (embedded mode only). */
function embeddedJwtSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/**
 * Validates the environment and returns the configuration.
 * @throws ConfigError listing every bad variable with a clear message.
 */
export function loadConfig(env: Env = process.env): Config {
  const problems: string[] = [];
  const port = intVar(env, 'PORT', 8080, 0, 65535, problems);
  const dataDir = path.resolve(env.DATA_DIR || './data');
  const databaseUrl = env.DATABASE_URL || undefined;
  if (databaseUrl !== undefined && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    problems.push('DATABASE_URL must start with postgres:// or postgresql:// (leave it unset for the embedded database)');
  }
  let publicUrl = env.PUBLIC_URL || `http://localhost:${port}`;
  try {
    const url = new URL(publicUrl);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('protocol');
    publicUrl = url.origin + url.pathname.replace(/\/$/, '');
  } catch {
    problems.push(`PUBLIC_URL must be an absolute http(s) URL, got "${publicUrl}"`);
  }
  const maxUploadMb = intVar(env, 'MAX_UPLOAD_MB', 25, 1, 1024, problems);
  const eventRetentionDays = intVar(env, 'EVENT_RETENTION_DAYS', 90, 1, 36500, problems);
  const vortexWebhookRateLimit = intVar(env, 'VORTEX_WEBHOOK_RATE_LIMIT', 6000, 1, 1_000_000_000, problems);
  const demoEventsPerMinute = intVar(env, 'DEMO_EVENTS_PER_MINUTE', 20, 0, 6000, problems);
  let jwtSecret = env.JWT_SECRET ?? '';
  if (jwtSecret !== '' && jwtSecret.length < 32) {
    problems.push('JWT_SECRET must be at least 32 characters long');
  } else if (jwtSecret === '' && databaseUrl !== undefined) {
    problems.push('JWT_SECRET is required with DATABASE_URL (every node must share it); use at least 32 random characters');
  }
  const seedDemo = boolVar(env, 'SEED_DEMO', databaseUrl === undefined, problems);
  const webDir = env.WEB_DIR === '' ? undefined : path.resolve(env.WEB_DIR ?? 'dist/web');
  const smtpUrl = env.SMTP_URL || undefined;
  const smtpProblem = smtpUrl === undefined ? undefined : smtpUrlProblem(smtpUrl);
  if (smtpProblem) problems.push(smtpProblem);
  const mailFrom = env.MAIL_FROM || DEFAULT_MAIL_FROM;
  const fromProblem = mailFromProblem(mailFrom);
  if (fromProblem) problems.push(fromProblem);
  const mapTiles = readMapTiles(env, problems);
  const google = readGoogleSignIn(env, publicUrl, problems);
  if (problems.length > 0) throw new ConfigError(problems);
  if (jwtSecret === '') jwtSecret = embeddedJwtSecret(dataDir);
  return {
    port,
    host: env.HOST || '0.0.0.0',
    dataDir,
    databaseUrl,
    publicUrl,
    jwtSecret,
    maxUploadMb,
    seedDemo,
    webDir,
    logLevel: env.LOG_LEVEL || 'info',
    eventRetentionDays,
    vortexWebhookRateLimit,
    demoEventsPerMinute,
    smtpUrl,
    mailFrom,
    mapTiles,
    google,
  };
}
