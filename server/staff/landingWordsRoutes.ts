/**
 * The landing page's words in the back office (docs/api.md "Landing words", decision 246): every team member sees
 * the published words and the draft; admins save a draft, look at the landing page with it (a page, not an API
 * answer), and publish it. The rule is machines/rules/landingWordsRule.ts; a publish is an audit entry with each
 * piece before and after, and this process forgets its published words at once (the others within COHORT_CACHE_MS).
 */
import type { FastifyInstance } from 'fastify';
import {
  LANDING_PREVIEW_PATH,
  landingWordsChanges,
  landingWordsPaths,
  type LandingWords,
} from '../../machines/rules/landingWords';
import { checkLandingWords } from '../../machines/rules/landingWordsRule';
import { LANDING_WORDS_MESSAGES as M } from '../../machines/rules/messages';
import type { Context } from '../context';
import { draftWords, publishedWords, publishWords, saveDraft } from '../db/landingWords';
import { fail, refuse } from '../http';
import { closed, envelope, int, text } from '../routes/answers';
import { BODY_CAP_LONG, object, str } from '../routes/schemas';
import type { StaffGuard } from './staffGuard';
import { staffSchema, withRefusals } from './routeSchema';
import { audit } from './store';

const wordsAnswer = closed({
  faq: { type: 'array', items: closed({ question: text, answer: text }) },
  cards: {
    type: 'array',
    items: closed({ title: text, lead: text, details: { type: 'array', items: text } }),
  },
});
// Loose bounds only: the rule refuses what is too long or missing in the catalogue's words.
const many = (items: unknown) => ({ type: 'array', maxItems: 100, items });
const wordsBody = object(
  {
    faq: many(object({ question: str(BODY_CAP_LONG), answer: str(BODY_CAP_LONG) })),
    cards: many(
      object({ title: str(BODY_CAP_LONG), lead: str(BODY_CAP_LONG), details: many(str(BODY_CAP_LONG)) }),
    ),
  },
  [],
);
const draftBody = object({ words: wordsBody }, ['words']);
const publishBody = object({ words: wordsBody, version: int }, ['words', 'version']);

/** The words sent, as the rule reads them; refused with every problem when they break it. */
function checked(words: unknown): LandingWords {
  const { value, issues } = checkLandingWords(words);
  if (issues.length) throw refuse(issues);
  return value;
}

export function landingWordsRoutes(app: FastifyInstance, ctx: Context, staff: StaffGuard): void {
  const { db, config } = ctx;

  app.get(
    landingWordsPaths.words,
    staffSchema(
      'The landing words published now (the FAQ and the key information cards), their version, and the draft if any',
      withRefusals(
        envelope(
          'Landing words',
          closed({
            published: wordsAnswer,
            version: int,
            published_at: text,
            draft: { anyOf: [wordsAnswer, { type: 'null' }] },
          }),
        ),
        false,
      ),
    ),
    async (request) => {
      await staff(request);
      const [published, draft] = await Promise.all([publishedWords(db), draftWords(db)]);
      return {
        message: 'Landing words',
        data: {
          published: published.words,
          version: published.version,
          published_at: published.published_at.toISOString(),
          draft,
        },
      };
    },
  );

  app.post<{ Body: { words: unknown } }>(
    landingWordsPaths.draft,
    staffSchema(
      'Save the draft of the landing words (admins), to look at with the preview before publishing',
      withRefusals(envelope('Saved', closed({ draft: wordsAnswer })), true, 400),
      { body: draftBody },
    ),
    async (request) => {
      const admin = await staff(request, 'admin');
      const words = checked(request.body.words);
      await saveDraft(db, words, admin.id, config.now());
      return { message: M.preview, data: { draft: words } };
    },
  );

  app.post<{ Body: { words: unknown; version: number } }>(
    landingWordsPaths.publish,
    staffSchema(
      'Publish the landing words (admins): `/` shows them at once; refused (409) when another publish came first',
      withRefusals(
        envelope('Published', closed({ published: wordsAnswer, version: int, published_at: text })),
        true,
        400,
        409,
      ),
      { body: publishBody },
    ),
    async (request) => {
      const admin = await staff(request, 'admin');
      const words = checked(request.body.words);
      const now = config.now();
      const version = await db.transaction(async (tx) => {
        const before = await publishedWords(tx, true);
        if (before.version !== request.body.version) throw fail(409, M.stale);
        const changes = landingWordsChanges(before.words, words);
        const version = await publishWords(tx, words, admin.id, now);
        await audit(tx, admin.id, 'landing_words_publish', now, null, { version, ...changes });
        return version;
      });
      ctx.landingWords.forget();
      return {
        message: M.published,
        data: { published: words, version, published_at: now.toISOString() },
      };
    },
  );

  // The landing page as it would look with the draft (else the published words): staff only, never cached or indexed.
  app.get(LANDING_PREVIEW_PATH, { schema: { hide: true } }, async (request, reply) => {
    await staff(request);
    const landing = ctx.landing;
    if (!landing) throw fail(404, M.noPage);
    const words = (await draftWords(db)) ?? (await ctx.landingWords.published()).words;
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('x-robots-tag', 'noindex')
      .send(await landing.preview(words));
  });
}
