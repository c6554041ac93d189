import { describe, expect, it } from 'vitest';
import { checkDraft } from '../../machines/rules/queueFilters';
import { filterOf, queueViewOf } from '../../machines/rules/queueView';
import { STAFF_QUEUE_MESSAGES as M, type StaffQueueQuery } from '../../machines/rules/staff/queue';
import { STAFF_MESSAGES } from '../../machines/rules/staff/messages';
import { readQueueQuery, STAFF_QUEUE_QUERY_NAMES } from '../../machines/rules/staff/queueViewSchema';
import { queryString } from '../../src/staff/api';

/** Every filter of the queue, each with a value it takes. */
const EVERY_FILTER = {
  cohort: '6',
  stage: 'submitted,payment_chosen',
  eligibility: 'eligible,action_required',
  status: 'not_submitted,accepted',
  payment: 'Full payment',
  paymentStatus: 'none,paid',
  country: 'Nigeria',
  source: 'On social media',
  from: '2026-11-01',
  to: '2026-11-30',
  cv: 'yes',
  q: '  Ada Lovelace ',
  allCohorts: '1',
  scoreMin: '3.75',
  reviews: '0,2+',
  assignee: '12',
  tag: ' Call Back ',
  sort: 'score',
  dir: 'asc',
  cursor: 'WzEsMl0',
  limit: '200',
} satisfies Required<StaffQueueQuery>;

describe("the queue's view schema, shared by the screens and the server", () => {
  it('names every filter of the query string, once', () => {
    expect([...STAFF_QUEUE_QUERY_NAMES].sort()).toEqual(Object.keys(EVERY_FILTER).sort());
  });

  it('takes every filter and reads each as the queue uses it', () => {
    const { view, issues } = readQueueQuery(EVERY_FILTER);
    expect(issues).toEqual([]);
    expect(view).toEqual({
      cohort: 6,
      stages: ['submitted', 'payment_chosen'],
      eligibility: ['eligible', 'action_required'],
      statuses: ['not_submitted', 'accepted'],
      submittedOnly: false,
      allCohorts: true,
      payment: 'Full payment',
      paymentStatuses: ['none', 'paid'],
      country: 'Nigeria',
      source: 'On social media',
      from: new Date('2026-11-01T00:00:00Z'),
      // Exclusive: the whole of the last day is in.
      until: new Date('2026-12-01T00:00:00Z'),
      cv: 'yes',
      q: 'Ada Lovelace',
      sort: 'score',
      dir: 'asc',
      cursor: 'WzEsMl0',
      limit: 200,
      scoreMin: 3.75,
      reviews: ['0', '2+'],
      assignee: 12,
      tag: 'call back',
    });
  });

  it('reads nothing as the default view: submitted ones, newest first, 50 a page', () => {
    const { view, issues } = readQueueQuery({ utm_source: 'mail', q: '', status: '' });
    expect(issues).toEqual([]);
    expect(view).toMatchObject({
      stages: [],
      statuses: [],
      submittedOnly: true,
      allCohorts: false,
      sort: 'submitted',
      dir: 'desc',
      limit: 50,
    });
    expect(view.cohort).toBeUndefined();
    expect(readQueueQuery({ sort: 'name' }).view.dir).toBe('asc');
    expect(readQueueQuery({ assignee: 'me' }).view.assignee).toBe('me');
    expect(readQueueQuery({ stage: 'submitted,submitted' }).view.stages).toEqual(['submitted']);
    // Of a name given twice, the last counts (a query string may repeat one).
    expect(readQueueQuery({ sort: ['name', 'created'] }).view.sort).toBe('created');
  });

  it.each([
    ['cohort', 'six', M.noSuchCohort],
    ['stage', 'submitted,dreaming', M.chooseFromList],
    ['eligibility', 'maybe', M.chooseFromList],
    ['status', 'hired', M.chooseFromList],
    ['paymentStatus', 'refunded', M.chooseFromList],
    ['country', 'N'.repeat(301), M.chooseFromList],
    ['from', '01/11/2026', M.dateFormat],
    ['to', '2026-02-30', M.dateFormat],
    ['from', '3000-01-01', M.dateRange],
    ['cv', 'maybe', M.chooseFromList],
    ['q', 'a'.repeat(101), M.searchTooLong],
    ['allCohorts', 'yes', M.chooseFromList],
    ['scoreMin', '6', M.scoreMin],
    ['scoreMin', '3.333', M.scoreMin],
    ['scoreMin', '0.5', M.scoreMin],
    ['reviews', '3', M.chooseFromList],
    ['assignee', 'someone', M.chooseFromList],
    ['assignee', '0', M.chooseFromList],
    ['tag', '<script>', STAFF_MESSAGES.tagInvalid],
    ['sort', 'email', M.chooseFromList],
    ['dir', 'up', M.chooseFromList],
    ['cursor', 'c'.repeat(1001), M.cursorStale],
    ['limit', '0', M.limit],
    ['limit', '201', M.limit],
    ['limit', '2.5', M.limit],
  ])('refuses %s=%s in the catalogue’s words', (name, value, message) => {
    expect(readQueueQuery({ [name]: value }).issues).toEqual([{ path: name, message }]);
  });

  it('gives every field its own problem, and a value that is not text its field’s message', () => {
    expect(readQueueQuery({ sort: 'email', limit: '0', cv: { yes: true } }).issues).toEqual([
      { path: 'cv', message: M.chooseFromList },
      { path: 'sort', message: M.chooseFromList },
      { path: 'limit', message: M.limit },
    ]);
  });

  it('a view the browser writes into the URL reads back on the server as the same view', () => {
    const search = queryString(EVERY_FILTER);
    const params = new URLSearchParams(search);
    // The server reads the query string as Fastify parses it; the screen reads it by the schema's names.
    const onServer = readQueueQuery(Object.fromEntries(params));
    expect(onServer).toEqual(readQueueQuery(EVERY_FILTER));
    expect(readQueueQuery(queueViewOf(params))).toEqual(onServer);
    // The filter of "all N matching" is the same view without its page.
    const { view } = readQueueQuery(filterOf(queueViewOf(params)));
    expect(view).toEqual({ ...onServer.view, cursor: undefined, limit: 50 });
  });

  it('the filter panel says before any request what the server would refuse, by its field', () => {
    const parse = (typed: string) =>
      /^\d{2}\/\d{2}\/\d{4}$/.test(typed) ? typed.split('/').reverse().join('-') : null;
    expect(checkDraft({ from: '01/11/2026', q: 'Ada' }, parse, 'DD/MM/YYYY')).toEqual({
      query: { from: '2026-11-01', q: 'Ada' },
      problems: {},
    });
    expect(
      checkDraft({ from: 'soon', to: '01/01/3000', q: 'a'.repeat(101) }, parse, 'DD/MM/YYYY').problems,
    ).toEqual({ from: M.dateAs('DD/MM/YYYY'), to: M.dateRange, q: M.searchTooLong });
  });
});
