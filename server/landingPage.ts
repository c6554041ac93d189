/**
 * `/`: the prerendered landing page (dist/client/index.html) with the cohort open now written into it. The build
 * leaves placeholders where the cohort's number and dates go (machines/rules/landingCohort.ts); this fills them and
 * keeps the filled page, plain, gzip and Brotli, until the current cohort changes, so an answer costs no more than
 * a static file's (decision 042).
 */
import { readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { fillCohort, type CohortFacts } from '../machines/rules/landingCohort';
import { cohortNotice } from '../machines/rules/seats';
import { feeFacts, type FeeTable } from '../machines/rules/payments';
import { feesOf, type ApplyingCohort } from './db/cohorts';

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
  const { fee, full, instalments } = feeFacts(fees);
  return { fee, full, instalments };
};

export const fillAndCompress = (
  template: string,
  facts: CohortFacts,
  contactEmail: string,
): Promise<FilledPage> => compressPage(fillCohort(template, facts, contactEmail));

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

/** The landing page for the cohort a new application goes to; one entry, replaced when its facts change. */
export function landingPage(
  templatePath: string,
  applyingCohort: () => Promise<ApplyingCohort>,
  contactEmail: string,
): () => Promise<FilledPage> {
  let template: string | undefined;
  let cached: { key: string; page: Promise<FilledPage> } | undefined;
  return async () => {
    const facts = cohortFacts(await applyingCohort());
    const key = JSON.stringify(facts);
    let entry = cached;
    if (entry?.key !== key) {
      template ??= readFileSync(templatePath, 'utf8');
      const filling = { key, page: fillAndCompress(template, facts, contactEmail) };
      // A failed fill is not kept: the next request tries again.
      filling.page.catch(() => {
        if (cached === filling) cached = undefined;
      });
      entry = cached = filling;
    }
    return entry.page;
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
