/** docs/product.md §4 and §9: eligibility scoring, every threshold. */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  APPROACH_TO_NEW_TASKS,
  EDUCATION_FOCUS,
  FEEDBACK_HANDLING,
  HIGHEST_QUALIFICATIONS,
  NO_POST_SECONDARY,
  OPENNESS_TO_TOOLS,
  WORK_DISRUPTION_FEELINGS,
  scoreAnswer,
  scoreEligibility,
  type EligibilityAnswers,
  type Option,
} from '../../machines/rules';
import { unansweredEligibility } from '../support/answers';

type Scored = Exclude<keyof EligibilityAnswers, 'highest_qualification'>;
const SCORED: [Scored, Option[]][] = [
  ['openness_to_tools', OPENNESS_TO_TOOLS],
  ['work_disruption_feelings', WORK_DISRUPTION_FEELINGS],
  ['feedback_handling', FEEDBACK_HANDLING],
  ['approach_to_new_tasks', APPROACH_TO_NEW_TASKS],
  ['education_focus', EDUCATION_FOCUS],
];
const listOf = (field: Scored): string[] => SCORED.find(([f]) => f === field)![1].map((o) => o.value);

const DEGREE = 'Ordinary/Higher National Diploma or Bachelors degree';

/** Every scored answer at `position` (1..4), unless overridden. */
const answersAt = (position: number, overrides: Partial<EligibilityAnswers> = {}): EligibilityAnswers => {
  const answers = { ...unansweredEligibility, highest_qualification: DEGREE };
  for (const [field, options] of SCORED) answers[field] = options[position - 1].value;
  return { ...answers, ...overrides };
};

/** The first `n` scored answers negative (alternating score 3 and 4), the rest positive (alternating 1 and 2). */
const withNegatives = (n: number, qualification: string): EligibilityAnswers => {
  const answers = answersAt(1, { highest_qualification: qualification });
  SCORED.forEach(([field, options], i) => {
    answers[field] = options[i < n ? 2 + (i % 2) : i % 2].value;
  });
  return answers;
};

describe('the option lists are in the order docs/product.md §3.3 scores them', () => {
  it.each<[Scored, string[]]>([
    ['work_disruption_feelings', ['Excitement', 'Determination', 'Curiosity', 'Anxiety']],
    [
      'education_focus',
      ['Applied Sciences', 'Formal and Natural Sciences', 'Social Sciences and Humanities', 'Vocational'],
    ],
  ])('%s runs %j', (field, order) => {
    expect(listOf(field)).toEqual(order);
  });
  it.each(SCORED)('%s has exactly four distinct answers', (_field, options) => {
    expect(new Set(options.map((o) => o.value)).size).toBe(4);
  });
  it("the last qualification is 'No post-secondary qualification'", () => {
    expect(NO_POST_SECONDARY).toBe('No post-secondary qualification');
    expect(HIGHEST_QUALIFICATIONS.map((o) => o.value)).toContain(NO_POST_SECONDARY);
  });
});

describe('scoreAnswer', () => {
  it.each(SCORED)('%s scores 1 to 4 by position', (_field, options) => {
    expect(options.map((o) => scoreAnswer(o.value, options))).toEqual([1, 2, 3, 4]);
  });
  it.each(['', 'Something else', 'excitement', 'Excitement '])('unmatched answer %j scores 4', (answer) => {
    expect(scoreAnswer(answer, WORK_DISRUPTION_FEELINGS)).toBe(4);
  });
});

describe('scoreEligibility: negatives × qualification', () => {
  // [qualification, its score, the expected status with 0 to 5 negative answers]
  const byQualification: [string, number, string[]][] = [
    [DEGREE, 1, ['eligible', 'eligible', 'action_required', 'ineligible', 'ineligible', 'ineligible']],
    [
      NO_POST_SECONDARY,
      4,
      ['action_required', 'action_required', 'action_required', 'ineligible', 'ineligible', 'ineligible'],
    ],
  ];
  // [negatives, qualification, expected status, expected qualification score]
  const table = byQualification.flatMap(([qualification, score, statuses]) =>
    statuses.map((status, n): [number, string, string, number] => [n, qualification, status, score]),
  );
  it.each(table)('%i negative answers with %j → %s', (n, qualification, status, qualificationScore) => {
    expect(scoreEligibility(withNegatives(n, qualification))).toEqual({
      status,
      negatives: n,
      qualificationScore,
    });
  });

  it.each(HIGHEST_QUALIFICATIONS.filter((o) => o.value !== NO_POST_SECONDARY).map((o) => o.value))(
    'qualification %j scores 1 and keeps an all-positive applicant eligible',
    (qualification) => {
      const result = scoreEligibility(answersAt(1, { highest_qualification: qualification }));
      expect(result).toEqual({ status: 'eligible', negatives: 0, qualificationScore: 1 });
    },
  );

  it.each(['', 'no post-secondary qualification', 'Something else'])(
    'qualification %j is not the no-post-secondary answer, so it scores 1',
    (qualification) => {
      expect(
        scoreEligibility(answersAt(2, { highest_qualification: qualification })).qualificationScore,
      ).toBe(1);
    },
  );
});

