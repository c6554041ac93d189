/**
 * Configuration is checked at start (server/config.ts, decision 021): every variable in the schema has a value it
 * refuses, with a sentence naming the variable, the value and what it accepts, and a value it takes. A variable
 * added to ENV_VARIABLES without a row here fails the first test.
 */
import { execFile } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { ConfigError, ENV_VARIABLES, readEnv, type EnvName } from '../../server/config';

const root = resolve(import.meta.dirname, '../..');

/** Per variable: a value it refuses and one it accepts. */
const VALUES: Record<EnvName, { bad: string; good: string }> = {
  NODE_ENV: { bad: 'prod', good: 'development' },
  PORT: { bad: 'abc', good: '8080' },
  HOST: { bad: 'local host', good: '0.0.0.0' },
  PUBLIC_URL: { bad: 'apply.example.org', good: 'https://apply.example.org' },
  WORKERS: { bad: '65', good: 'auto' },
  DATA_DIR: { bad: 'var\n', good: '/srv/bootcamp' },
  CLIENT_DIR: { bad: 'dist\tclient', good: 'dist/client' },
  DATABASE_URL: { bad: 'mysql://app:hunter2@db/app', good: 'postgres://app:hunter2@db:5432/app' },
  SMTP_URL: {
    bad: 'smpt://mailer:hunter2@mail.example.org:587',
    good: 'smtps://mailer:hunter2@mail.example.org',
  },
  MAIL_FROM: { bad: 'Bootcamp <no-reply@example.org>\r\nBcc: all@example.org', good: 'no-reply@example.org' },
  MAIL_POLL_MS: { bad: '0', good: '500' },
  MAIL_RETRY_MS: { bad: '1.5', good: '60000' },
  REMINDER_POLL_MS: { bad: 'often', good: '1000' },
  LOG_LEVEL: { bad: 'verbose', good: 'debug' },
  API_DOCS: { bad: 'maybe', good: 'yes' },
  METRICS_TOKEN: { bad: 'two words', good: 's3cr3t-t0ken' },
  RATE_LIMIT_IP_PER_MINUTE: { bad: '0', good: '60' },
  RATE_LIMIT_EMAIL_PER_15_MIN: { bad: '-3', good: '5' },
  TRUST_PROXY: { bad: '*', good: '10.0.0.1, 10.1.0.0/16' },
  STAFF_EMAILS: { bad: 'ada@example.org, grace', good: 'Ada@Example.org, grace@example.org' },
  DECISION_UNDO_SECONDS: { bad: 'soon', good: '0' },
  PROGRAMME_LOCALE: { bad: 'british', good: 'en-NG' },
  GEO_API_URL: { bad: 'ftp://geo.example.org/?key=hunter2', good: 'https://geo.example.org/{ip}?key={key}' },
  GEO_API_KEY: { bad: 'key with spaces', good: 'abc123' },
  GEO_FIXED_COUNTRY: { bad: 'Nigeria\n', good: 'Nigeria' },
  S3_BUCKET: { bad: 'My_Bucket', good: 'bootcamp-cvs' },
  S3_ENDPOINT: { bad: 'minio:9000', good: 'http://minio:9000' },
  S3_REGION: { bad: 'EU West', good: 'eu-west-1' },
  AWS_REGION: { bad: 'eu west 1', good: 'eu-west-1' },
  S3_ACCESS_KEY_ID: { bad: 'AKIA EXAMPLE', good: 'AKIAEXAMPLE' },
  S3_SECRET_ACCESS_KEY: { bad: 'wJalr XUtnFEMI', good: 'wJalrXUtnFEMI' },
  S3_FORCE_PATH_STYLE: { bad: 'sometimes', good: 'true' },
  S3_PREFIX: { bad: 'cvs/\n', good: 'apply/cvs' },
  PAYMENT_PUBLIC_KEY: { bad: 'pk live', good: 'klp_pk_test_123' },
  PAYMENT_SECRET_KEY: { bad: 'sk live 123', good: 'klp_sk_test_123' },
  PAYMENT_VERIFY_URL: {
    bad: 'https://pay.example.org/verify',
    good: 'https://pay.example.org/{reference}/verify',
  },
  PAYMENT_SCRIPT_URL: { bad: 'js.example.org/checkout.js', good: 'https://js.example.org/checkout.js' },
  BANK_NAME: { bad: 'First\nBank', good: 'First Bank' },
  BANK_ACCOUNT_NAME: { bad: 'The\u0007Bootcamp', good: 'The Employment Bootcamp Ltd' },
  BANK_ACCOUNT_NUMBER: { bad: '01234x', good: '0123 456 789' },
  SELECTION_VIDEO_URL: { bad: 'media/video.mp4', good: 'https://cdn.example.org/video.mp4' },
  SELECTION_VIDEO_POSTER: { bad: 'poster.jpg', good: '/media/poster.jpg' },
  SELECTION_VIDEO_CAPTIONS: { bad: 'javascript:alert(1)', good: '/media/captions.vtt' },
  QUIZ_TIME: { bad: 'abc', good: '90.5' },
  WAITLIST_URL: { bad: 'waitlist', good: 'https://example.org/waitlist' },
  SUPPORT_EMAIL: { bad: 'support', good: 'support@example.org' },
  PRIVACY_CONTROLLER_NAME: { bad: 'Bootcamp\nLtd', good: 'Bootcamp Ltd' },
  PRIVACY_CONTACT_EMAIL: { bad: 'dpo', good: 'dpo@example.org' },
  PRIVACY_HMAC_KEY: { bad: 'a key with spaces', good: 'k3y-0f-the-tombstones' },
  RETENTION_CV_DAYS: { bad: '0', good: '45' },
  RETENTION_UNSUBMITTED_DAYS: { bad: 'half a year', good: '90' },
  RETENTION_OUTBOX_BODY_DAYS: { bad: '-1', good: '7' },
  RETENTION_AUDIT_DAYS: { bad: '2y', good: '365' },
  RETENTION_PAYMENT_DAYS: { bad: '1.5', good: '2190' },
  RETENTION_POLL_MS: { bad: 'hourly', good: '60000' },
};

