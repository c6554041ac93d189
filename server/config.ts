/** Configuration from the environment, with safe defaults (docs/api.md lists every variable). */
import { isIP } from 'node:net';
import { resolve } from 'node:path';
import { DECISION_UNDO_MINUTES } from '../machines/rules/staff';
import { DEFAULT_CONTACT_EMAIL } from '../machines/rules/pages';
import { RETENTION_DEFAULTS, RETENTION_ENV, type RetentionSettings } from '../machines/rules/privacy';
import { PROGRAMME } from './mail/templates';

/** /metrics (server/metrics.ts): whether it exists, and the Bearer token it then needs ('' for none). */
export interface MetricsConfig {
  enabled: boolean;
  token: string;
}

/** METRICS_TOKEN guards /metrics; without one it exists outside production only (docs/decisions/058-metrics.md). */
export const readMetricsConfig = (env: NodeJS.ProcessEnv): MetricsConfig => {
  const token = env.METRICS_TOKEN ?? '';
  return { enabled: token !== '' || env.NODE_ENV !== 'production', token };
};

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
  /** The clock; tests move it to expire codes and pass deadlines. */
  now: () => Date;
  /** The privacy notice's controller and contact, and the key of the erasures' tombstones (docs/privacy.md). */
  privacy: PrivacyConfig;
  /** How long each kind of data is kept (machines/rules/privacy.ts, server/privacy/retention.ts). */
  retention: RetentionSettings;
  /** The browser's runtime configuration (src/config.ts `AppConfig`), written into the app shell. */
  appConfig: Record<string, string | number>;
}

export interface PrivacyConfig {
  controllerName: string;
  contactEmail: string;
  /** The key of the keyed hash an erasure's tombstone holds instead of the address (PRIVACY_HMAC_KEY). */
  erasureKey: string;
}

/** Only for development and tests: production is told to set PRIVACY_HMAC_KEY (server/main.ts warns). */
export const DEVELOPMENT_ERASURE_KEY = 'development-only-erasure-key';

export interface ServerEnv extends Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string;
  smtpUrl: string;
  clientDir: string;
}

const int = (value: string | undefined, fallback: number) => {
  const n = Number.parseInt(value ?? '', 10);
  return Number.isFinite(n) && n > 0 ? n : fallback;
};

const seconds = (value: string | undefined, fallback: number) => {
  const n = Number(value);
  return value !== undefined && value.trim() !== '' && Number.isFinite(n) && n >= 0 ? n : fallback;
};

export const defaultConfig = (overrides: Partial<Config> = {}): Config => ({
  publicUrl: 'http://localhost:3000',
  mailFrom: 'The Employment Bootcamp <no-reply@localhost>',
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
    contactEmail: DEFAULT_CONTACT_EMAIL,
    erasureKey: DEVELOPMENT_ERASURE_KEY,
  },
  retention: RETENTION_DEFAULTS,
  decisionUndoMs: DECISION_UNDO_MINUTES * 60_000,
  appConfig: {},
  ...overrides,
});

/** Environment variables that set the browser's configuration; unset ones keep the app's defaults. */
const APP_CONFIG_ENV = {
  SELECTION_VIDEO_URL: 'selectionVideoUrl',
  SELECTION_VIDEO_POSTER: 'selectionVideoPoster',
  SELECTION_VIDEO_CAPTIONS: 'selectionVideoCaptions',
  QUIZ_TIME: 'quizTime',
  PAYMENT_PUBLIC_KEY: 'paymentPublicKey',
  PAYMENT_SCRIPT_URL: 'paymentScriptUrl',
  WAITLIST_URL: 'waitlistUrl',
  SUPPORT_EMAIL: 'supportEmail',
  BANK_NAME: 'bankName',
  BANK_ACCOUNT_NAME: 'bankAccountName',
  BANK_ACCOUNT_NUMBER: 'bankAccountNumber',
} as const;

export function readAppConfig(env: NodeJS.ProcessEnv): Record<string, string | number> {
  const config: Record<string, string | number> = {};
  for (const [name, key] of Object.entries(APP_CONFIG_ENV)) {
    const value = env[name];
    if (value === undefined || value === '') continue;
    config[key] = key === 'quizTime' ? Number(value) : value;
  }
  return config;
}

const onOff = (value: string | undefined): boolean | undefined =>
  value === undefined || value === '' ? undefined : value === '1' || value.toLowerCase() === 'true';

/**
 * TRUST_PROXY: unset or `0` → no proxy; a number → that many hops; else a comma-separated list of addresses, CIDRs
 * or the names `loopback`, `linklocal`, `uniquelocal`.
 */
