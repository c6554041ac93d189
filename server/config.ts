/**
 * Configuration from the environment: every variable the server reads is named in ENV_VARIABLES below, checked at
 * start against its schema (env-schema), and refused with a sentence naming it, the value and what it accepts
 * (docs/decisions/021-production-is-safe-by-default.md). docs/api.md lists the same variables; a test compares the two.
 */
import { envSchema } from 'env-schema';
import { isIP } from 'node:net';
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { DEFAULT_CONTACT_EMAIL, WAITLIST_PATH } from '../machines/rules/pages';
import { DECISION_UNDO_MINUTES } from '../machines/rules/staff/undo';
import { DEFAULT_MAIL_POLL_MS, DEFAULT_RETRY_MS } from './mail/worker';
import { DEFAULT_LOCALE, isKnownLocale } from '../machines/rules/staffDates';
import { RETENTION_DEFAULTS, RETENTION_ENV, type RetentionSettings } from '../machines/rules/privacy';
import { PROGRAMME } from './mail/templates';
import type { ProgrammeSettings } from '../machines/rules/programmeSettings';
import { DEFAULT_RETENTION_POLL_MS } from './privacy/retention';

/** /metrics (server/metrics.ts): whether it exists, and the Bearer token it then needs ('' for none). */
export interface MetricsConfig {
  enabled: boolean;
  token: string;
}

/** A setting the server refuses to start with; main.ts prints the message and exits. */
export class ConfigError extends Error {}

/**
 * Which proxies may tell the client's address (X-Forwarded-For): none, the nearest `n` hops, or the listed
 * addresses/CIDRs. Never every hop: then a client writes the address the per-IP limits see (docs/deploy.md).
 */
export type TrustProxy = false | number | string[];

export interface PaymentConfig {
  /** The provider's public key (also in the browser's config) and its secret key (server only). */
  publicKey: string;
  secretKey: string;
  /** The provider's verify endpoint; `{reference}` is replaced by the provider's transaction reference. */
  verifyUrl: string;
  /** No provider and not production: payments go through the labelled sandbox, confirmed by this server. */
  sandbox: boolean;
}

const DEFAULT_MAIL_FROM = 'The Employment Bootcamp <no-reply@localhost>';

/**
 * How often a process looks for due reminders (server/reminders.ts), unless REMINDER_POLL_MS says otherwise. Kept
 * here, not beside the scheduler: the scheduler reads its config from this file.
 */
export const DEFAULT_REMINDER_POLL_MS = 30_000;

export const DEFAULT_PAYMENT_VERIFY_URL = 'https://api.useklump.com/v1/transactions/{reference}/verify';

export interface RateLimits {
  /** Per IP per minute on the lookup and code routes (create, resend-token, verify-email). */
  ipPerMinute: number;
  /** Per email per 15 minutes on resend-token and verify-email. */
  emailPer15Minutes: number;
}

export interface Config {
  publicUrl: string;
  mailFrom: string;
  geo: { url: string; key: string; fixedCountry: string };
  rateLimits: RateLimits;
  trustProxy: TrustProxy;
  /** Whether /api/docs is served (off in production unless API_DOCS=1). */
  apiDocs: boolean;
  /** Whether the outbox pages (/dev/mailbox) may exist: never in production, where they would give away codes. */
  devMailbox: boolean;
  /** /metrics: whether it exists and the Bearer token it needs (server/metrics.ts). */
  metrics: MetricsConfig;
  /** The online payment provider (server/payments.ts); no keys and not production → the server's own sandbox. */
  payment: PaymentConfig;
  /** The first admins of the staff back office (STAFF_EMAILS), lower case. */
  staffEmails: string[];
  /** How long a staff decision can be undone before its email leaves and the applicant sees it (ms). */
  decisionUndoMs: number;
  /** The programme's locale (PROGRAMME_LOCALE): how the staff pages write dates (decision 157). */
  locale: string;
  /** The clock; tests move it to expire codes and pass deadlines. */
  now: () => Date;
  /** The privacy notice's controller and contact, and the key of the erasures' tombstones (docs/privacy.md). */
  privacy: PrivacyConfig;
  /** How long each kind of data is kept (machines/rules/privacy.ts, server/privacy/retention.ts). */
  retention: RetentionSettings;
  /** The browser's runtime configuration (src/config.ts `AppConfig`), written into the app shell. */
  appConfig: Record<string, string | number>;
  /**
   * BANK_* and SUPPORT_EMAIL, only those set: the first-start seed of the settings an admin changes in the back
   * office (server/db/programmeSettings.ts, decision 247), never read by a page or an email.
   */
  settingsSeed: Partial<ProgrammeSettings>;
}