const names = Object.keys(ENV_VARIABLES) as EnvName[];

const refusal = (env: NodeJS.ProcessEnv): string => {
  try {
    readEnv(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).message;
  }
  throw new Error(`accepted ${JSON.stringify(env)}`);
};

describe('configuration from the environment', () => {
  it('has a refused and an accepted value for every variable in the schema, and no others', () => {
    expect(Object.keys(VALUES).sort()).toEqual([...names].sort());
  });

  it.each(names)(
    '%s: a bad value stops the server with the variable, the value and what it accepts',
    (name) => {
      const { bad } = VALUES[name];
      const variable = ENV_VARIABLES[name];
      const message = refusal({ [name]: bad });
      expect(message.startsWith(`${name} must be ${variable.accepts}, got `)).toBe(true);
      const shown = 'shown' in variable ? variable.shown : 'value';
      // A secret or an address list never reaches the log, nor a URL's credentials.
      if (shown === 'secret' || shown === 'personal data') expect(message).not.toContain(bad);
      else if (shown === 'url') expect(message).not.toContain('hunter2');
      else expect(message).toContain(JSON.stringify(bad));
    },
  );

  it.each(names)('%s: a good value is taken', (name) => {
    expect(() => readEnv({ [name]: VALUES[name].good })).not.toThrow();
  });

  it('shows a refused URL without its password or query, and a secret not at all', () => {
    expect(refusal({ SMTP_URL: VALUES.SMTP_URL.bad })).toBe(
      'SMTP_URL must be an smtp:// or smtps:// URL, got "smpt://…@mail.example.org:587".',
    );
    expect(refusal({ GEO_API_URL: VALUES.GEO_API_URL.bad })).toBe(
      'GEO_API_URL must be an http(s) URL, got "ftp://geo.example.org/?…".',
    );
    expect(refusal({ PAYMENT_SECRET_KEY: 'sk live 123' })).toBe(
      'PAYMENT_SECRET_KEY must be printable characters without spaces, got a value this message does not repeat ' +
        '(it is a secret).',
    );
    expect(refusal({ STAFF_EMAILS: 'ada@example.org, grace' })).not.toContain('ada@example.org');
  });

  it('uses the good values', () => {
    const env = readEnv(Object.fromEntries(names.map((name) => [name, VALUES[name].good])));
    expect(env).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      publicUrl: 'https://apply.example.org',
      databaseUrl: 'postgres://app:hunter2@db:5432/app',
      mailFrom: 'no-reply@example.org',
      mailPollMs: 500,
      mailRetryMs: 60000,
      reminderPollMs: 1000,
      logLevel: 'debug',
      apiDocs: true,
      rateLimits: { ipPerMinute: 60, emailPer15Minutes: 5 },
      trustProxy: ['10.0.0.1', '10.1.0.0/16'],
      staffEmails: ['ada@example.org', 'grace@example.org'],
      decisionUndoMs: 0,
      s3: { bucket: 'bootcamp-cvs', prefix: 'apply/cvs/', region: 'eu-west-1', forcePathStyle: true },
    });
    expect(env.appConfig).toEqual({
      selectionVideoUrl: 'https://cdn.example.org/video.mp4',
      selectionVideoPoster: '/media/poster.jpg',
      selectionVideoCaptions: '/media/captions.vtt',
      quizTime: 90.5,
      paymentPublicKey: 'klp_pk_test_123',
      paymentScriptUrl: 'https://js.example.org/checkout.js',
      waitlistUrl: 'https://example.org/waitlist',
    });
    // The bank details and the support address only seed the back office's settings (decision 247).
    expect(env.settingsSeed).toEqual({
      support_email: 'support@example.org',
      bank_name: 'First Bank',
      bank_account_name: 'The Employment Bootcamp Ltd',
      bank_account_number: '0123 456 789',
    });
  });

  it('runs with no variables (or empty ones) on the embedded defaults, as npm start always has', () => {
    for (const env of [{}, Object.fromEntries(names.map((name) => [name, '']))]) {
      expect(readEnv(env)).toMatchObject({
        port: 3000,
        host: '127.0.0.1',
        publicUrl: 'http://localhost:3000',
        dataDir: resolve('var'),
        clientDir: resolve('dist/client'),
        databaseUrl: '',
        smtpUrl: '',
        workers: 1,
        logLevel: 'info',
        mailPollMs: 2000,
        mailRetryMs: 10000,
        reminderPollMs: 30000,
        apiDocs: true,
        devMailbox: true,
        trustProxy: false,
        rateLimits: { ipPerMinute: 1000, emailPer15Minutes: 30 },
        payment: { sandbox: true },
        s3: null,
        appConfig: {},
      });
    }
  });

  it('still refuses production without real mail, and turns the development pages off in production', () => {
    expect(refusal({ NODE_ENV: 'production' })).toMatch(/^NODE_ENV is production but SMTP_URL is not set/);
    expect(readEnv({ NODE_ENV: 'production', SMTP_URL: 'smtp://mail.example.org:587' })).toMatchObject({
      devMailbox: false,
      apiDocs: false,
      metrics: { enabled: false },
      payment: { sandbox: false },
    });
  });

  it('stops `npm start` before it opens anything: exit code 1 and the sentence on stderr', async () => {
    const run = promisify(execFile)(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      cwd: root,
      env: { ...process.env, PORT: 'abc', DATA_DIR: '/nonexistent-data-dir' },
    });
    await expect(run).rejects.toMatchObject({
      code: 1,
      stderr: 'PORT must be an integer from 1 to 65535, got "abc".\n',
    });
  });

  it('is read in server/config.ts only: no other server file touches process.env', () => {
    const files = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
        entry.isDirectory() ? files(join(dir, entry.name)) : [join(dir, entry.name)],
      );
    const readers = files(join(root, 'server'))
      .filter((file) => /\.tsx?$/.test(file) && readFileSync(file, 'utf8').includes('process.env'))
      .map((file) => relative(root, file));
    expect(readers).toEqual(['server/config.ts']);
  });
});
