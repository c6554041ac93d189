/**
 * One value of a staff query string (the reports' and the audit log's; the queue's is read by its schema,
 * machines/rules/staff/queueViewSchema.ts): the last of a repeated name, none when empty, 400 when it is not text.
 */
import { dayOf, inQueueYears } from '../../machines/rules/staff/queueViewSchema';
import { STAFF_QUEUE_MESSAGES as M } from '../../machines/rules/staff/queue';
import { fieldFail } from '../http';

export type Query = Record<string, unknown>;

export const one = (query: Query, name: string): string | undefined => {
  const value = query[name];
  const text = Array.isArray(value) ? value[value.length - 1] : value;
  if (text === undefined || text === '') return undefined;
  if (typeof text !== 'string' || text.length > 300) throw fieldFail(400, name, M.chooseFromList);
  return text;
};

/** A calendar day within QUEUE_YEARS, or undefined when the parameter is absent. */
export function day(query: Query, name: string, plusDays = 0): Date | undefined {
  const text = one(query, name);
  if (!text) return undefined;
  const date = dayOf(text);
  if (date === null) throw fieldFail(400, name, M.dateFormat);
  if (!inQueueYears(date)) throw fieldFail(400, name, M.dateRange);
  return new Date(date.getTime() + plusDays * 86_400_000);
}
