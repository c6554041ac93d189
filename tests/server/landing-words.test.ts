/**
 * The landing page's words edited in the back office (decision 246): until an admin publishes, `/` is byte for byte
 * the page prerendered whole; an admin's publish shows on `/` at once (escaped: an admin's `<script>` is text), through
 * another app on the same database within 5 s; a reviewer sees the words and changes nothing (403); bad words are
 * refused in the catalogue's words and change nothing; every publish is an audit entry with before → after; the
 * preview shows the draft to staff only. The page is prerendered here the way the build does it (the words left to
 * the server), so the test does not depend on a build.
 */
import { feeFacts } from '../../machines/rules/payments';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { paths, type CohortInfo } from '../../machines/rules/contract';
import { fillCohort } from '../../machines/rules/landingCohort';
import {
  BUILT_LANDING_WORDS,
  LANDING_PREVIEW_PATH,
  LANDING_WORD_LIMITS,
  landingWordsPaths,
  type LandingWords,
} from '../../machines/rules/landingWords';
import { LANDING_WORDS_MESSAGES as M } from '../../machines/rules/messages';
import { DEFAULT_CONTACT_EMAIL } from '../../machines/rules/pages';
import type { AuditEntry } from '../../machines/rules/reports';
import { staffPaths } from '../../machines/rules/staff/paths';
import { buildApp } from '../../server/app';
import { defaultConfig } from '../../server/config';
import { outboxMailer } from '../../server/mail/index';
import { expandSharedHead } from '../../scripts/sharedHead';
import { render, renderLandingWords } from '../../src/landing/entry-server';
import {
  databases,
  json,
  STAFF,
  staffRequests,
  useStaffTeam,
  useOtherProcesses,
  useTestApp,
} from './support';

const { lead: ADMIN, ama: AMA } = STAFF;
const root = resolve(import.meta.dirname, '../..');
const indexHtml = expandSharedHead(readFileSync(join(root, 'index.html'), 'utf8'));
/** index.html as the build writes it now: the FAQ and the cards left to the server. */
const prerendered = indexHtml.replace('<!--landing-prerender-->', render(undefined, { leaveWordsOut: true }));
/** index.html as the build wrote it before decision 246: the whole page, the build's words in it. */
const wholePage = indexHtml.replace('<!--landing-prerender-->', render());

const clientDir = mkdtempSync(join(tmpdir(), 'bootcamp-landing-words-'));
mkdirSync(join(clientDir, 'assets'));
writeFileSync(join(clientDir, 'index.html'), prerendered);
writeFileSync(join(clientDir, 'app.html'), '<!doctype html><title>App shell</title><div id="root"></div>');
afterAll(() => rmSync(clientDir, { recursive: true, force: true }));

/** The build's words with the second FAQ answer replaced. */
const withAnswer = (answer: string): LandingWords => ({
  ...BUILT_LANDING_WORDS,
  faq: BUILT_LANDING_WORDS.faq.map((entry, i) => (i === 1 ? { ...entry, answer } : entry)),
});

const NEW_ANSWER = 'Anyone who has finished school: <script>alert("x")</script> & more';
const NEW_ANSWER_HTML =
  'Anyone who has finished school: &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; more';

