import { describe, expect, it } from 'vitest';
import {
  DEFAULT_RUBRIC,
  SCORECARD_MESSAGES,
  checkRatings,
  checkRubric,
  criterionKey,
  scorecardMean,
  reviewersAgree,
  summarise,
} from '../../machines/rules/scorecard';

const all = (rating: number) => Object.fromEntries(DEFAULT_RUBRIC.map((c) => [c.key, rating]));

describe('scorecards', () => {
  it('the default rubric is the programme’s selection criteria, each with guidance', () => {
    expect(DEFAULT_RUBRIC.map((c) => c.label)).toEqual([
      'Communication',
      'Commitment',
      'Digital readiness',
      'Fit',
    ]);
    for (const criterion of DEFAULT_RUBRIC) expect(criterion.guidance).toMatch(/1: .*5: /);
  });

  it('a scorecard’s mean is the mean of its ratings over the rubric, and none while one is missing', () => {
    expect(
      scorecardMean(DEFAULT_RUBRIC, { communication: 5, commitment: 4, digital_readiness: 3, fit: 3 }),
    ).toBe(3.75);
    expect(
      scorecardMean(DEFAULT_RUBRIC, { communication: 5, commitment: 4, digital_readiness: 3 }),
    ).toBeNull();
    expect(scorecardMean(DEFAULT_RUBRIC, all(6))).toBeNull();
  });

  it('the score weighs each reviewer the same and asks for another review with one, or with a disagreement', () => {
    expect(summarise([])).toEqual({ count: 0, mean: null, spread: 0, needsAnotherReview: false });
    expect(summarise([4])).toEqual({ count: 1, mean: 4, spread: 0, needsAnotherReview: true });
    expect(summarise([4, 3.5])).toEqual({ count: 2, mean: 3.75, spread: 0.5, needsAnotherReview: false });
    expect(summarise([4.5, 2.5])).toEqual({ count: 2, mean: 3.5, spread: 2, needsAnotherReview: true });
    // The same rule the reports count agreement by (decision 163).
    expect([reviewersAgree(1.99), reviewersAgree(2)]).toEqual([true, false]);
    // A third reviewer does not hide the two who disagree.
    expect(summarise([1, 3, 3]).needsAnotherReview).toBe(true);
    expect(summarise([2, 3, 3.25])).toEqual({
      count: 3,
      mean: 2.75,
      spread: 1.25,
      needsAnotherReview: false,
    });
  });

  it('ratings need every criterion, each a whole number from 1 to 5, and nothing else', () => {
    expect(checkRatings(DEFAULT_RUBRIC, all(3))).toEqual({ ratings: all(3) });
    expect(checkRatings(DEFAULT_RUBRIC, { ...all(3), fit: 0 })).toEqual({
      field: 'fit',
      message: SCORECARD_MESSAGES.rating('Fit'),
    });
    expect(checkRatings(DEFAULT_RUBRIC, { ...all(3), fit: 2.5 })).toMatchObject({ field: 'fit' });
    expect(checkRatings(DEFAULT_RUBRIC, { ...all(3), fit: '4' })).toMatchObject({ field: 'fit' });
    expect(checkRatings(DEFAULT_RUBRIC, { ...all(3), charm: 5 })).toEqual({
      field: 'ratings',
      message: SCORECARD_MESSAGES.criteria,
    });
    expect(checkRatings(DEFAULT_RUBRIC, [3, 3])).toMatchObject({ field: 'ratings' });
  });

  it('an admin’s rubric keys each criterion from its name and refuses an empty, repeated or long one', () => {
    expect(criterionKey('Digital readiness!')).toBe('digital_readiness');
    expect(checkRubric([{ label: ' Motivation ', guidance: '1: none; 5: clear' }, { label: 'Fit' }])).toEqual(
      {
        rubric: [
          { key: 'motivation', label: 'Motivation', guidance: '1: none; 5: clear' },
          { key: 'fit', label: 'Fit', guidance: '' },
        ],
      },
    );
    expect(checkRubric([])).toEqual({ field: 'criteria', message: SCORECARD_MESSAGES.rubricEmpty });
    // A criterion's error names its field in the form (the second criterion's name), so it shows there.
    expect(checkRubric([{ label: 'Fit' }, { label: 'fit' }])).toEqual({
      field: 'criterion-1',
      message: SCORECARD_MESSAGES.criterionRepeated,
    });
    expect(checkRubric([{ label: 'Fit' }, { label: '' }])).toEqual({
      field: 'criterion-1',
      message: SCORECARD_MESSAGES.criterionLabel,
    });
    expect(checkRubric([{ label: 'Fit', guidance: 'x'.repeat(501) }])).toEqual({
      field: 'guidance-0',
      message: SCORECARD_MESSAGES.criterionGuidance,
    });
    expect(checkRubric(Array.from({ length: 13 }, (_, i) => ({ label: `C${i}` })))).toEqual({
      field: 'criteria',
      message: SCORECARD_MESSAGES.rubricTooMany,
    });
  });
});
