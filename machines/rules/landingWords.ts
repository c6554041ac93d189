/**
 * The landing page's words an admin edits in the back office (docs/decisions/246-the-landing-words-are-edited-in-the-back-office.md):
 * the FAQ's questions and answers and the four key information cards' title, first line and lines. The build
 * prerenders the page without them; the server renders them from the published words (server/landingPage.ts) and the
 * browser hydrates with the same words. Where the live cohort's number and dates go, the words hold tokens
 * (`COHORT_TOKENS`) that each render fills. Plain functions only: the server and the browser import this file.
 */
import { STAFF_API } from './api';
import type { CohortLabels } from './landingCohort';

export interface FaqEntry {
  question: string;
  answer: string;
}

export interface KeyInfoCard {
  title: string;
  lead: string;
  details: readonly string[];
}

export interface LandingWords {
  faq: readonly FaqEntry[];
  cards: readonly KeyInfoCard[];
}

/** How long each piece may be: what fits the page's layout (the cards' row keeps its height: docs/design.md). */
export const LANDING_WORD_LIMITS = {
  faqEntries: 40,
  question: 200,
  answer: 1500,
  cards: 4,
  title: 40,
  lead: 80,
  details: 5,
  detail: 120,
} as const;

/**
 * What an admin writes where the cohort open now goes; each render fills it with the cohort's words, its fee table's
 * included (decision 244), so the words never hold an amount that a fee change would leave behind.
 */
export const COHORT_TOKENS = {
  number: '{cohort}',
  start: '{start}',
  deadline: '{deadline}',
  fee: '{fee}',
  full: '{full}',
  instalments: '{instalments}',
  /** The cohort's aid ceiling, "30%" (decision 238). */
  aid: '{aid}',
} as const;

/** `text` with the cohort's tokens replaced by `cohort`'s words (placeholders at build time, the live ones later). */
export const withCohort = (text: string, cohort: CohortLabels): string =>
  text
    .replaceAll(COHORT_TOKENS.number, cohort.number)
    .replaceAll(COHORT_TOKENS.start, cohort.start)
    .replaceAll(COHORT_TOKENS.deadline, cohort.deadline)
    .replaceAll(COHORT_TOKENS.fee, cohort.fee)
    .replaceAll(COHORT_TOKENS.full, cohort.full)
    .replaceAll(COHORT_TOKENS.instalments, cohort.instalments)
    .replaceAll(COHORT_TOKENS.aid, cohort.aid);

/** The words the build carries: the ones migration 40 published first, and what the page hydrates with by default. */
export const BUILT_LANDING_WORDS: LandingWords = {
  faq: [
    {
      question: 'What is The Employment Bootcamp?',
      answer:
        'A 12-week, 100% virtual, live career programme run by an early-career accelerator that connects work-ready graduates to decent jobs. It is not self-paced: you learn in live sessions with facilitators and your cohort.',
    },
    {
      question: 'Who can apply?',
      answer:
        'Post-secondary graduates with 0 to 8 years of work experience (internships count), who need a job within 12 weeks and have an internet-enabled device.',
    },
    {
      question: 'When does the next cohort start?',
      answer: `Cohort ${COHORT_TOKENS.number} starts on ${COHORT_TOKENS.start}, with a 5-day onboarding for everyone selected. Applications close on ${COHORT_TOKENS.deadline}.`,
    },
    {
      question: 'What happens if I miss the deadline for a cohort?',
      answer:
        'You are put on the waitlist for the next cohort automatically; you do not need to apply again.',
    },
    {
      question: 'How is the programme organised?',
      answer:
        'One week of onboarding, eight weeks of a complete learning game in eight levels, one Handshake week of panel sessions (Creating Opportunities, Thriving Abroad, Switching Careers, Remote Work), then graduation.',
    },
    {
      question: 'How much does it cost?',
      answer: `The commitment fee is ${COHORT_TOKENS.fee}, paid once you are selected. ${COHORT_TOKENS.full}.`,
    },
    {
      question: 'Can I pay in instalments?',
      answer: `${COHORT_TOKENS.instalments} through our instalment partner, with no extra fee. Applicants outside Nigeria pay in full.`,
    },
    {
      question: 'Are there scholarships or financial aid?',
      answer: `A limited number of scholarships exist for each cohort. You can also apply for financial aid of up to ${COHORT_TOKENS.aid} off the fee; places are limited and aid is not guaranteed.`,
    },
    {
      question: 'I applied through a partner organisation. Do I get a discount?',
      answer: 'Partner applicants get the discounts agreed with their organisation.',
    },
    {
      question: 'What do I need to take part?',
      answer:
        'Good English, a smart device, internet access and time: the sessions are live, so plan to attend them.',
    },
    {
      question: 'What happens after I submit my application?',
      answer:
        'You watch a short welcome video with a few questions in it. Once you are accepted you see your confirmation with the payment options.',
    },
    {
      question: 'What do I get at the end?',
      answer:
        'A shareable, verifiable digital badge for each challenge, a completion certificate and a private page for your credentials.',
    },
    {
      question: 'Will I meet employers?',
      answer:
        'Yes. Recruiters are available throughout the programme, and the Handshake week and graduate career network put you in front of leaders, mentors and coaches.',
    },
    {
      question: 'Is there a community?',
      answer:
        'Every cohort shares a chat community for questions, team challenges and support, and graduates join the graduate career network.',
    },
  ],
  cards: [
    {
      title: 'Cohort start',
      lead: `Cohort ${COHORT_TOKENS.number} starts ${COHORT_TOKENS.start}`,
      details: [
        'A 5-day onboarding for everyone selected',
        `Applications close ${COHORT_TOKENS.deadline}`,
        'Miss this cohort and you join the waitlist automatically',
      ],
    },
    {
      title: 'Delivery',
      lead: '12 weeks, 100% virtual and live',
      details: [
        'Live sessions with facilitators, not self-paced videos',
        'Individual and team challenges every week',
        'A chat community for the whole cohort',
      ],
    },
    {
      title: 'Commitment fee',
      lead: COHORT_TOKENS.fee,
      details: [
        COHORT_TOKENS.full,
        COHORT_TOKENS.instalments,
        `Financial aid of up to ${COHORT_TOKENS.aid} off for those who qualify`,
      ],
    },
    {
      title: 'Requirements',
      lead: 'What you need to take part',
      details: [
        'Good English',
        'A smart device and internet access',
        'Time: the programme is live, not self-paced',
      ],
    },
  ],
};