describe.each(databases)('the landing words in the back office on $name', (database) => {
  const t = useTestApp(database, {
    config: { staffEmails: [ADMIN] },
    clientDir,
    renderLandingWords,
    checkDocumentedAnswers: true,
  });
  const team = useStaffTeam(t, ADMIN, { ama: AMA });
  const as = staffRequests(t);
  const others = useOtherProcesses();

  const landing = async (app: FastifyInstance = t.app) => {
    const res = await app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'identity' } });
    expect(res.statusCode).toBe(200);
    return res.body;
  };
  const stored = async () =>
    json<{ data: { published: LandingWords; version: number; draft: LandingWords | null } }>(
      await as(team.admin).get(landingWordsPaths.words),
    ).data;
  const publish = (cookie: string, words: unknown, version: number) =>
    as(cookie).post(landingWordsPaths.publish, { words, version });
  const auditOf = async () =>
    json<{ data: AuditEntry[] }>(await as(team.admin).get(`${staffPaths.audit}?action=landing_words_publish`))
      .data;

  it('serves `/` byte for byte as the build made it before, until an admin publishes', async () => {
    const [cohort] = json<{ data: CohortInfo[] }>(
      await t.app.inject({ method: 'GET', url: paths.currentCohort }),
    ).data;
    const facts = {
      number: cohort.number,
      startDate: cohort.start_date,
      applicationDeadline: cohort.application_deadline,
      fees: (({ fee, full, instalments, aidCeiling }) => ({ fee, full, instalments, aidCeiling }))(
        feeFacts(cohort.fees),
      ),
    };
    expect(await landing()).toBe(fillCohort(wholePage, facts, DEFAULT_CONTACT_EMAIL));
    expect((await stored()).published).toEqual(BUILT_LANDING_WORDS);
  });

  it("publishes an admin's words: `/` shows them at once, escaped, with the same words to hydrate with", async () => {
    const { version } = await stored();
    const res = await publish(team.admin, withAnswer(`  ${NEW_ANSWER}  `), version);
    expect(res.statusCode).toBe(200);
    expect(json(res)).toMatchObject({ message: M.published, data: { version: version + 1 } });

    const page = await landing();
    expect(page).toContain(`<p>${NEW_ANSWER_HTML}</p>`);
    expect(page).not.toContain('<script>alert');
    expect(page).not.toContain(BUILT_LANDING_WORDS.faq[1]!.answer);
    // The cohort's tokens are still the live cohort's words.
    expect(page).toContain('Cohort 13 starts on 10 December 2026');
    expect(page.replace(/data-words="[^"]*"/, '')).not.toMatch(/%%|\{cohort\}/);
    const written = page
      .match(/data-words="([^"]+)"/)![1]!
      .replaceAll('&quot;', '"')
      .replaceAll('&lt;', '<')
      .replaceAll('&gt;', '>')
      .replaceAll('&amp;', '&');
    expect(JSON.parse(written)).toEqual(withAnswer(NEW_ANSWER));

    const [entry] = await auditOf();
    expect(entry).toMatchObject({ staff: ADMIN, action: 'landing_words_publish' });
    expect(entry!.detail).toEqual({
      version: version + 1,
      'faq 2 answer': `${BUILT_LANDING_WORDS.faq[1]!.answer} → ${NEW_ANSWER}`,
    });
  });

  it('lets a reviewer see the words and the preview, and change nothing (403)', async () => {
    const { version } = await stored();
    expect((await as(team.ama).get(landingWordsPaths.words)).statusCode).toBe(200);
    expect((await as(team.ama).post(landingWordsPaths.draft, { words: withAnswer('Mine') })).statusCode).toBe(
      403,
    );
    expect((await publish(team.ama, withAnswer('Mine'), version)).statusCode).toBe(403);
    expect(await stored()).toMatchObject({ published: BUILT_LANDING_WORDS, version, draft: null });
    expect(await landing()).not.toContain('Mine');
    expect(await auditOf()).toEqual([]);
  });

  it.each([
    [
      'an empty question',
      { ...BUILT_LANDING_WORDS, faq: [{ question: '  ', answer: 'Yes' }] },
      'faq[0].question',
      M.question,
    ],
    ['an empty answer', withAnswer(''), 'faq[1].answer', M.answer],
    [
      'an answer too long',
      withAnswer('a'.repeat(LANDING_WORD_LIMITS.answer + 1)),
      'faq[1].answer',
      M.tooLong(LANDING_WORD_LIMITS.answer),
    ],
    ['no FAQ entry at all', { ...BUILT_LANDING_WORDS, faq: [] }, 'faq', M.noFaq],
    [
      'three cards',
      { ...BUILT_LANDING_WORDS, cards: BUILT_LANDING_WORDS.cards.slice(1) },
      'cards',
      M.cards(4),
    ],
    [
      'a card without lines',
      {
        ...BUILT_LANDING_WORDS,
        cards: BUILT_LANDING_WORDS.cards.map((c, i) => (i ? c : { ...c, details: [] })),
      },
      'cards[0].details',
      M.noDetails,
    ],
  ])('refuses %s in the catalogue’s words and changes nothing', async (_what, words, field, message) => {
    const { version } = await stored();
    const before = await landing();
    for (const res of [
      await publish(team.admin, words, version),
      await as(team.admin).post(landingWordsPaths.draft, { words }),
    ]) {
      expect(res.statusCode).toBe(400);
      expect(
        json<{ message: string; data: { error: Record<string, string[]> } }>(res).data.error[field],
      ).toEqual([message]);
    }
    expect(await stored()).toMatchObject({ published: BUILT_LANDING_WORDS, version, draft: null });
    expect(await landing()).toBe(before);
    expect(await auditOf()).toEqual([]);
  });

  it('refuses a publish made on words someone else has replaced since (409)', async () => {
    const { version } = await stored();
    expect((await publish(team.admin, withAnswer('First'), version)).statusCode).toBe(200);
    const late = await publish(team.admin, withAnswer('Second'), version);
    expect(late.statusCode).toBe(409);
    expect(json(late)).toEqual({ message: M.stale });
    expect((await stored()).published).toEqual(withAnswer('First'));
  });

  it('previews the draft to staff only, and `/` keeps the published words until the publish', async () => {
    const saved = await as(team.admin).post(landingWordsPaths.draft, { words: withAnswer(NEW_ANSWER) });
    expect(saved.statusCode).toBe(200);
    expect((await stored()).draft).toEqual(withAnswer(NEW_ANSWER));
    for (const cookie of [team.admin, team.ama]) {
      const preview = await as(cookie).get(LANDING_PREVIEW_PATH);
      expect(preview.statusCode).toBe(200);
      expect(preview.headers['cache-control']).toBe('no-store');
      expect(preview.body).toContain(`<p>${NEW_ANSWER_HTML}</p>`);
    }
    expect((await t.app.inject({ method: 'GET', url: LANDING_PREVIEW_PATH })).statusCode).toBe(401);
    expect(await landing()).not.toContain(NEW_ANSWER_HTML);
    // Publishing ends the draft.
    expect((await publish(team.admin, withAnswer(NEW_ANSWER), (await stored()).version)).statusCode).toBe(
      200,
    );
    expect((await stored()).draft).toBeNull();
  });

  it('is served by another app on the same database within 5 seconds', async () => {
    const other = await buildApp({
      db: t.db,
      mailer: outboxMailer(t.db, t.now),
      storageDir: t.storageDir,
      clientDir,
      config: defaultConfig({ now: t.now, staffEmails: [ADMIN] }),
      renderLandingWords,
    });
    others.push(other);
    // The other process has read (and keeps) the words published now.
    expect(await landing(other)).toContain(BUILT_LANDING_WORDS.faq[1]!.answer);
    const published = Date.now();
    expect(
      (await publish(team.admin, withAnswer('Changed elsewhere'), (await stored()).version)).statusCode,
    ).toBe(200);
    let page = await landing(other);
    while (!page.includes('Changed elsewhere') && Date.now() - published < 5_000) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      page = await landing(other);
    }
    expect(page).toContain('<p>Changed elsewhere</p>');
    expect(Date.now() - published).toBeLessThan(5_000);
  });
});
