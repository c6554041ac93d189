/**
 * The staff back office's API (docs/api.md, "Staff"): sign-in with an emailed code into a staff session of its own
 * cookie, the team and its roles, an application's page, its CV, notes, review events and the audit log. Every
 * route but the sign-in's needs the staff session (the hook of server/staff/staffGuard.ts) and, where the chart or the
 * page says so, the admin role. Every view, download, decision and team change is written to the audit log.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  REVIEW_EVENT_TYPES,
  isReviewEventType,
  mayActorSend,
  reviewMeta,
} from '../../machines/review.machine';
import { MESSAGES } from '../../machines/rules/messages';
import type { AuditQuery } from '../../machines/rules/reports';
import { STAFF_COOKIE } from '../../machines/rules/staff/session';
import { STAFF_MESSAGES } from '../../machines/rules/staff/messages';
import { STAFF_ROLES, isStaffRole } from '../../machines/rules/staff/roles';
import { contactFor } from '../../machines/rules/staff/contact';
import { staffPaths } from '../../machines/rules/staff/paths';
import { timelineWords } from '../../machines/rules/staff/reviewActions';
import type { Context } from '../context';
import { savedApplication } from '../applications';
import { cohortById, seatsTaken } from '../db/cohorts';
import { iso } from '../db/index';
import { fail, fieldFail } from '../http';
import { STAFF_CODES, checkCode, issueCode } from '../codes';
import { takeCodeEmail } from '../mailQuota';
import { SERVER_MESSAGES } from '../messages';
import { paymentRecord, paymentsOf } from '../payments';
import { CV_FRAME_HEADERS } from '../securityHeaders';
import { checkEmail } from '../routes/guard';
import { object, str } from '../routes/schemas';
import { staffCodeEmail } from './emails';
import { auditQuerySchema, readAuditFilter, readAuditLog } from './auditLog';
import { staffMessageRoutes } from './messageRoutes';
import { staffQueueRoutes } from './queueRoutes';
import { reportRoutes } from './reportRoutes';
import { scorecardRoutes } from './scorecards';
import { assignmentRoutes } from './assignmentRoutes';
import { interviewRoutes } from './interviewRoutes';
import { interviewForStaff, interviewOn, inviteToInterview } from '../interviews';
import { tagRoutes } from './tagRoutes';
import { savedViewRoutes } from './savedViewRoutes';
import { selectionQuizRoutes } from './selectionQuizRoutes';
import { cohortRoutes } from './cohortRoutes';
import { settingsRoutes } from './settingsRoutes';
import { landingWordsRoutes } from './landingWordsRoutes';
import { aidRoutes } from './aidRoutes';
import { addNote, applicationForStaff, cvOf, notesOf, timelineOf } from './applicationRecord';
import { applyReviewEvent, isHeld } from '../review/events';
import { emailsTo, reminderOf, timelineEmail } from './record';
import { recordTransfer } from './transfer';
import { refuseWritesToErased } from './erasedGuard';
import { STAFF_PUBLIC, staffGuard } from './staffGuard';
import { staffSchema } from './routeSchema';
import { TRANSFER_MESSAGES, TRANSFER_REFERENCE_MAX, transferPath } from '../../machines/rules/staffRecord';
import { isUniqueViolation } from '../payments';
import {
  addTeamMember,
  audit,
  createStaffSession,
  endStaffSession,
  ensureConfiguredAdmin,
  findStaff,
  isConfiguredAdmin,
  listTeam,
  removeTeamMember,
} from './store';

const idParams = object({ id: { type: 'string', pattern: '^[0-9]{1,9}$' } }, ['id']);
const hidden = (summary: string, body?: unknown, params?: unknown, querystring?: unknown) =>
  staffSchema(summary, undefined, {
    ...(body ? { body } : {}),
    ...(params ? { params } : {}),
    ...(querystring ? { querystring } : {}),
  }).schema;
const noteSchema = hidden(
  'Add an internal note (applicants never see it)',
  object({ body: str(10_000) }),
  idParams,
);
const reviewSchema = hidden(
  'Review an application: the review chart decides what may happen',
  object({ type: str(40), overbook: { type: 'boolean' } }),
  idParams,
);
const transferSchema = hidden(
  "Record the applicant's bank transfer as paid, with its reference (admins only)",
  object({ reference: str(1000) }),
  idParams,
);

export async function staffRoutes(app: FastifyInstance, ctx: Context): Promise<void> {
  const { db, config, mailer, storage } = ctx;
  const perIp = { rateLimit: { max: config.rateLimits.ipPerMinute, timeWindow: 60_000 } };
  const cookieOptions = { httpOnly: true, sameSite: 'strict' as const, path: '/', secure: ctx.secureCookies };

  // Every route of this scope needs a signed-in team member unless it is STAFF_PUBLIC (server/staff/staffGuard.ts).
  const staff = staffGuard(app, ctx);

  const applicationId = (request: FastifyRequest) => Number((request.params as { id: string }).id);
  // Before any route: every write on an erased application answers 404 (server/staff/erasedGuard.ts).
  refuseWritesToErased(app, db, staff);

  app.post<{ Body: { email?: string } }>(
    staffPaths.signIn,
    {
      config: { ...perIp, ...STAFF_PUBLIC },
      schema: hidden('Email a sign-in code to a team member', object({ email: str(320) })),
    },
    async (request) => {
      const address = checkEmail(request.body?.email);
      await db.transaction(async (tx) => {
        const now = config.now();
        // Counted for every address, on the team or not, so that neither the answer nor the limit tells anyone
        // who works here; per requesting address first, so a stranger never spends a team member's allowance.
        await takeCodeEmail(tx, address, request.ip, now);
        await ensureConfiguredAdmin(tx, address, config.staffEmails, now);
        const member = await findStaff(tx, address);
        if (!member) return;
        const code = await issueCode(tx, STAFF_CODES, member.id, now);
        await mailer.send(staffCodeEmail(member.email, code), tx);
      });
      return { message: STAFF_MESSAGES.codeSent, data: {} };
    },
  );

  app.post<{ Body: { email?: string; token?: string } }>(
    staffPaths.verify,
    {
      config: { ...perIp, ...STAFF_PUBLIC },
      schema: hidden(
        'Check a sign-in code; a correct one starts a staff session',
        object({ email: str(320), token: str(100) }),
      ),
    },
    async (request, reply) => {
      const address = checkEmail(request.body?.email);
      const token = String(request.body?.token ?? '').trim();
      if (!/^\d{6}$/.test(token)) throw fieldFail(400, 'token', MESSAGES.otpFormat);
      const now = config.now();
      const session = await db.transaction(async (tx) => {
        const member = await findStaff(tx, address);
        if (!member || !(await checkCode(tx, STAFF_CODES, member.id, token, request.ip, now)).ok)
          return undefined;
        await audit(tx, member.id, 'sign_in', now);
        return { member, ...(await createStaffSession(tx, member.id, now)) };
      });
      // A wrong try was counted above; the answer does not say whether the address is on the team (nor which
      // allowance a refused try met).
      if (!session) throw fieldFail(400, 'token', SERVER_MESSAGES.codeWrong);
      reply.setCookie(STAFF_COOKIE, session.token, { ...cookieOptions, expires: session.expires });
      return {
        message: STAFF_MESSAGES.signedIn,
        data: { email: session.member.email, role: session.member.role, locale: config.locale },
      };
    },
  );

  app.post(
    staffPaths.signOut,
    { config: STAFF_PUBLIC, schema: hidden('End the staff session') },
    async (request, reply) => {
      const token = request.cookies?.[STAFF_COOKIE];
      if (token && token.length <= 200) await endStaffSession(db, token);
      reply.clearCookie(STAFF_COOKIE, cookieOptions);
      return { message: STAFF_MESSAGES.signedOut, data: {} };
    },
  );

  app.get(staffPaths.me, { schema: hidden('Who is signed in') }, async (request) => {
    const member = await staff(request);
    return { message: 'Signed in', data: { email: member.email, role: member.role, locale: config.locale } };
  });

  app.get(staffPaths.team, { schema: hidden('The team (admins only)') }, async (request) => {
    await staff(request, 'admin');
    const team = await listTeam(db);
    return {
      message: 'Team',
      data: team.map((m) => ({
        id: m.id,
        email: m.email,
        role: m.role,
        since: iso(m.created_at),
        // Managed in STAFF_EMAILS: the Team screen offers no Remove for them.
        configured: isConfiguredAdmin(m.email, config.staffEmails),
      })),
    };
  });

  app.post<{ Body: { email?: string; role?: string } }>(
    staffPaths.team,
    {
      schema: hidden(
        'Add a team member (admins only)',
        object({ email: str(320), role: { enum: [...STAFF_ROLES] } }),
      ),
    },
    async (request, reply) => {
      const admin = await staff(request, 'admin');
      const address = checkEmail(request.body?.email);
      const role = request.body?.role;
      if (!isStaffRole(role)) throw fieldFail(400, 'role', STAFF_MESSAGES.teamRole);
      const added = await db.transaction(async (tx) => {
        const now = config.now();
        const member = await addTeamMember(tx, address, role, admin.id, now);
        if (member) await audit(tx, admin.id, 'team_add', now, null, { member: member.id, role });
        return member;
      });
      if (!added) throw fieldFail(409, 'email', STAFF_MESSAGES.teamExists);
      return reply.code(201).send({ message: 'Added to the team', data: added });
    },
  );

  app.delete(
    staffPaths.teamMember,
    { schema: hidden('Remove a team member (admins only)', undefined, idParams) },
    async (request) => {
      const admin = await staff(request, 'admin');
      const id = applicationId(request);
      if (id === admin.id) throw fail(409, STAFF_MESSAGES.notYourself);
      const removed = await db.transaction(async (tx) => {
        const now = config.now();
        const member = await removeTeamMember(tx, id, config.staffEmails, now);
        if (member && member !== 'configured')
          await audit(tx, admin.id, 'team_remove', now, null, { member: id });
        return member;
      });
      if (!removed) throw fail(404, STAFF_MESSAGES.teamNotFound);
      if (removed === 'configured') throw fail(409, STAFF_MESSAGES.configuredAdmin);
      return { message: 'Removed from the team', data: { id } };
    },
  );

  app.get(
    staffPaths.application,
    {
      schema: hidden(
        "An application's page: every answer, its review, notes and timeline",
        undefined,
        idParams,
      ),
    },
    async (request) => {
      const member = await staff(request);
      const id = applicationId(request);
      const row = await applicationForStaff(db, id);
      if (!row || row.erased_at) throw fail(404, STAFF_MESSAGES.notFound);
      const [answers, cv, payments, notes, events, emails, reminder] = await Promise.all([
        savedApplication(db, row, config.now()),
        cvOf(db, id),
        paymentsOf(db, id),
        notesOf(db, id),
        timelineOf(db, id),
        emailsTo(db, row.email),
        reminderOf(db, id),
      ]);
      await audit(db, member.id, 'view_application', config.now(), id);
      const status = row.status as Parameters<typeof reviewMeta>[0] | null;
      const allowed = status ? REVIEW_EVENT_TYPES.filter((type) => mayActorSend(member.role, type)) : [];
      const now = config.now();
      const cohortId = row.cohort_id ?? row.applied_cohort_id;
      const cohort = cohortId === null ? undefined : await cohortById(db, cohortId);
      const seats = cohort ? { seats: cohort.seats, taken: await seatsTaken(db, cohort.id) } : null;
      const interview = await interviewForStaff(db, id, config.locale);
      const releasesInMs = isHeld(row.held_until, now)
        ? new Date(row.held_until as Date).getTime() - now.getTime()
        : null;
      return {
        message: 'Application',
        data: {
          id,
          answers: contactFor(member.role, answers),
          review: status
            ? {
                status,
                label: reviewMeta(status).label,
                allowed,
                releasesInMs,
                seats,
                undoSeconds: config.decisionUndoMs / 1000,
                interviews: await interviewOn(db, cohortId),
              }
            : null,
          cv: cv ? { filename: cv.original_name, kind: cv.kind, size: cv.size } : null,
          // Every payment, a duplicate to refund among them; the review status counts the paid one only.
          payments: payments.map((p) => ({
            ...paymentRecord(p),
            provider_reference: p.provider_reference ?? '',
          })),
          notes: notes.map((n) => ({ id: n.id, body: n.body, at: iso(n.created_at), by: n.email })),
          emails,
          reminder,
          interview,
          timeline: [
            { at: iso(row.created_at), what: 'Application created' },
            // The consent that is the lawful basis, with the notice's version agreed to (decision 150).
            ...(row.privacy_consented_at
              ? [
                  {
                    at: iso(row.privacy_consented_at),
                    what: `Agreed to privacy notice ${row.privacy_notice_version}`,
                  },
                ]
              : []),
            ...(row.email_verified_at ? [{ at: iso(row.email_verified_at), what: 'Email verified' }] : []),
            ...(row.submitted_at ? [{ at: iso(row.submitted_at), what: 'Submitted' }] : []),
            ...events.map((e) => ({
              at: iso(e.created_at),
              what: timelineWords(e.event, reviewMeta(e.to_status).label, e.undone_at !== null),
              ...timelineEmail(e),
            })),
          ].sort((a, b) => a.at.localeCompare(b.at)),
        },
      };
    },
  );

  app.get(
    staffPaths.cv,
    { schema: hidden("An application's CV: PDFs inline, Word files as an attachment", undefined, idParams) },
    async (request, reply: FastifyReply) => {
      const member = await staff(request);
      const id = applicationId(request);
      const cv = await cvOf(db, id);
      if (!cv) throw fail(404, STAFF_MESSAGES.noCv);
      // Streamed from storage (local disk or the bucket) through this route, so the audit and headers always hold.
      const body = await storage.read(cv.stored_name);
      if (!body) throw fail(404, STAFF_MESSAGES.noCv);
      await audit(db, member.id, 'download_cv', config.now(), id);
      const type =
        cv.kind === 'pdf'
          ? 'application/pdf'
          : cv.kind === 'docx'
            ? 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'
            : 'application/msword';
      const disposition = cv.kind === 'pdf' ? 'inline' : 'attachment';
      return reply
        .type(type)
        .headers(CV_FRAME_HEADERS)
        .header(
          'content-disposition',
          `${disposition}; filename="${cv.original_name.replace(/["\\\r\n]/g, '_')}"`,
        )
        .send(body);
    },
  );

  app.post<{ Body: { body?: string } }>(staffPaths.notes, { schema: noteSchema }, async (request, reply) => {
    const member = await staff(request);
    const id = applicationId(request);
    const body = String(request.body?.body ?? '').trim();
    if (!body) throw fieldFail(400, 'body', STAFF_MESSAGES.noteEmpty);
    if (body.length > 5000) throw fieldFail(400, 'body', STAFF_MESSAGES.noteTooLong);
    const note = await db.transaction(async (tx) => {
      const now = config.now();
      const noteId = await addNote(tx, id, member.id, body, now);
      if (noteId !== undefined) await audit(tx, member.id, 'note', now, id);
      return noteId;
    });
    if (note === undefined) throw fail(404, STAFF_MESSAGES.notFound);
    return reply.code(201).send({ message: 'Note added', data: { id: note } });
  });

  app.post<{ Body: { type?: string; overbook?: boolean } }>(
    staffPaths.events,
    { schema: reviewSchema },
    async (request) => {
      const member = await staff(request);
      const type = request.body?.type;
      if (!isReviewEventType(type)) throw fieldFail(400, 'type', STAFF_MESSAGES.unknownEvent);
      if (type === 'RELEASE' || !mayActorSend(member.role, type)) throw fail(403, STAFF_MESSAGES.adminOnly);
      // A transfer is recorded with its reference on its own route (transferPath), never as a bare event.
      if (type === 'RECORD_TRANSFER') throw fieldFail(400, 'type', TRANSFER_MESSAGES.referenceMissing);
      const id = applicationId(request);
      const change = await db.transaction(async (tx) => {
        const now = config.now();
        const overbook = request.body?.overbook === true;
        // An invite asks the cohort's setting and sends its email (server/interviews.ts).
        const result =
          type === 'INVITE_TO_INTERVIEW'
            ? await inviteToInterview(tx, mailer, config.publicUrl, id, member.id, now)
            : await applyReviewEvent(tx, id, type, member.id, now, config.decisionUndoMs, overbook);
        await audit(tx, member.id, 'review_event', now, id, {
          event: type,
          from: result.from,
          to: result.to,
          // An acceptance past the cap is on the record with the seat it took.
          ...(result.overbooked
            ? { overbooked_seat: `${result.overbooked.seat} of ${result.overbooked.seats}` }
            : {}),
        });
        return result;
      });
      return {
        message: reviewMeta(change.to).label,
        data: { status: change.to, label: reviewMeta(change.to).label },
      };
    },
  );

  // An admin records a bank transfer as paid, with its reference (server/staff/transfer.ts).
  app.post<{ Body: { reference?: string } }>(transferPath, { schema: transferSchema }, async (request) => {
    const admin = await staff(request, 'admin');
    const reference = String(request.body?.reference ?? '').trim();
    if (!reference) throw fieldFail(400, 'reference', TRANSFER_MESSAGES.referenceMissing);
    if (reference.length > TRANSFER_REFERENCE_MAX)
      throw fieldFail(400, 'reference', TRANSFER_MESSAGES.referenceTooLong);
    const id = applicationId(request);
    const recorded = await db
      .transaction((tx) =>
        recordTransfer(tx, mailer, id, admin.id, reference, config.now(), config.decisionUndoMs),
      )
      .catch((error: unknown) => {
        // Two admins recording the same transfer at once: the database refuses the second.
        if (isUniqueViolation(error)) throw fieldFail(409, 'reference', TRANSFER_MESSAGES.referenceUsed);
        throw error;
      });
    return { message: TRANSFER_MESSAGES.recorded, data: recorded };
  });

  app.get<{ Querystring: AuditQuery }>(
    staffPaths.audit,
    {
      schema: hidden(
        'The audit log, newest first, filtered by team member, action and applicant (admins only)',
        undefined,
        undefined,
        auditQuerySchema,
      ),
    },
    async (request) => {
      await staff(request, 'admin');
      const filter = readAuditFilter(request.query as Record<string, unknown>);
      return { message: 'Audit log', data: await readAuditLog(db, filter) };
    },
  );

  // The queue, bulk decisions, exports and the funnel (server/staff/queueRoutes.ts), behind the same guard.
  await staffQueueRoutes(app, ctx, staff);
  reportRoutes(app, ctx, staff);
  scorecardRoutes(app, ctx, staff);
  assignmentRoutes(app, ctx, staff);
  interviewRoutes(app, ctx, staff);
  tagRoutes(app, ctx, staff);
  savedViewRoutes(app, ctx, staff);
  cohortRoutes(app, ctx, staff);
  settingsRoutes(app, ctx, staff);
  landingWordsRoutes(app, ctx, staff);
  aidRoutes(app, ctx, staff);
  selectionQuizRoutes(app, ctx, staff);
  // The decision emails' templates and messages to applicants (server/staff/messageRoutes.ts).
  await staffMessageRoutes(app, ctx, staff);
}