/** Where CVs go when S3_BUCKET is set (server/storage/s3.ts). */
export interface S3Settings {
  bucket: string;
  /** Objects are stored under this prefix (default `cvs/`), so the bucket may hold other things. */
  prefix: string;
  endpoint?: string;
  region: string;
  forcePathStyle: boolean;
  /** Unset: the SDK's usual chain (AWS_ACCESS_KEY_ID…, a profile, an instance role). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
}

export interface PrivacyConfig {
  controllerName: string;
  /** PRIVACY_CONTACT_EMAIL; null: the support address set in the back office (decision 247). */
  contactEmail: string | null;
  /**
   * The key of the keyed hash an erasure's tombstone holds instead of the address (PRIVACY_HMAC_KEY); null: the one
   * kept in the database, made on the first start (server/privacy/key.ts, decision 149).
   */
  erasureKey: string | null;
}

export interface ServerEnv extends Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string;
  smtpUrl: string;
  clientDir: string;
  /** Server processes on the port (server/cluster.ts); `auto` is resolved to the number of cores. */
  workers: number;
  logLevel: string;
  mailPollMs: number;
  mailRetryMs: number;
  reminderPollMs: number;
  /** How often a process runs retention (RETENTION_POLL_MS; docs/privacy.md). */
  retentionPollMs: number;
  /** CVs in a bucket, or null: under DATA_DIR. */
  s3: S3Settings | null;
}

export const defaultConfig = (overrides: Partial<Config> = {}): Config => ({
  publicUrl: 'http://localhost:3000',
  mailFrom: DEFAULT_MAIL_FROM,
  geo: { url: '', key: '', fixedCountry: '' },
  rateLimits: { ipPerMinute: 1000, emailPer15Minutes: 30 },
  trustProxy: false,
  apiDocs: true,
  devMailbox: true,
  metrics: { enabled: true, token: '' },
  payment: { publicKey: '', secretKey: '', verifyUrl: DEFAULT_PAYMENT_VERIFY_URL, sandbox: true },
  now: () => new Date(),
  staffEmails: [],
  privacy: {
    controllerName: PROGRAMME,
    contactEmail: null,
    erasureKey: null,
  },
  retention: RETENTION_DEFAULTS,
  decisionUndoMs: DECISION_UNDO_MINUTES * 60_000,
  locale: DEFAULT_LOCALE,
  appConfig: {},
  settingsSeed: {},
  ...overrides,
});

/** How a refusal shows the value: as given, as a URL without its credentials and query, or not at all. */
type Shown = 'value' | 'url' | 'secret' | 'personal data';

/** One environment variable: its JSON schema (after env-schema's coercion) and the words of docs/api.md. */
interface Variable {
  type: 'string' | 'integer' | 'number';
  pattern?: string;
  enum?: readonly string[];
  minimum?: number;
  maximum?: number;
  /** What it accepts, in the refusal and in docs/api.md's "Accepts" column. */
  accepts: string;
  /** docs/api.md's "Default" column. */
  default: string;
  shown?: Shown;
  /** A check the schema cannot say (TRUST_PROXY's addresses). */
  valid?: (value: string) => boolean;
}

type StringVariable = Variable & { type: 'string' };

// Free text: no control characters (a newline in MAIL_FROM would be a header of its own).
const TEXT = '^[^\\x00-\\x1f\\x7f]+$';
const TOKEN = '^[\\x21-\\x7e]+$';
const HTTP_URL = '^https?://[^\\s/?#]+\\S*$';
const PATH_OR_URL = '^(/|https?://)\\S*$';
const FLAG = '^(1|0|true|false|yes|no|TRUE|FALSE|YES|NO|True|False|Yes|No)$';
const EMAIL = '[^\\s@,<>]+@[^\\s@,<>]+\\.[^\\s@,<>]+';

