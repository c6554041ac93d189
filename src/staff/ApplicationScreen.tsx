/**
 * One application (/staff/applications/:id): the answers grouped as the wizard asks them, the eligibility result
 * with each answer's score, the CV, the review with the actions this team member may take now, the timeline and
 * the internal notes.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useEffect, useMemo, type ReactNode } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { SEAT_MESSAGES } from '../../machines/rules/seats';
import { PAYMENT_LABELS, seesContact, undoWindowWords } from '../../machines/rules/staff';
import { formatMoney } from '../../machines/rules/payments';
import { scoreAnswer, scoreEligibility, NEGATIVE_SCORE } from '../../machines/rules/eligibility';
import { ELIGIBILITY_QUESTIONS, NO_POST_SECONDARY } from '../../machines/rules/options';
import type { ReviewEventType } from '../../machines/review.machine';
import type { ErrorMap } from '../../machines/rules/messages';
import {
  applicantName,
  offeredEvents,
  overbooking,
  type PreviousDecision,
  type StaffApplicationPage,
} from '../../machines/staffApplication.machine';
import { AppDialog } from '../components/Dialog';
import { BusyButton } from '../components/BusyButton';
import { ErrorSummary } from '../components/ErrorSummary';
import { TextAreaField, useFieldState } from '../components/Fields';
import { cvUrl } from './api';
import { ApplicationDataRights } from './ApplicationDataRights';
import { provideApplication } from './staffActors';
import { usePageHeading, useStaff, useStaffDates } from './StaffContext';
import { humanize } from '../../machines/rules/queueView';
import { Alert, Notice } from '../components/Notice';
import { Form } from '../components/Form';
import { Button } from '../components/Button';
import { TableHead } from './TableHead';
import { ApplicationMessage } from './MessageForms';
import { TriageNav } from './TriageNav';
import { ScorecardPanel } from './ScorecardPanel';
import { ApplicationPayment } from './ApplicationPayment';
import { ApplicationFinancialAid } from './ApplicationFinancialAid';
import { ApplicationReminder } from './ApplicationReminder';
import { ApplicationInterview } from './ApplicationInterview';
import { ApplicationEmails } from './ApplicationEmails';
import { ApplicationTimeline } from './ApplicationTimeline';

const ACTION: Record<ReviewEventType, string> = {
  START_REVIEW: 'Start review',
  REVIEW_ELIGIBILITY: 'Send to eligibility review',
  ACCEPT: 'Accept',
  WAITLIST: 'Waitlist',
  REJECT: 'Reject',
  UNDO: 'Undo the decision',
  RELEASE: 'Release',
  REOPEN: 'Reopen',
  WITHDRAW: 'Mark withdrawn',
  CHOOSE_PAYMENT: 'Choose payment',
  PAYMENT_CONFIRMED: 'Mark paid',
  ASK_SECOND_REVIEW: 'Ask for a second review',
  REVIEWS_AGREE: 'Settle the reviews',
  RECORD_TRANSFER: 'Record bank transfer',
  INVITE_TO_INTERVIEW: 'Invite to interview',
  BOOK_INTERVIEW: 'Book an interview',
};

function Answers({ title, rows }: { title: string; rows: [string, ReactNode][] }) {
  return (
    <section className="staff-section" aria-labelledby={`answers-${title}`}>
      <h2 id={`answers-${title}`}>{title}</h2>
      <dl className="staff-answers">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value === '' || value === null || value === undefined ? '—' : value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function Eligibility({ page }: { page: StaffApplicationPage }) {
  const answers = page.answers.eligibility;
  const measured = ELIGIBILITY_QUESTIONS.every((q) => answers[q.name]);
  const result = measured ? scoreEligibility(answers) : null;
  return (
    <section className="staff-section" aria-labelledby="eligibility-title">
      <h2 id="eligibility-title">Eligibility</h2>
      <p>
        Result: <strong>{humanize(answers.status ?? 'not measured')}</strong>
        {result && ` (${result.negatives} answers scoring ${NEGATIVE_SCORE} or more)`}
      </p>
      <table className="staff-table">
        <caption>Each answer's score: 1 is the strongest, 4 the weakest</caption>
        <TableHead columns={['Question', 'Answer', 'Score']} />
        <tbody>
          {ELIGIBILITY_QUESTIONS.map((q) => {
            const answer = answers[q.name];
            const score = !answer
              ? null
              : q.name === 'highest_qualification'
                ? answer === NO_POST_SECONDARY
                  ? 4
                  : 1
                : scoreAnswer(answer, [...q.options]);
            return (
              <tr key={q.name}>
                <th scope="row">{q.legend}</th>
                <td>{answer || '—'}</td>
                <td>{score ?? '—'}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}

/** Every payment issued: the one paid, and any paid again (a duplicate for the team to refund). */
function Payments({ page }: { page: StaffApplicationPage }) {
  const refunds = page.payments.filter((p) => p.status === 'duplicate');
  const { time: when } = useStaffDates();
  return (
    <section className="staff-section" aria-labelledby="payments-title">
      <h2 id="payments-title">Payments</h2>
      {refunds.length > 0 && (
        <Alert>
          {refunds.length === 1
            ? 'This applicant paid twice: refund the duplicate payment below.'
            : `This applicant paid ${refunds.length + 1} times: refund the duplicate payments below.`}
        </Alert>
      )}
      {page.payments.length === 0 ? (
        <p>No payment issued.</p>
      ) : (
        <table className="staff-table">
          <caption>Payments issued for this application, oldest first</caption>
          <TableHead columns={['Reference', 'Option', 'Amount', 'Status', 'Paid at', 'Provider reference']} />
          <tbody>
            {page.payments.map((p) => (
              <tr key={p.reference}>
                <th scope="row">{p.reference}</th>
                <td>{p.option}</td>
                <td>{formatMoney({ amount: p.amount, currency: p.currency })}</td>
                <td>{PAYMENT_LABELS[p.status]}</td>
                <td>{p.paid_at ? when(p.paid_at) : '—'}</td>
                <td>{p.provider_reference || '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

function NoteForm({
  errors,
  busy,
  disabled,
  onAdd,
}: {
  errors: ErrorMap;
  busy: boolean;
  disabled: boolean;
  onAdd: (body: string) => void;
}) {
  const note = useFieldState('body', errors);
  return (
    <Form onSubmit={() => onAdd(note.value)}>
      <TextAreaField {...note} label="Add a note" hint="Only the team sees notes." />
      <BusyButton type="submit" busy={busy} disabled={disabled}>
        Add note
      </BusyButton>
    </Form>
  );
}

export function ApplicationScreen() {
  const { api, me } = useStaff();
  const { time: when } = useStaffDates();
  const id = Number(useParams().id);
  const location = useLocation();
  const navigate = useNavigate();
  // The decision taken on the page before, carried by triage's move to this one (TriageNav).
  const carried = (location.state as { previous?: PreviousDecision } | null)?.previous;
  const actor = useActorRef(
    useMemo(() => provideApplication(api), [api]),
    { input: { id, previous: carried } },
  );
  const state = useSelector(actor, (s) => s);
  const { page, errors, message, notice, previous, decision } = state.context;
  const name = page ? applicantName(page) : '';
  const undone = state.matches('previousUndone') ? previous : undefined;
  // Undone: back to that application, to decide it again, in the same view.
  useEffect(() => {
    if (undone) navigate(`/staff/applications/${undone.id}${location.search}`);
  }, [undone, navigate, location.search]);
  const stay = useCallback(() => actor.send({ type: 'STAY' }), [actor]);
  const erased = useCallback(() => actor.send({ type: 'ERASED' }), [actor]);
  const reload = useCallback((notice: string) => actor.send({ type: 'RELOAD', notice }), [actor]);
  const heading = usePageHeading<HTMLHeadingElement>(page ? name : 'Application');
  const busy = state.hasTag('busy');
  const undoPrevious = previous && (
    <>
      {' — '}
      <Button look="link" disabled={busy} onClick={() => actor.send({ type: 'UNDO_PREVIOUS' })}>
        Undo
      </Button>
    </>
  );
  const offered = page ? offeredEvents(page) : [];
  const seats = page?.review?.seats;
  const overbook = overbooking(page);

  if (!page)
    return (
      <>
        <h1 className="screen-title" ref={heading} tabIndex={-1}>
          Application
        </h1>
        <p>
          <Link to={{ pathname: '/staff', search: location.search }}>Back to applications</Link>
        </p>
        {state.matches('erased') ? (
          <Notice>{notice}</Notice>
        ) : state.matches('failed') ? (
          <>
            <Alert>{message}</Alert>
            <Button onClick={() => actor.send({ type: 'RETRY' })}>Try again</Button>
          </>
        ) : (
          <p className="loading">Loading…</p>
        )}
      </>
    );

  const a = page.answers;
  return (
    <>
      <TriageNav
        id={id}
        offered={offered}
        onDecide={(type) => actor.send({ type: 'REVIEW', event: type })}
        decided={state.matches('decided') ? (decision ?? null) : null}
        onStay={stay}
      />
      <h1 className="screen-title" ref={heading} tabIndex={-1}>
        {name}
      </h1>
      <Notice>
        {notice}
        {notice && undoPrevious}
      </Notice>
      <ErrorSummary message={message} errors={errors} />

      <section className="staff-section staff-review" aria-labelledby="review-title">
        <h2 id="review-title">Review</h2>
        <p>
          Status: <strong>{page.review?.label ?? 'Not submitted yet'}</strong>
        </p>
        {seats && (
          <p>
            {seats.taken} of {seats.seats} seats taken in this cohort.
          </p>
        )}
        {offered.includes('UNDO') && (
          <p className="hint">
            The applicant does not see this decision yet. It can be undone within{' '}
            {undoWindowWords((page.review?.undoSeconds ?? 0) * 1000)} of taking it, before its email is sent.
          </p>
        )}
        {offered.length > 0 ? (
          <div className="actions">
            {offered.map((type) => (
              <BusyButton
                key={type}
                type="button"
                className={type === 'ACCEPT' ? 'button' : 'button button--secondary'}
                busy={state.matches('reviewing')}
                disabled={busy}
                onClick={() => actor.send({ type: 'REVIEW', event: type })}
              >
                {ACTION[type]}
              </BusyButton>
            ))}
          </div>
        ) : (
          page.review &&
          me.role !== 'admin' && <p>Only an admin can decide. Add a note with your recommendation.</p>
        )}
      </section>

      <AppDialog
        open={state.matches('confirmingOverbook')}
        title="Accept past the seats?"
        role="alertdialog"
        onClose={() => actor.send({ type: 'CANCEL' })}
        description={
          overbook
            ? `${SEAT_MESSAGES.overbook(overbook.seat, overbook.seats)} Accepting overbooks the cohort, and the audit log records it.`
            : undefined
        }
        actions={
          <>
            <Button onClick={() => actor.send({ type: 'OVERBOOK' })}>Accept and overbook</Button>
            <Button look="secondary" onClick={() => actor.send({ type: 'CANCEL' })}>
              Cancel
            </Button>
          </>
        }
      />
      <ApplicationPayment page={page} onRecorded={reload} />
      <Payments page={page} />
      <ApplicationFinancialAid page={page} />
      <ApplicationInterview page={page} />
      <ApplicationReminder page={page} />
      <ApplicationEmails page={page} />

      <Answers
        title="About the applicant"
        rows={[
          ['First name', a.firstname],
          ['Middle name', a.middlename],
          ['Last name', a.lastname],
          ['Gender', a.gender],
          ['Country', a.country],
          ['City', a.city],
          // Absent for a role that does not see contact details (`seesContact`): no row rather than a blank one.
          ...(seesContact(me.role)
            ? ([
                ['Email', a.email],
                ['Phone', a.phone],
                ['WhatsApp', a.whatsapp_phone],
              ] as [string, ReactNode][])
            : []),
          ['Referred by', a.referred_by],
        ]}
      />
      <Answers
        title="How they heard about us"
        rows={[
          ['Source', a.communications.referral_source],
          ['Detail', a.communications.referral_detail],
          ['Agreed to be contacted', a.communications.communication_consent ? 'Yes' : 'No'],
        ]}
      />
      <Eligibility page={page} />

      {page.review && <ScorecardPanel key={id} applicationId={id} />}
      <section className="staff-section" aria-labelledby="cv-title">
        <h2 id="cv-title">CV</h2>
        {page.cv ? (
          page.cv.kind === 'pdf' ? (
            <>
              <iframe className="staff-cv" title={`CV: ${page.cv.filename}`} src={cvUrl(page.id)} />
              <p>
                <a href={cvUrl(page.id)} target="_blank" rel="noreferrer">
                  Open {page.cv.filename} in a new tab
                </a>
              </p>
            </>
          ) : (
            <p>
              <a href={cvUrl(page.id)} download={page.cv.filename}>
                Download {page.cv.filename} (Word, {Math.ceil(page.cv.size / 1024)} KB)
              </a>
            </p>
          )
        ) : (
          <p>{a.cv_sent_by_email ? 'The applicant says they sent their CV by email.' : 'No CV uploaded.'}</p>
        )}
      </section>

      <Answers
        title="Employment"
        rows={Object.entries(a.employment).map(([k, v]) => [humanize(k), String(v ?? '')])}
      />
      <Answers
        title="The applicant and the bootcamp"
        rows={Object.entries(a.other).map(([k, v]) => [humanize(k), v])}
      />

      <ApplicationTimeline page={page} />

      <section className="staff-section" aria-labelledby="notes-title">
        <h2 id="notes-title">Internal notes</h2>
        {page.notes.length === 0 ? (
          <p>No notes yet. Applicants never see these.</p>
        ) : (
          <ul className="staff-notes">
            {page.notes.map((n) => (
              <li key={n.id}>
                <p className="staff-notes__by">
                  {n.by}, <time dateTime={n.at}>{when(n.at)}</time>
                </p>
                <p className="staff-notes__body">{n.body}</p>
              </li>
            ))}
          </ul>
        )}
        {/* Keyed by the notes saved: a saved note clears the form, a refused one stays for its writer to fix. */}
        <NoteForm
          key={page.notes.length}
          errors={errors}
          busy={state.matches('savingNote')}
          disabled={busy}
          onAdd={(body) => actor.send({ type: 'ADD_NOTE', body })}
        />
      </section>
      <ApplicationDataRights page={page} onErased={erased} />
      {me.role === 'admin' && <ApplicationMessage id={id} />}
    </>
  );
}
