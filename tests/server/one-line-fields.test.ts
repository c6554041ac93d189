/**
 * One-line fields hold no line break (decision 017): the line and paragraph separators U+2028 and U+2029 are
 * refused like CR and LF, with the same words, in a staff message's subject and in an applicant's answers; nothing
 * is stored or queued.
 */
import type { LightMyRequestResponse } from 'fastify';
import { beforeEach, describe, expect, it } from 'vitest';
import { paths } from '../../machines/rules/contract';
import { MESSAGES } from '../../machines/rules/messages';
import { staffPaths } from '../../machines/rules/staff/paths';
import {
  applicant,
  databases,
  json,
  STAFF,
  submittedApplication,
  staffRequests,
  useStaffApp,
  useStaffTeam,
} from './support';

const { lead: ADMIN } = STAFF;
const BREAKS = ['\r\n', '\n', '\u2028', '\u2029'];
/** A break by its code points, for the failure message. */
const named = (lineBreak: string) =>
  [...lineBreak].map((c) => `U+${c.codePointAt(0)!.toString(16).padStart(4, '0')}`).join(' ');
const errorsOf = (res: LightMyRequestResponse) =>
  json<{ data: { error: Record<string, string[]> } }>(res).data.error;

describe.each(databases)('one-line fields on $name', (database) => {
  const t = useStaffApp(database, ADMIN);
  const team = useStaffTeam(t, ADMIN, {});
  let id: number;
  const count = async (table: string) =>
    (await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`)).rows[0].n;

  beforeEach(async () => {
    id = await submittedApplication(t);
  });

  it("refuses a line or paragraph separator in a message's subject as it refuses CR and LF", async () => {
    const outbox = await count('outbox');
    for (const lineBreak of BREAKS) {
      const res = await staffRequests(t)(team.admin).post(staffPaths.message.replace(':id', String(id)), {
        subject: `Hi${lineBreak}Bcc: someone@example.com`,
        body: 'A word about your application',
      });
      expect(res.statusCode, named(lineBreak)).toBe(400);
      expect(errorsOf(res), named(lineBreak)).toEqual({ subject: [MESSAGES.hiddenCharacters] });
    }
    expect(await count('outbox')).toBe(outbox);
    // In the body, a multi-line field, they are line breaks like any other.
    const sent = await staffRequests(t)(team.admin).post(staffPaths.message.replace(':id', String(id)), {
      subject: 'Hi',
      body: 'First line\u2028second line',
    });
    expect(sent.statusCode).toBe(200);
  });

  it("refuses them in an applicant's name as it refuses CR and LF, and creates nothing", async () => {
    for (const [i, lineBreak] of BREAKS.entries()) {
      const res = await t.app.inject({
        method: 'POST',
        url: paths.create,
        payload: applicant(`bola${i}@example.com`, { firstname: `Bola${lineBreak}Bcc` }),
      });
      expect(res.statusCode, named(lineBreak)).toBe(400);
      expect(errorsOf(res).firstname, named(lineBreak)).toEqual([MESSAGES.hiddenCharacters]);
    }
    expect(await count('applications')).toBe(1);
  });
});
