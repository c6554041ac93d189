/**
 * `/`: the prerendered landing page (dist/client/index.html) with the cohort open now and the published words
 * written into it. The build leaves placeholders where the cohort's number and dates go (machines/rules/landingCohort.ts)
 * and where the FAQ and the key information cards go (machines/rules/landingWords.ts); this fills them, those two parts
 * rendered by the SSR build's `renderLandingWords` (decision 246), and keeps the filled page, plain, gzip and Brotli,
 * until the current cohort, the published words or the support address change, so an answer costs no more than a static file's
 * (decision 018).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import {
  cohortLabels,
  fillCohort,
  type CohortFacts,
  type CohortLabels,
} from '../machines/rules/landingCohort';
import {
  fillLandingWords,
  LANDING_WORDS_PLACEHOLDERS,
  type LandingWords,
  type RenderedLandingWords,
} from '../machines/rules/landingWords';
import { cohortNotice } from '../machines/rules/seats';
import { feeFacts, type FeeTable } from '../machines/rules/payments';
import { feesOf, type ApplyingCohort } from './db/cohorts';
import type { PublishedWords } from './db/landingWords';

/** The FAQ's and the cards' markup from the words (src/landing/entry-server.tsx `renderLandingWords`). */
export type LandingWordsRenderer = (words: LandingWords, cohort: CohortLabels) => RenderedLandingWords;

/**
 * The SSR build's renderer, beside the client's folder as the build writes them (dist/ssr next to dist/client);
 * undefined when there is none (a test's bare client folder).
 */
export async function builtRenderer(clientDir: string): Promise<LandingWordsRenderer | undefined> {
  const entry = join(clientDir, '..', 'ssr', 'entry-server.js');
  if (!existsSync(entry)) return undefined;
  const module = (await import(pathToFileURL(entry).href)) as { renderLandingWords?: LandingWordsRenderer };
  return module.renderLandingWords;
}

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export interface FilledPage {
  identity: Buffer;
  gzip: Buffer;
  /**
   * Brotli at its best quality takes a few hundred milliseconds for the page: it is made in the background, and
   * until it is there browsers get the gzip copy (a few milliseconds to make), so no visitor waits for it.
   */
  br?: Buffer;
}

/**
 * The cohort a new application goes to, as `/` names it; while an admin paused the cohort open now, with the one
 * sentence Get Started says (the same rule, `cohortNotice`).
 */
export const cohortFacts = ({ cohort, paused }: ApplyingCohort): CohortFacts => ({
  number: cohort.number,
  startDate: cohort.start_date,
  applicationDeadline: cohort.application_deadline,
  fees: feeWords(feesOf(cohort)),
  ...(paused
    ? { notice: cohortNotice({ ...cohort, paused: { name: paused.name, reopens_on: paused.reopens_on } }) }
    : {}),
});

/** The fee lines of the landing page, from the cohort's table (decision 244). */
const feeWords = (fees: FeeTable) => {
  const { fee, full, instalments, aidCeiling } = feeFacts(fees);
  return { fee, full, instalments, aidCeiling };
};

/**
 * The page with the cohort, the contact address and the words. A template without the words' placeholders (a test's
 * page prerendered whole) keeps its own.
 */
export function fillLanding(
  template: string,
  facts: CohortFacts,
  contactEmail: string,
  words: LandingWords,
  renderWords: LandingWordsRenderer | undefined,
): string {
  const page = fillCohort(template, facts, contactEmail);
  if (!page.includes(LANDING_WORDS_PLACEHOLDERS.faq)) return page;
  if (!renderWords)
    throw new Error(
      'the landing page leaves its words to the server, and there is no dist/ssr/entry-server.js',
    );
  return fillLandingWords(page, words, renderWords(words, cohortLabels(facts)));
}

/** A page kept in memory with its gzip copy (and Brotli, once made): also `/apply`'s (server/routes/static.ts). */
export async function compressPage(html: string): Promise<FilledPage> {
  const identity = Buffer.from(html);
  const page: FilledPage = { identity, gzip: await gzipAsync(identity, { level: 9 }) };
  brotli(identity, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: identity.length },
  }).then(
    (br) => (page.br = br),
    () => undefined, // gzip stays the answer
  );
  return page;
}

export interface LandingPages {
  /** `/` as applicants get it. */
  page: () => Promise<FilledPage>;
  /** The page with other words (an admin's draft), as it would look once published. */
  preview: (words: LandingWords) => Promise<string>;
}

/**
 * The landing page for the cohort a new application goes to, with the published words; one entry, replaced when
 * the cohort's facts or the words' version change.
 */
export function landingPage(
  templatePath: string,
  applyingCohort: () => Promise<ApplyingCohort>,
  /** The support address as the back office has it now (decision 247). */
  contactEmailNow: () => Promise<string>,
  publishedWords: () => Promise<PublishedWords>,
  renderWords: LandingWordsRenderer | undefined,
): LandingPages {
  let template: string | undefined;
  const templateText = () => (template ??= readFileSync(templatePath, 'utf8'));
  let cached: { key: string; page: Promise<FilledPage> } | undefined;
  return {
    page: async () => {
      const [cohort, published, contactEmail] = await Promise.all([
        applyingCohort(),
        publishedWords(),
        contactEmailNow(),
      ]);
      const facts = cohortFacts(cohort);
      const key = `${published.version} ${JSON.stringify([facts, contactEmail])}`;
      let entry = cached;
      if (entry?.key !== key) {
        const filling = {
          key,
          page: (async () =>
            compressPage(fillLanding(templateText(), facts, contactEmail, published.words, renderWords)))(),
        };
        // A failed fill is not kept: the next request tries again.
        filling.page.catch(() => {
          if (cached === filling) cached = undefined;
        });
        entry = cached = filling;
      }
      return entry.page;
    },
    // Staff's preview of a draft: made for each look, never kept.
    preview: async (words) =>
      fillLanding(
        templateText(),
        cohortFacts(await applyingCohort()),
        await contactEmailNow(),
        words,
        renderWords,
      ),
  };
}

/** The body to send and its encoding: Brotli when accepted and ready, else gzip, else none (q=0 refuses one). */
export function pickEncoding(
  page: FilledPage,
  acceptEncoding: string | undefined,
): { encoding: 'br' | 'gzip' | 'identity'; body: Buffer } {
  const accepted = new Set(
    (acceptEncoding ?? '')
      .split(',')
      .map((part) => part.trim().split(';'))
      .filter(([, q]) => !q || Number(q.trim().replace(/^q=/, '')) > 0)
      .map(([name]) => name.trim().toLowerCase()),
  );
  if (accepted.has('br') && page.br) return { encoding: 'br', body: page.br };
  if (accepted.has('gzip')) return { encoding: 'gzip', body: page.gzip };
  return { encoding: 'identity', body: page.identity };
}