const text = (defaultText: string, accepts = 'text without control characters'): StringVariable => ({
  type: 'string',
  pattern: TEXT,
  accepts,
  default: defaultText,
});
const token = (shown: Shown): StringVariable => ({
  type: 'string',
  pattern: TOKEN,
  accepts: 'printable characters without spaces',
  default: '—',
  shown,
});
const httpUrl = (defaultText: string, shown: Shown = 'url'): StringVariable => ({
  type: 'string',
  pattern: HTTP_URL,
  accepts: 'an http(s) URL',
  default: defaultText,
  shown,
});
const pathOrUrl = (defaultText: string): StringVariable => ({
  type: 'string',
  pattern: PATH_OR_URL,
  accepts: 'a path from / or an http(s) URL',
  default: defaultText,
});
const positiveInteger = (defaultValue: number): Variable & { type: 'integer' } => ({
  type: 'integer',
  minimum: 1,
  accepts: 'a whole number from 1',
  default: String(defaultValue),
});
const days = (defaultValue: number): Variable & { type: 'integer' } => ({
  type: 'integer',
  minimum: 1,
  accepts: 'a whole number of days from 1',
  default: String(defaultValue),
});
const flag = (defaultText: string): StringVariable => ({
  type: 'string',
  pattern: FLAG,
  accepts: '1, true or yes (on); 0, false or no (off)',
  default: defaultText,
});
const isOn = (value: string | undefined) => /^(1|true|yes)$/i.test(value ?? '');