describe('scoreEligibility: the score-3 threshold of every scored answer', () => {
  // Two other answers negative; this one decides between action_required (score ≤ 2) and ineligible (≥ 3).
  it.each(SCORED.map(([field]) => field))('%s at position 1/2 does not count, at 3/4 counts', (field) => {
    const others = SCORED.map(([f]) => f).filter((f) => f !== field);
    const base = answersAt(1);
    base[others[0]] = listOf(others[0])[3];
    base[others[1]] = listOf(others[1])[2];
    const at = (position: number) => scoreEligibility({ ...base, [field]: listOf(field)[position - 1] });
    expect(at(1)).toMatchObject({ status: 'action_required', negatives: 2 });
    expect(at(2)).toMatchObject({ status: 'action_required', negatives: 2 });
    expect(at(3)).toMatchObject({ status: 'ineligible', negatives: 3 });
    expect(at(4)).toMatchObject({ status: 'ineligible', negatives: 3 });
  });

  it('all answers at position 2 (score 2) are eligible; all at position 3 are ineligible', () => {
    expect(scoreEligibility(answersAt(2)).status).toBe('eligible');
    expect(scoreEligibility(answersAt(3))).toMatchObject({ status: 'ineligible', negatives: 5 });
  });
});

describe('scoreEligibility: unmatched and empty answers score 4', () => {
  it('one unmatched answer is one negative', () => {
    expect(scoreEligibility(answersAt(1, { feedback_handling: 'Not in the list' }))).toEqual({
      status: 'eligible',
      negatives: 1,
      qualificationScore: 1,
    });
  });
  it('two unmatched answers are action_required', () => {
    const answers = answersAt(2, { openness_to_tools: 'x', education_focus: 'Engineering' });
    expect(scoreEligibility(answers)).toMatchObject({ status: 'action_required', negatives: 2 });
  });
  it('three unmatched answers are ineligible', () => {
    const answers = answersAt(1, { openness_to_tools: 'x', education_focus: 'y', feedback_handling: 'z' });
    expect(scoreEligibility(answers)).toMatchObject({ status: 'ineligible', negatives: 3 });
  });
  it('all answers empty: five negatives, ineligible, qualification scores 1', () => {
    const empty: EligibilityAnswers = unansweredEligibility;
    expect(scoreEligibility(empty)).toEqual({ status: 'ineligible', negatives: 5, qualificationScore: 1 });
  });
});

describe('scoreEligibility: property test against an independent re-implementation', () => {
  /** docs/product.md §4 read literally, without the module's helpers. */
  const oracle = (a: EligibilityAnswers): string => {
    let negatives = 0;
    for (const [field, options] of SCORED) {
      const i = options.map((o) => o.value).indexOf(a[field]);
      const score = i < 0 ? 4 : i + 1;
      if (score >= 3) negatives += 1;
    }
    const qualification = a.highest_qualification === 'No post-secondary qualification' ? 4 : 1;
    if (negatives >= 3) return 'ineligible';
    if (negatives === 2 || qualification === 4) return 'action_required';
    return 'eligible';
  };
  const answer = (field: Scored) =>
    fc.oneof(
      fc.constantFrom(...listOf(field)),
      fc.constantFrom(...listOf(field)),
      fc.string({ maxLength: 8 }),
    );

  it('agrees on every combination', () => {
    fc.assert(
      fc.property(
        fc.record({
          openness_to_tools: answer('openness_to_tools'),
          work_disruption_feelings: answer('work_disruption_feelings'),
          feedback_handling: answer('feedback_handling'),
          approach_to_new_tasks: answer('approach_to_new_tasks'),
          education_focus: answer('education_focus'),
          highest_qualification: fc.oneof(
            fc.constantFrom(...HIGHEST_QUALIFICATIONS.map((o) => o.value)),
            fc.string({ maxLength: 8 }),
          ),
        }),
        (answers) => {
          expect(scoreEligibility(answers).status).toBe(oracle(answers));
        },
      ),
      { numRuns: 2000 },
    );
  });
});
