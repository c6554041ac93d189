/**
 * The rule for the landing page's words (machines/rules/landingWordsRule.ts, decision 246): what an admin may publish,
 * refused in the catalogue's words; and how the words meet the page (the cohort's tokens, the filled placeholders,
 * the words written for hydration, escaped).
 */
import { describe, expect, it } from 'vitest';
import { COHORT_PLACEHOLDERS } from '../../machines/rules/landingCohort';
import {
  BUILT_LANDING_WORDS,
  fillLandingWords,
  LANDING_WORD_LIMITS,
  LANDING_WORDS_PLACEHOLDERS,
  landingWordsChanges,
  withCohort,
  writtenLandingWords,
  type LandingWords,
} from '../../machines/rules/landingWords';
import { checkLandingWords } from '../../machines/rules/landingWordsRule';
import { LANDING_WORDS_MESSAGES as M } from '../../machines/rules/messages';

const faqWith = (answer: string): LandingWords => ({
  ...BUILT_LANDING_WORDS,
  faq: [{ question: 'Who can apply?', answer }],
});

describe('the landing words rule', () => {
  it("takes the build's words, and trims what an admin typed", () => {
    expect(checkLandingWords(BUILT_LANDING_WORDS)).toEqual({ value: BUILT_LANDING_WORDS, issues: [] });
    expect(checkLandingWords(faqWith('  Graduates.  ')).value.faq[0]!.answer).toBe('Graduates.');
  });

  it.each([
    [
      'an empty question',
      { ...BUILT_LANDING_WORDS, faq: [{ question: ' ', answer: 'Yes' }] },
      'faq[0].question',
      M.question,
    ],
    ['a missing answer', { ...BUILT_LANDING_WORDS, faq: [{ question: 'Why?' }] }, 'faq[0].answer', M.answer],
    [
      'an answer too long',
      faqWith('a'.repeat(LANDING_WORD_LIMITS.answer + 1)),
      'faq[0].answer',
      M.tooLong(1500),
    ],
    ['no FAQ', { ...BUILT_LANDING_WORDS, faq: [] }, 'faq', M.noFaq],
    ['no FAQ list at all', { cards: BUILT_LANDING_WORDS.cards }, 'faq', M.noFaq],
    [
      'too many questions',
      { ...BUILT_LANDING_WORDS, faq: Array(41).fill({ question: 'Q?', answer: 'A.' }) },
      'faq',
      M.tooManyFaq(40),
    ],
    [
      'five cards',
      { ...BUILT_LANDING_WORDS, cards: [...BUILT_LANDING_WORDS.cards, BUILT_LANDING_WORDS.cards[0]] },
      'cards',
      M.cards(4),
    ],
    [
      'an empty line on a card',
      { ...BUILT_LANDING_WORDS, cards: BUILT_LANDING_WORDS.cards.map((c) => ({ ...c, details: ['', 'x'] })) },
      'cards[0].details[0]',
      M.detail,
    ],
    [
      'a title too long',
      {
        ...BUILT_LANDING_WORDS,
        cards: BUILT_LANDING_WORDS.cards.map((c) => ({ ...c, title: 't'.repeat(41) })),
      },
      'cards[3].title',
      M.tooLong(40),
    ],
  ])('refuses %s', (_what, words, path, message) => {
    expect(checkLandingWords(words).issues).toContainEqual({ path, message });
  });

  it('fills the cohort tokens with the cohort given', () => {
    const labels = {
      number: '13',
      start: '10 December 2026',
      deadline: '3 December 2026',
      notice: '',
      fee: 'N80,000',
      full: 'Pay in full and save 15%: N68,000',
      instalments: 'Pay in 2 instalments of N40,000',
      aid: '20%',
    };
    expect(withCohort('Cohort {cohort} starts {start}, closes {deadline}; {cohort}', labels)).toBe(
      'Cohort 13 starts 10 December 2026, closes 3 December 2026; 13',
    );
    // The fee's tokens follow the cohort's fee table (decision 244).
    expect(withCohort('The fee is {fee}. {full}. {instalments}.', labels)).toBe(
      'The fee is N80,000. Pay in full and save 15%: N68,000. Pay in 2 instalments of N40,000.',
    );
    // And the aid token the cohort's aid ceiling (decision 238).
    expect(withCohort('Aid of up to {aid} off.', labels)).toBe('Aid of up to 20% off.');
    expect(withCohort('{cohort}', COHORT_PLACEHOLDERS)).toBe('%%COHORT_NUMBER%%');
  });

  it('says each piece that changed as before → after', () => {
    const after = { ...faqWith('New'), faq: [{ question: 'Who can apply?', answer: 'New' }] };
    const changes = landingWordsChanges(BUILT_LANDING_WORDS, after);
    expect(changes['faq 1 question']).toBe('What is The Employment Bootcamp? → Who can apply?');
    expect(changes['faq 2 answer']).toBe(`${BUILT_LANDING_WORDS.faq[1]!.answer} → none`);
    expect(Object.keys(landingWordsChanges(BUILT_LANDING_WORDS, BUILT_LANDING_WORDS))).toEqual([]);
  });
});

describe('the words on the page', () => {
  const template = `<div id="root" data-cohort="x">${LANDING_WORDS_PLACEHOLDERS.keyInformation}…${LANDING_WORDS_PLACEHOLDERS.faq}</div>`;
  const rendered = { faq: '<p>FAQ</p>', keyInformation: '<p>cards</p>' };

  it("fills the two parts, and writes no words for hydration while they are the build's", () => {
    expect(fillLandingWords(template, BUILT_LANDING_WORDS, rendered)).toBe(
      '<div id="root" data-cohort="x"><p>cards</p>…<p>FAQ</p></div>',
    );
  });

  it('writes other words escaped, and reads them back; a placeholder in the words is only words', () => {
    const words = faqWith(`"><script>alert(1)</script> ${LANDING_WORDS_PLACEHOLDERS.faq}`);
    const page = fillLandingWords(template, words, {
      ...rendered,
      keyInformation: LANDING_WORDS_PLACEHOLDERS.faq,
    });
    expect(page).not.toContain('<script>');
    // The FAQ's placeholder rendered inside the cards is not filled again.
    expect(page).toContain(`<div id="root" data-words="`);
    expect(page.split('<p>FAQ</p>')).toHaveLength(2);
    const attribute = page.match(/data-words="([^"]*)"/)![1]!;
    const decoded = attribute
      .replaceAll('&quot;', '"')
      .replaceAll('&lt;', '<')
      .replaceAll('&gt;', '>')
      .replaceAll('&amp;', '&');
    expect(writtenLandingWords(decoded)).toEqual(words);
    expect(writtenLandingWords('{"faq": 3}')).toBeUndefined();
    expect(writtenLandingWords('not json')).toBeUndefined();
  });
});