/** Every environment variable the server reads. A new one goes here, in docs/api.md and in config.test.ts. */
export const ENV_VARIABLES = {
  NODE_ENV: {
    type: 'string',
    enum: ['production', 'development', 'test'],
    accepts: 'production, development or test',
    default: '—',
  },
  PORT: {
    type: 'integer',
    minimum: 1,
    maximum: 65535,
    accepts: 'an integer from 1 to 65535',
    default: '3000',
  },
  HOST: {
    type: 'string',
    pattern: '^[A-Za-z0-9.:%\\[\\]-]+$',
    accepts: 'a host name or an IP address',
    default: '127.0.0.1',
  },
  PUBLIC_URL: httpUrl('http://localhost:$PORT', 'value'),
  WORKERS: {
    type: 'string',
    pattern: '^(auto|[1-9]|[1-5][0-9]|6[0-4])$',
    accepts: 'a whole number from 1 to 64, or auto (one per core)',
    default: '1',
  },
  DATA_DIR: text('var'),
  CLIENT_DIR: text('dist/client'),
  DATABASE_URL: {
    type: 'string',
    pattern: '^postgres(ql)?://\\S+$',
    accepts: 'a postgres:// or postgresql:// URL',
    default: '— (PGlite under DATA_DIR)',
    shown: 'url',
  },
  SMTP_URL: {
    type: 'string',
    pattern: '^smtps?://\\S+$',
    accepts: 'an smtp:// or smtps:// URL',
    default: '— (the outbox and /dev/mailbox)',
    shown: 'url',
  },
  MAIL_FROM: {
    type: 'string',
    pattern: `^[^\\x00-\\x1f\\x7f<>]*(${EMAIL}|<${EMAIL}>)$`,
    accepts: 'an email address, or a name and the address in angle brackets',
    default: DEFAULT_MAIL_FROM,
  },
  MAIL_POLL_MS: positiveInteger(DEFAULT_MAIL_POLL_MS),
  MAIL_RETRY_MS: positiveInteger(DEFAULT_RETRY_MS),
  REMINDER_POLL_MS: positiveInteger(DEFAULT_REMINDER_POLL_MS),
  LOG_LEVEL: {
    type: 'string',
    enum: ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'],
    accepts: 'fatal, error, warn, info, debug, trace or silent',
    default: 'info',
  },
  API_DOCS: flag('on; off in production'),
  METRICS_TOKEN: token('secret'),
  RATE_LIMIT_IP_PER_MINUTE: positiveInteger(1000),
  RATE_LIMIT_EMAIL_PER_15_MIN: positiveInteger(30),
  TRUST_PROXY: {
    type: 'string',
    pattern: TEXT,
    accepts:
      'the number of proxies in front of the server (e.g. 1) or a comma-separated list of their addresses or ' +
      'CIDRs (e.g. 10.0.0.1,10.1.0.0/16)',
    default: '— (no proxy)',
    valid: (value) => trustedEntries(value).every(isTrustedEntry),
  },
  STAFF_EMAILS: {
    type: 'string',
    pattern: `^\\s*${EMAIL}(\\s*,\\s*${EMAIL})*\\s*,?\\s*$`,
    accepts: 'a comma-separated list of email addresses',
    default: '—',
    shown: 'personal data',
  },
  DECISION_UNDO_SECONDS: {
    type: 'number',
    minimum: 0,
    accepts: 'a number of seconds from 0',
    default: String(DECISION_UNDO_MINUTES * 60),
  },
  PROGRAMME_LOCALE: {
    type: 'string',
    pattern: TEXT,
    accepts: 'a locale tag the server knows, such as en-GB, en-NG or fr-FR',
    default: DEFAULT_LOCALE,
    valid: isKnownLocale,
  },
  GEO_API_URL: httpUrl('—'),
  GEO_API_KEY: token('secret'),
  GEO_FIXED_COUNTRY: text('—'),
  S3_BUCKET: {
    type: 'string',
    pattern: '^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$',
    accepts: 'a bucket name: 3 to 63 lower-case letters, digits, dots and hyphens',
    default: '— (CVs under DATA_DIR/uploads)',
  },
  S3_ENDPOINT: httpUrl('AWS S3'),
  S3_REGION: {
    type: 'string',
    pattern: '^[a-z0-9-]+$',
    accepts: 'a region name (lower-case letters, digits and hyphens)',
    default: 'AWS_REGION, else us-east-1',
  },
  AWS_REGION: {
    type: 'string',
    pattern: '^[a-z0-9-]+$',
    accepts: 'a region name (lower-case letters, digits and hyphens)',
    default: '—',
  },
  S3_ACCESS_KEY_ID: token('secret'),
  S3_SECRET_ACCESS_KEY: token('secret'),
  S3_FORCE_PATH_STYLE: flag('off'),
  S3_PREFIX: text('cvs/'),
  PAYMENT_PUBLIC_KEY: token('value'),
  PAYMENT_SECRET_KEY: token('secret'),
  PAYMENT_VERIFY_URL: {
    type: 'string',
    pattern: '^https?://\\S*\\{reference\\}\\S*$',
    accepts: 'an http(s) URL containing {reference}',
    default: DEFAULT_PAYMENT_VERIFY_URL,
  },
  PAYMENT_SCRIPT_URL: httpUrl('—', 'value'),
  BANK_NAME: text('—'),
  BANK_ACCOUNT_NAME: text('—'),
  BANK_ACCOUNT_NUMBER: {
    type: 'string',
    pattern: '^[0-9][0-9 -]*[0-9]$',
    accepts: 'digits, with spaces or hyphens between them',
    default: '—',
  },
  SELECTION_VIDEO_URL: pathOrUrl('/media/selection-video.mp4'),
  SELECTION_VIDEO_POSTER: pathOrUrl('/media/selection-video.jpg'),
  SELECTION_VIDEO_CAPTIONS: pathOrUrl('/media/selection-video.vtt'),
  QUIZ_TIME: {
    type: 'number',
    minimum: 0,
    accepts: 'a number of seconds from 0',
    default: '267; 6 with the shipped clip',
  },
  WAITLIST_URL: pathOrUrl(WAITLIST_PATH),
  SUPPORT_EMAIL: {
    type: 'string',
    pattern: `^${EMAIL}$`,
    accepts: 'an email address',
    default: DEFAULT_CONTACT_EMAIL,
  },
  PRIVACY_CONTROLLER_NAME: text("the programme's name"),
  PRIVACY_CONTACT_EMAIL: {
    type: 'string',
    pattern: `^${EMAIL}$`,
    accepts: 'an email address',
    default: 'SUPPORT_EMAIL',
  },
  PRIVACY_HMAC_KEY: { ...token('secret'), default: 'a random key kept in the database' },
  RETENTION_CV_DAYS: days(RETENTION_DEFAULTS.cvDaysAfterCohortStart),
  RETENTION_UNSUBMITTED_DAYS: days(RETENTION_DEFAULTS.unsubmittedDays),
  RETENTION_OUTBOX_BODY_DAYS: days(RETENTION_DEFAULTS.outboxBodyDays),
  RETENTION_AUDIT_DAYS: days(RETENTION_DEFAULTS.auditDays),
  RETENTION_PAYMENT_DAYS: days(RETENTION_DEFAULTS.paymentRecordDays),
  RETENTION_POLL_MS: positiveInteger(DEFAULT_RETENTION_POLL_MS),
} as const satisfies Record<string, Variable>;

