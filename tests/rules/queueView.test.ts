import { describe, expect, it } from 'vitest';
import {
  filterOf,
  humanize,
  queueViewOf,
  reviewCountWords,
  scoreMinimums,
  searchNames,
  withoutSearchFor,
  sortDirection,
  sortedBy,
} from '../../machines/rules/queueView';

describe("the queue's view in the URL", () => {
  it('keeps only the queue names with a value', () => {
    expect(
      queueViewOf(new URLSearchParams('status=submitted&q=&utm_source=mail&cohort=6&cursor=abc')),
    ).toEqual({ status: 'submitted', cohort: '6', cursor: 'abc' });
  });

  it('the filter of "all N matching" has no page', () => {
    expect(filterOf({ status: 'submitted', cursor: 'abc', limit: '20', sort: 'name' })).toEqual({
      status: 'submitted',
      sort: 'name',
    });
  });

  it('sorts newest submitted first by default, and a second click turns the order round', () => {
    expect(sortDirection({}, 'submitted')).toBe('desc');
    expect(sortDirection({}, 'name')).toBeNull();
    const byName = sortedBy({ status: 'submitted', cursor: 'abc' }, 'name');
    expect(byName).toEqual({ status: 'submitted', sort: 'name', dir: 'asc' });
    expect(sortedBy(byName, 'name')).toEqual({ status: 'submitted', sort: 'name', dir: 'desc' });
    expect(sortedBy({}, 'submitted')).toEqual({ sort: 'submitted', dir: 'asc' });
  });

  it('words a code', () => {
    expect(humanize('action_required')).toBe('Action required');
  });

  it('keeps the score filters from the URL, offers every half point, and keeps a shared value of its own', () => {
    expect(queueViewOf(new URLSearchParams('scoreMin=3.5&reviews=0,2%2B&sort=score'))).toEqual({
      scoreMin: '3.5',
      reviews: '0,2+',
      sort: 'score',
    });
    expect(scoreMinimums()).toEqual(['1', '1.5', '2', '2.5', '3', '3.5', '4', '4.5', '5']);
    expect(scoreMinimums('3.75')).toEqual(['1', '1.5', '2', '2.5', '3', '3.5', '3.75', '4', '4.5', '5']);
    expect(scoreMinimums('4')).toHaveLength(9);
  });

  it('words the numbers of reviews for a chip', () => {
    expect(reviewCountWords('0,2+')).toBe('None yet, Two or more');
  });
});

describe('searches that name an erased person (decision 149)', () => {
  const [firstname, lastname] = ['Ngozi', 'Adebayo'];
  const NGOZI = { email: 'Ngozi@Example.com', phone: '+2348035550142', firstname, lastname };

  it.each([
    ['ngozi@example.com', true],
    ['  NGOZI   adebayo ', true],
    ['Adebayo', true],
    ['ngozi', true],
    ['0803 555 0142', true],
    ['+234 803 555 0142', true],
    ['ada', false],
    ['lagos', false],
    ['0803 555 0999', false],
    ['', false],
  ])('%j names her: %s', (q, names) => {
    expect(searchNames(q, NGOZI)).toBe(names);
  });

  it('takes the search out of a view that names her and keeps its filters; leaves any other view alone', () => {
    expect(withoutSearchFor('country=Nigeria&q=Ngozi+Adebayo&sort=name', NGOZI)).toBe(
      'country=Nigeria&sort=name',
    );
    expect(withoutSearchFor('country=Nigeria&q=ada', NGOZI)).toBeNull();
    expect(withoutSearchFor('status=submitted', NGOZI)).toBeNull();
  });

  it('an erased row names no one: nothing is taken out for it', () => {
    expect(searchNames('ngozi', { email: '', phone: '', firstname: '', lastname: '' })).toBe(false);
  });
});
