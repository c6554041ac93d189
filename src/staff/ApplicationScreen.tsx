/**
 * One application (/staff/applications/:id): the answers grouped as the wizard asks them, the eligibility result
 * with each answer's score, the CV, the review with the actions this team member may take now, the whole record
 * (payments, aid, reminder, emails, timeline) and the internal notes. Each part is its own component; this one
 * holds the page's actor and lays them out.
 */
import { shallowEqual, useActorRef, useSelector } from '@xstate/react';
import { useCallback, useEffect, useMemo } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';
import { applicantName, offeredEvents, type PreviousDecision } from '../../machines/staffApplication.machine';
import { ErrorSummary } from '../components/ErrorSummary';
import { Alert, Notice } from '../components/Notice';
import { Button } from '../components/Button';
import { ApplicationDataRights } from './ApplicationDataRights';
import { provideApplication } from './staffActors';
import { useStaff } from './StaffContext';
import { PageTitle } from './PageTitle';
import { ApplicationMessage } from './ApplicationMessage';
import { TriageNav } from './TriageNav';
import { ApplicationPayment } from './ApplicationPayment';
import { ApplicationFinancialAid } from './ApplicationFinancialAid';
import { ApplicationReminder } from './ApplicationReminder';
import { ApplicationInterview } from './ApplicationInterview';
import { ApplicationEmails } from './ApplicationEmails';
import { ApplicationTimeline } from './ApplicationTimeline';
import { ApplicationAnswers } from './ApplicationAnswers';
import { ApplicationNotes } from './ApplicationNotes';
import { ApplicationTags } from './ApplicationTags';
import { ApplicationReview } from './ApplicationReview';
import { PaymentsIssued } from './PaymentsIssued';

export function ApplicationScreen() {
  const { api, me } = useStaff();
  const id = Number(useParams().id);
  const location = useLocation();
  const navigate = useNavigate();
  // The decision taken on the page before, carried by triage's move to this one (TriageNav).
  const carried = (location.state as { previous?: PreviousDecision } | null)?.previous;
  const actor = useActorRef(
    useMemo(() => provideApplication(api), [api]),
    { input: { id, previous: carried } },
  );
  const page = useSelector(actor, (s) => s.context.page);
  const { errors, message, notice, previous, decision } = useSelector(
    actor,
    ({ context: c }) => ({
      errors: c.errors,
      message: c.message,
      notice: c.notice,
      previous: c.previous,
      decision: c.decision,
    }),
    shallowEqual,
  );
  const { busy, erased, failed, decided, undone } = useSelector(
    actor,
    (s) => ({
      busy: s.hasTag('busy'),
      erased: s.hasTag('erased'),
      failed: s.hasTag('failed'),
      decided: s.hasTag('decided'),
      undone: s.hasTag('undone'),
    }),
    shallowEqual,
  );
  const name = page ? applicantName(page) : '';
  const undonePrevious = undone ? previous : undefined;
  // Undone: back to that application, to decide it again, in the same view.
  useEffect(() => {
    if (undonePrevious) navigate(`/staff/applications/${undonePrevious.id}${location.search}`);
  }, [undonePrevious, navigate, location.search]);
  const stay = useCallback(() => actor.send({ type: 'STAY' }), [actor]);
  const onErased = useCallback(() => actor.send({ type: 'ERASED' }), [actor]);
  const reload = useCallback((notice: string) => actor.send({ type: 'RELOAD', notice }), [actor]);

  if (!page)
    return (
      <>
        <PageTitle title="Application" />
        <p>
          <Link to={{ pathname: '/staff', search: location.search }}>Back to applications</Link>
        </p>
        {erased ? (
          <Notice>{notice}</Notice>
        ) : failed ? (
          <>
            <Alert>{message}</Alert>
            <Button onClick={() => actor.send({ type: 'RETRY' })}>Try again</Button>
          </>
        ) : (
          <p className="loading">Loading…</p>
        )}
      </>
    );

  return (
    <>
      <TriageNav
        id={id}
        offered={offeredEvents(page)}
        onDecide={(type) => actor.send({ type: 'REVIEW', event: type })}
        decided={decided ? (decision ?? null) : null}
        onStay={stay}
      />
      <PageTitle title={name} />
      {/* One child, or none: Notice hides only when given nothing (two empty children drew an empty box). */}
      <Notice>
        {notice && (
          <>
            {notice}
            {previous && (
              <>
                {' — '}
                <Button look="link" disabled={busy} onClick={() => actor.send({ type: 'UNDO_PREVIOUS' })}>
                  Undo
                </Button>
              </>
            )}
          </>
        )}
      </Notice>
      <ErrorSummary message={message} errors={errors} />

      <ApplicationReview page={page} role={me.role} actor={actor} />
      {/* What the application is judged by first: the answers, the CV and the scorecard, then the money and the
          emails (issue 56 item 9; docs/staff.md). */}
      <ApplicationAnswers id={id} page={page} role={me.role} />

      <ApplicationPayment page={page} onRecorded={reload} />
      <PaymentsIssued page={page} />
      <ApplicationFinancialAid page={page} />
      <ApplicationInterview page={page} />
      <ApplicationReminder page={page} />
      <ApplicationEmails page={page} />

      <ApplicationTimeline page={page} />
      <ApplicationTags id={id} />
      <ApplicationNotes page={page} actor={actor} />
      <ApplicationDataRights page={page} onErased={onErased} />
      {me.role === 'admin' && <ApplicationMessage id={id} />}
    </>
  );
}