export type EnvName = keyof typeof ENV_VARIABLES;
type TypeOf<V> = V extends { type: 'string' } ? string : number;
/** The variables after the schema: numbers coerced, empty ones absent. */
type EnvValues = { [Name in EnvName]?: TypeOf<(typeof ENV_VARIABLES)[Name]> };

// The JSON schema env-schema checks: each variable's keywords, without the words meant for people.
const ENV_SCHEMA = {
  type: 'object',
  properties: Object.fromEntries(
    Object.entries(ENV_VARIABLES).map(([name, variable]: [string, Variable]) => {
      const { accepts: _accepts, default: _default, shown: _shown, valid: _valid, ...schema } = variable;
      return [name, schema];
    }),
  ),
};

/** The value as a refusal may show it: credentials and query strings (keys) of URLs masked, secrets not at all. */
function shownValue(value: string, shown: Shown): string {
  if (shown === 'secret' || shown === 'personal data')
    return `a value this message does not repeat (it is ${shown === 'secret' ? 'a secret' : 'personal data'})`;
  if (shown === 'value') return JSON.stringify(value);
  const scheme = value.indexOf('://');
  const at = value.lastIndexOf('@');
  const start = scheme >= 0 && scheme < at ? scheme + 3 : 0;
  const withoutCredentials = at >= 0 ? `${value.slice(0, start)}…${value.slice(at)}` : value;
  return JSON.stringify(withoutCredentials.replace(/\?.*$/s, '?…'));
}

const refusal = (name: EnvName, value: string) => {
  const variable: Variable = ENV_VARIABLES[name];
  return new ConfigError(
    `${name} must be ${variable.accepts}, got ${shownValue(value, variable.shown ?? 'value')}.`,
  );
};

const isEnvName = (name: string): name is EnvName => Object.hasOwn(ENV_VARIABLES, name);

/** The variables the server reads, checked; an empty variable counts as unset. */
function checkedValues(env: NodeJS.ProcessEnv): EnvValues {
  const given: Record<string, string> = {};
  for (const name of Object.keys(ENV_VARIABLES)) {
    const value = env[name];
    if (value !== undefined && value.trim() !== '') given[name] = value;
  }
  let values: EnvValues;
  try {
    values = envSchema<EnvValues>({ schema: ENV_SCHEMA, data: { ...given }, env: false });
  } catch (error) {
    const failed =
      (error as { errors?: { instancePath: string }[] }).errors?.[0]?.instancePath.slice(1) ?? '';
    if (isEnvName(failed)) throw refusal(failed, given[failed]);
    throw error;
  }
  for (const [name, variable] of Object.entries(ENV_VARIABLES) as [EnvName, Variable][]) {
    if (variable.valid && name in given && !variable.valid(given[name])) throw refusal(name, given[name]);
  }
  return values;
}

/** Environment variables that set the browser's configuration; unset ones keep the app's defaults. */
const APP_CONFIG_ENV = {
  SELECTION_VIDEO_URL: 'selectionVideoUrl',
  SELECTION_VIDEO_POSTER: 'selectionVideoPoster',
  SELECTION_VIDEO_CAPTIONS: 'selectionVideoCaptions',
  QUIZ_TIME: 'quizTime',
  PAYMENT_PUBLIC_KEY: 'paymentPublicKey',
  PAYMENT_SCRIPT_URL: 'paymentScriptUrl',
  WAITLIST_URL: 'waitlistUrl',
} as const satisfies Partial<Record<EnvName, string>>;