export function parseTrustProxy(value: string | undefined): TrustProxy {
  const text = (value ?? '').trim();
  if (text === '' || text === '0' || text.toLowerCase() === 'false') return false;
  if (/^\d+$/.test(text)) return Number.parseInt(text, 10);
  const entries = text.split(',').map((entry) => entry.trim());
  const valid = (entry: string) => {
    // proxy-addr's names for the private ranges are addresses too.
    if (['loopback', 'linklocal', 'uniquelocal'].includes(entry)) return true;
    const [address, bits, ...rest] = entry.split('/');
    if (rest.length || !isIP(address)) return false;
    if (bits === undefined) return true;
    const max = isIP(address) === 4 ? 32 : 128;
    return /^\d+$/.test(bits) && Number(bits) <= max;
  };
  const wrong = entries.filter((entry) => !valid(entry));
  if (wrong.length) {
    throw new ConfigError(
      `TRUST_PROXY must be the number of proxies in front of the server (e.g. 1) or a comma-separated list of ` +
        `their addresses or CIDRs (e.g. 10.0.0.1,10.1.0.0/16); "${wrong[0]}" is neither. Trusting every hop ` +
        `would let a client choose the address the rate limits see.`,
    );
  }
  return entries;
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

/** RETENTION_* in days; unset keeps the default (docs/privacy.md). */
export const readRetention = (env: NodeJS.ProcessEnv): RetentionSettings =>
  Object.fromEntries(
    Object.entries(RETENTION_DEFAULTS).map(([key, days]) => [
      key,
      int(env[RETENTION_ENV[key as keyof RetentionSettings]], days),
    ]),
  ) as unknown as RetentionSettings;

/** The configuration from the environment; a ConfigError when it is unsafe or unreadable. */
export function readEnv(env: NodeJS.ProcessEnv = process.env): ServerEnv {
  const port = int(env.PORT, 3000);
  const production = env.NODE_ENV === 'production';
  const smtpUrl = env.SMTP_URL ?? '';
  if (production && !smtpUrl) {
    throw new ConfigError(
      'NODE_ENV is production but SMTP_URL is not set: the server will not start without real mail, because ' +
        'the development outbox would show every code to anyone. Set SMTP_URL (e.g. smtp://user:pass@host:587).',
    );
  }
  return {
    ...defaultConfig({
      publicUrl: env.PUBLIC_URL || `http://localhost:${port}`,
      mailFrom: env.MAIL_FROM || 'The Employment Bootcamp <no-reply@localhost>',
      geo: {
        url: env.GEO_API_URL ?? '',
        key: env.GEO_API_KEY ?? '',
        fixedCountry: env.GEO_FIXED_COUNTRY ?? '',
      },
      rateLimits: {
        ipPerMinute: int(env.RATE_LIMIT_IP_PER_MINUTE, 1000),
        emailPer15Minutes: int(env.RATE_LIMIT_EMAIL_PER_15_MIN, 30),
      },
      trustProxy: parseTrustProxy(env.TRUST_PROXY),
      apiDocs: onOff(env.API_DOCS) ?? !production,
      devMailbox: !production,
      metrics: readMetricsConfig(env),
      payment: {
        publicKey: env.PAYMENT_PUBLIC_KEY ?? '',
        secretKey: env.PAYMENT_SECRET_KEY ?? '',
        verifyUrl: env.PAYMENT_VERIFY_URL || DEFAULT_PAYMENT_VERIFY_URL,
        sandbox: !env.PAYMENT_PUBLIC_KEY && !env.PAYMENT_SECRET_KEY && env.NODE_ENV !== 'production',
      },
      staffEmails: (env.STAFF_EMAILS ?? '')
        .split(',')
        .map((e) => e.trim().toLowerCase())
        .filter(Boolean),
      // Tests shorten the window so a decision reaches the applicant without a 5-minute wait; 0 is allowed.
      decisionUndoMs: seconds(env.DECISION_UNDO_SECONDS, DECISION_UNDO_MINUTES * 60) * 1000,
      appConfig: readAppConfig(env),
      privacy: {
        controllerName: env.PRIVACY_CONTROLLER_NAME || PROGRAMME,
        contactEmail: env.PRIVACY_CONTACT_EMAIL || env.SUPPORT_EMAIL || DEFAULT_CONTACT_EMAIL,
        erasureKey: env.PRIVACY_HMAC_KEY || DEVELOPMENT_ERASURE_KEY,
      },
      retention: readRetention(env),
    }),
    port,
    host: env.HOST || '127.0.0.1',
    dataDir: resolve(env.DATA_DIR || 'var'),
    databaseUrl: env.DATABASE_URL ?? '',
    smtpUrl,
    clientDir: resolve(env.CLIENT_DIR || 'dist/client'),
  };
}
