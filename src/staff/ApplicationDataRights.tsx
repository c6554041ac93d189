/**
 * An admin's part of an applicant's data rights on their application page (docs/privacy.md): export their data as
 * the zip they would download themselves, or erase it after a confirmation that says what goes and what a paid
 * applicant keeps (decision 143). A reviewer sees none of it, and the server refuses them both. The machine decides
 * (machines/staffDataRights.machine.ts); this panel renders its state.
 */
import { shallowEqual, useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { KEPT_PAYMENT_STATUSES, PRIVACY_MESSAGES, PRIVACY_PATH } from '../../machines/rules/privacy';
import type { StaffApplicationPage } from '../../machines/staffApplication.machine';
import { BusyButton } from '../components/BusyButton';
import { ConfirmDialog } from '../components/Dialog';
import { Alert, Notice } from '../components/Notice';
import type { StaffApi } from './api';
import { provideDataRights } from './staffActors';
import { useStaff } from './StaffContext';

/** Whether an erasure keeps some of this applicant's payments for the accounts. */
const keepsPayments = (page: StaffApplicationPage) =>
  page.payments.some((p) => (KEPT_PAYMENT_STATUSES as readonly string[]).includes(p.status));

export function ApplicationDataRights({
  page,
  onErased,
}: {
  page: StaffApplicationPage;
  onErased: () => void;
}) {
  const { api, me } = useStaff();
  if (me.role !== 'admin') return null;
  return <DataRightsPanel api={api} page={page} onErased={onErased} />;
}

function DataRightsPanel({
  api,
  page,
  onErased,
}: {
  api: StaffApi;
  page: StaffApplicationPage;
  onErased: () => void;
}) {
  const actor = useActorRef(
    useMemo(() => provideDataRights(api), [api]),
    { input: { id: page.id } },
  );
  const { message, notice, busy, exporting, confirming, erasing, erased } = useSelector(
    actor,
    (s) => ({
      message: s.context.message,
      notice: s.context.notice,
      busy: s.hasTag('busy'),
      exporting: s.hasTag('exporting'),
      confirming: s.hasTag('confirming'),
      erasing: s.hasTag('erasing'),
      erased: s.hasTag('erased'),
    }),
    shallowEqual,
  );
  useEffect(() => {
    if (erased) onErased();
  }, [erased, onErased]);

  return (
    <section className="staff-section" aria-labelledby="data-rights-title">
      <h2 id="data-rights-title">The applicant's data</h2>
      <p>
        When the applicant asks by email for a copy of their data or for its erasure. Both are written to the
        audit log.
      </p>
      <Notice>{notice}</Notice>
      <Alert>{message}</Alert>
      <div className="actions">
        <BusyButton
          type="button"
          className="button button--secondary"
          busy={exporting}
          disabled={busy}
          onClick={() => actor.send({ type: 'EXPORT' })}
        >
          Export this applicant's data
        </BusyButton>
        <BusyButton
          type="button"
          className="button button--secondary"
          disabled={busy}
          onClick={() => actor.send({ type: 'ERASE' })}
        >
          Erase this applicant's data
        </BusyButton>
      </div>
      <ConfirmDialog
        open={confirming}
        title="Erase this applicant's data?"
        text={
          <>
            {PRIVACY_MESSAGES.staffEraseWarning}
            {keepsPayments(page) && (
              <>
                {' '}
                {PRIVACY_MESSAGES.staffErasePaid}{' '}
                <a href={PRIVACY_PATH} target="_blank" rel="noreferrer">
                  Read the privacy notice
                </a>
                .
              </>
            )}
          </>
        }
        confirmLabel="Erase this applicant's data"
        cancelLabel="Cancel"
        busy={erasing}
        onConfirm={() => actor.send({ type: 'CONFIRM' })}
        onCancel={() => actor.send({ type: 'CANCEL' })}
      />
    </section>
  );
}