/** Each piece that differs, as "before → after" (an audit entry's detail: decision 246). */
export function landingWordsChanges(before: LandingWords, after: LandingWords): Record<string, string> {
  const changes: Record<string, string> = {};
  const note = (name: string, was: string | undefined, now: string | undefined) => {
    if (was !== now) changes[name] = `${was ?? 'none'} → ${now ?? 'none'}`;
  };
  for (let i = 0; i < Math.max(before.faq.length, after.faq.length); i++) {
    note(`faq ${i + 1} question`, before.faq[i]?.question, after.faq[i]?.question);
    note(`faq ${i + 1} answer`, before.faq[i]?.answer, after.faq[i]?.answer);
  }
  for (let i = 0; i < Math.max(before.cards.length, after.cards.length); i++) {
    const [was, now] = [before.cards[i], after.cards[i]];
    note(`card ${i + 1} title`, was?.title, now?.title);
    note(`card ${i + 1} first line`, was?.lead, now?.lead);
    note(`card ${i + 1} lines`, was?.details.join(' / '), now?.details.join(' / '));
  }
  return changes;
}

/** Whether two sets of words are the same, piece by piece. */
export const sameLandingWords = (a: LandingWords, b: LandingWords): boolean =>
  Object.keys(landingWordsChanges(a, b)).length === 0;

/** The back office's routes (docs/api.md "Landing words"): the words, a draft to preview, the preview, publish. */
export const landingWordsPaths = {
  words: `${STAFF_API}/landing-words`,
  draft: `${STAFF_API}/landing-words/draft`,
  publish: `${STAFF_API}/landing-words/publish`,
} as const;

/** The landing page with the draft's words, for staff only (a page, not an API answer: it has the page's headers). */
export const LANDING_PREVIEW_PATH = '/staff/landing-words/preview';

/** Where the build leaves the FAQ and the key information cards (scripts/prerender.ts), filled by `fillLandingWords`. */
export const LANDING_WORDS_PLACEHOLDERS = {
  faq: '%%LANDING_FAQ%%',
  keyInformation: '%%LANDING_KEY_INFORMATION%%',
} as const;

/** The two parts' markup, as React renders them from the words (src/landing/entry-server.tsx `renderLandingWords`). */
export interface RenderedLandingWords {
  faq: string;
  keyInformation: string;
}

const escapeAttribute = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * The page with the two parts' markup in place of their placeholders, in one pass (words that look like a
 * placeholder are never read as one). Words other than the build's are written into `#root[data-words]` too, for the
 * browser to hydrate with (src/landing/hydrate.tsx): the page stays byte for byte the build's until an admin publishes.
 */
export function fillLandingWords(
  template: string,
  words: LandingWords,
  rendered: RenderedLandingWords,
): string {
  const parts: Record<string, string> = {
    [LANDING_WORDS_PLACEHOLDERS.faq]: rendered.faq,
    [LANDING_WORDS_PLACEHOLDERS.keyInformation]: rendered.keyInformation,
  };
  const filled = template.replace(/%%LANDING_(FAQ|KEY_INFORMATION)%%/g, (token) => parts[token] ?? token);
  if (sameLandingWords(words, BUILT_LANDING_WORDS)) return filled;
  return filled.replace(
    '<div id="root"',
    () => `<div id="root" data-words="${escapeAttribute(JSON.stringify(words))}"`,
  );
}

/** The words written into the page (`fillLandingWords`), when they have the words' shape; else none. */
export function writtenLandingWords(json: string | undefined): LandingWords | undefined {
  if (!json) return undefined;
  const texts = (list: unknown): list is string[] =>
    Array.isArray(list) && list.every((item) => typeof item === 'string');
  try {
    const words = JSON.parse(json) as LandingWords;
    const whole =
      Array.isArray(words.faq) &&
      words.faq.every((entry) => texts([entry.question, entry.answer])) &&
      Array.isArray(words.cards) &&
      words.cards.every((card) => texts([card.title, card.lead]) && texts(card.details));
    return whole ? words : undefined;
  } catch {
    return undefined;
  }
}
