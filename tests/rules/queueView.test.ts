import { describe, expect, it } from 'vitest';
import { filterOf, humanize, queueViewOf, sortDirection, sortedBy } from '../../machines/rules/queueView';

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
});