function appConfig(values: EnvValues): Record<string, string | number> {
  const config: Record<string, string | number> = {};
  for (const [name, key] of Object.entries(APP_CONFIG_ENV) as [keyof typeof APP_CONFIG_ENV, string][]) {
    const value = values[name];
    if (value !== undefined) config[key] = value;
  }
  return config;
}

/** The variables that seed the back office's programme settings at first start (decision 247). */
const SETTINGS_SEED_ENV = {
  BANK_NAME: 'bank_name',
  BANK_ACCOUNT_NAME: 'bank_account_name',
  BANK_ACCOUNT_NUMBER: 'bank_account_number',
  SUPPORT_EMAIL: 'support_email',
} as const satisfies Partial<Record<EnvName, keyof ProgrammeSettings>>;

function settingsSeed(values: EnvValues): Partial<ProgrammeSettings> {
  const seed: Partial<ProgrammeSettings> = {};
  for (const [name, key] of Object.entries(SETTINGS_SEED_ENV) as [
    keyof typeof SETTINGS_SEED_ENV,
    keyof ProgrammeSettings,
  ][]) {
    const value = values[name];
    if (value !== undefined) seed[key] = value;
  }
  return seed;
}

const trustedEntries = (value: string) => value.split(',').map((entry) => entry.trim());
const isTrustedEntry = (entry: string) => {
  if (/^\d+$/.test(entry) || entry.toLowerCase() === 'false') return true;
  // proxy-addr's names for the private ranges are addresses too.
  if (['loopback', 'linklocal', 'uniquelocal'].includes(entry)) return true;
  const [address, bits, ...rest] = entry.split('/');
  if (rest.length || !isIP(address)) return false;
  if (bits === undefined) return true;
  const max = isIP(address) === 4 ? 32 : 128;
  return /^\d+$/.test(bits) && Number(bits) <= max;
};

/**
 * TRUST_PROXY (checked by the schema): unset or `0` → no proxy; a number → that many hops; else a comma-separated
 * list of addresses, CIDRs or the names `loopback`, `linklocal`, `uniquelocal`.
 */
export function parseTrustProxy(value: string | undefined): TrustProxy {
  const text = (value ?? '').trim();
  if (text === '' || text === '0' || text.toLowerCase() === 'false') return false;
  if (/^\d+$/.test(text)) return Number.parseInt(text, 10);
  return trustedEntries(text);
}

/**
 * Fastify's `trustProxy` for our setting. A hop count becomes a function trusting the nearest `n` hops (the peer is
 * hop 0), so the address seen is the one the outermost trusted proxy appended; Fastify's own number option trusts
 * no hop at all.
 */
export function proxyTrust(
  trust: TrustProxy,
): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust === 'number') return (_address, hop) => hop < trust;
  return trust;
}

/** S3_*: null without S3_BUCKET (CVs stay on local disk); the key pair goes together. */
function s3Settings(values: EnvValues): S3Settings | null {
  const bucket = values.S3_BUCKET?.trim();
  if (!bucket) return null;
  const accessKeyId = values.S3_ACCESS_KEY_ID;
  const secretAccessKey = values.S3_SECRET_ACCESS_KEY;
  if (Boolean(accessKeyId) !== Boolean(secretAccessKey))
    throw new ConfigError('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together: set both, or neither.');
  const prefix = (values.S3_PREFIX ?? 'cvs/').trim().replace(/^\/+/, '');
  return {
    bucket,
    prefix: prefix && !prefix.endsWith('/') ? `${prefix}/` : prefix,
    endpoint: values.S3_ENDPOINT,
    region: values.S3_REGION ?? values.AWS_REGION ?? 'us-east-1',
    forcePathStyle: isOn(values.S3_FORCE_PATH_STYLE),
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
  };
}

/** RETENTION_* in days; unset keeps the default (docs/privacy.md). */
function retentionSettings(values: EnvValues): RetentionSettings {
  const settings = { ...RETENTION_DEFAULTS };
  for (const key of Object.keys(RETENTION_ENV) as (keyof RetentionSettings)[])
    settings[key] = values[RETENTION_ENV[key]] ?? RETENTION_DEFAULTS[key];
  return settings;
}

/**
 * The configuration from the environment, the only place the server reads it; a ConfigError naming the variable
 * when a value is not what it accepts, or when the whole is unsafe (production without real mail).
 */
export function readEnv(env: NodeJS.ProcessEnv = process.env): ServerEnv {
  const values = checkedValues(env);
  const port = values.PORT ?? 3000;
  const production = values.NODE_ENV === 'production';
  const smtpUrl = values.SMTP_URL ?? '';
  if (production && !smtpUrl) {
    throw new ConfigError(
      'NODE_ENV is production but SMTP_URL is not set: the server will not start without real mail, because ' +
        'the development outbox would show every code to anyone. Set SMTP_URL (e.g. smtp://user:pass@host:587).',
    );
  }
  const metricsToken = values.METRICS_TOKEN ?? '';
  return {
    ...defaultConfig({
      publicUrl: values.PUBLIC_URL ?? `http://localhost:${port}`,
      mailFrom: values.MAIL_FROM ?? DEFAULT_MAIL_FROM,
      geo: {
        url: values.GEO_API_URL ?? '',
        key: values.GEO_API_KEY ?? '',
        fixedCountry: values.GEO_FIXED_COUNTRY ?? '',
      },
      rateLimits: {
        ipPerMinute: values.RATE_LIMIT_IP_PER_MINUTE ?? 1000,
        emailPer15Minutes: values.RATE_LIMIT_EMAIL_PER_15_MIN ?? 30,
      },
      trustProxy: parseTrustProxy(values.TRUST_PROXY),
      apiDocs: values.API_DOCS === undefined ? !production : isOn(values.API_DOCS),
      devMailbox: !production,
      // METRICS_TOKEN guards /metrics; without one it exists outside production only (decision 024).
      metrics: { enabled: metricsToken !== '' || !production, token: metricsToken },
      payment: {
        publicKey: values.PAYMENT_PUBLIC_KEY ?? '',
        secretKey: values.PAYMENT_SECRET_KEY ?? '',
        verifyUrl: values.PAYMENT_VERIFY_URL ?? DEFAULT_PAYMENT_VERIFY_URL,
        sandbox: !values.PAYMENT_PUBLIC_KEY && !values.PAYMENT_SECRET_KEY && !production,
      },
      staffEmails: (values.STAFF_EMAILS ?? '')
        .split(',')
        .map((e) => e.trim().toLowerCase())
        .filter(Boolean),
      // Tests shorten the window so a decision reaches the applicant without a 5-minute wait; 0 is allowed.
      decisionUndoMs: (values.DECISION_UNDO_SECONDS ?? DECISION_UNDO_MINUTES * 60) * 1000,
      locale: values.PROGRAMME_LOCALE ?? DEFAULT_LOCALE,
      appConfig: appConfig(values),
      settingsSeed: settingsSeed(values),
      privacy: {
        controllerName: values.PRIVACY_CONTROLLER_NAME ?? PROGRAMME,
        contactEmail: values.PRIVACY_CONTACT_EMAIL ?? null,
        erasureKey: values.PRIVACY_HMAC_KEY ?? null,
      },
      retention: retentionSettings(values),
    }),
    port,
    host: values.HOST ?? '127.0.0.1',
    dataDir: resolve(values.DATA_DIR ?? 'var'),
    databaseUrl: values.DATABASE_URL ?? '',
    smtpUrl,
    clientDir: resolve(values.CLIENT_DIR ?? 'dist/client'),
    workers: values.WORKERS === 'auto' ? availableParallelism() : Number(values.WORKERS ?? 1),
    logLevel: values.LOG_LEVEL ?? 'info',
    mailPollMs: values.MAIL_POLL_MS ?? DEFAULT_MAIL_POLL_MS,
    mailRetryMs: values.MAIL_RETRY_MS ?? DEFAULT_RETRY_MS,
    reminderPollMs: values.REMINDER_POLL_MS ?? DEFAULT_REMINDER_POLL_MS,
    retentionPollMs: values.RETENTION_POLL_MS ?? DEFAULT_RETENTION_POLL_MS,
    s3: s3Settings(values),
  };
}
