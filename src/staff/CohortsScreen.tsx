/**
 * Cohorts (/staff/cohorts; docs/staff.md "Setting up a round", decision 235): every team member sees each cohort's
 * dates, seats, seats taken and state; an admin creates the next cohort (the automatic rule's suggestion prefilled),
 * changes one that has not started (its fee table too: decision 244), and pauses, closes or reopens its applications. A reviewer sees no control: the
 * server refuses their changes too.
 */
import { useState } from 'react';
import {
  COHORT_STATE_LABELS,
  type CohortSettings,
  type IntakeBody,
  type StaffCohort,
  type StaffCohortSettings,
} from '../../machines/rules/cohortSettings';
import type { AidSettings } from '../../machines/rules/aidDecision';
import { feeFacts, type FeeTable } from '../../machines/rules/payments';
import { BusyButton } from '../components/BusyButton';
import { Button } from '../components/Button';
import { TextField, useDraftFields } from '../components/Fields';
import { Form } from '../components/Form';
import type { CohortSettingsDraft } from './api';
import { useStaff, useStaffDates } from './StaffContext';
import { PageTitle } from './PageTitle';
import { TableHead } from './TableHead';
import { ResourceStatus } from './ResourceStatus';
import { useResource } from './useResource';

type CohortChange =
  | { kind: 'create'; settings: CohortSettingsDraft }
  | { kind: 'change'; number: number; settings: CohortSettingsDraft }
  | { kind: 'intake'; number: number; body: IntakeBody };

const draftOf = (settings: CohortSettings & AidSettings & FeeTable): CohortSettingsDraft => ({
  name: settings.name,
  start_date: settings.start_date,
  application_deadline: settings.application_deadline,
  seats: String(settings.seats),
  aid_ceiling: String(settings.aid_ceiling),
  aid_awards: String(settings.aid_awards),
  fee_ngn: String(settings.fee_ngn),
  fee_usd: String(settings.fee_usd),
  full_discount: String(settings.full_discount),
  instalments: String(settings.instalments),
});

/** Which form shows: one at a time, so each field's id (and the error summary's link to it) is unique. */
type Editing = { kind: 'create' } | { kind: 'change'; cohort: StaffCohort };

export function CohortsScreen() {
  const { api, me } = useStaff();
  const dates = useStaffDates();
  const { actor, view } = useResource<StaffCohortSettings, CohortChange>(
    () => api.cohortSettings(),
    async (change) => {
      if (change.kind === 'create') return `${(await api.createCohort(change.settings)).name} created`;
      if (change.kind === 'change')
        return `${(await api.changeCohort(change.number, change.settings)).name} saved`;
      const cohort = await api.changeIntake(change.number, change.body);
      return `${cohort.name}: ${COHORT_STATE_LABELS[cohort.state]}`;
    },
  );
  const { errors } = view;
  const admin = me.role === 'admin';
  const [editing, setEditing] = useState<Editing>({ kind: 'create' });
  const save = (request: CohortChange) => actor.send({ type: 'SAVE', request });
  const cohorts = view.data?.cohorts ?? [];

  return (
    <>
      <PageTitle title="Cohorts" />
      <ResourceStatus actor={actor} view={view} />
      <table className="staff-table">
        <caption>
          {admin
            ? 'Each cohort, newest first. A cohort can change until it starts.'
            : 'Each cohort, newest first. Only an admin can change them.'}
        </caption>
        <TableHead
          columns={[
            'Cohort',
            'Starts',
            'Applications close',
            'Seats',
            'Seats taken',
            'State',
            'Financial aid',
            'Fees',
            ...(admin ? [<span className="visually-hidden">Actions</span>] : []),
          ]}
        />
        <tbody>
          {cohorts.map((c) => (
            <tr key={c.number}>
              <th scope="row">{c.name}</th>
              <td>{dates.day(c.start_date)}</td>
              <td>{dates.day(c.application_deadline)}</td>
              <td>{c.seats}</td>
              <td>{c.taken}</td>
              <td>
                {COHORT_STATE_LABELS[c.state]}
                {c.state === 'paused' && c.reopens_on && ` until ${dates.day(c.reopens_on)}`}
              </td>
              <td>
                up to {c.aid_ceiling}%, {c.aid_awards_made} of {c.aid_awards} awards given
              </td>
              <td>{feeLine(c)}</td>
              {admin && (
                <td>
                  {c.state !== 'started' && (
                    <Button look="link" onClick={() => setEditing({ kind: 'change', cohort: c })}>
                      Change <span className="visually-hidden">{c.name}</span>
                    </Button>
                  )}
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
      {admin && view.data && editing.kind === 'create' && (
        <SettingsForm
          key={`create-${view.data.suggestion.number}`}
          title="Create the next cohort"
          hint="Filled in with the usual rule: 3 months after the last cohort, applications closing 7 days before it starts; the aid and fees are the last cohort's."
          initial={draftOf(view.data.suggestion)}
          submit="Create cohort"
          busy={view.busy}
          errors={errors}
          onSubmit={(settings) => save({ kind: 'create', settings })}
        />
      )}
      {admin && editing.kind === 'change' && (
        <>
          <SettingsForm
            key={`change-${editing.cohort.number}`}
            title={`Change ${editing.cohort.name}`}
            initial={draftOf(editing.cohort)}
            submit="Save changes"
            busy={view.busy}
            errors={errors}
            onSubmit={(settings) => save({ kind: 'change', number: editing.cohort.number, settings })}
          />
          <IntakeForm
            key={`intake-${editing.cohort.number}`}
            cohort={cohorts.find((c) => c.number === editing.cohort.number) ?? editing.cohort}
            busy={view.busy}
            errors={errors}
            onSubmit={(body) => save({ kind: 'intake', number: editing.cohort.number, body })}
          />
          <Button look="link" onClick={() => setEditing({ kind: 'create' })}>
            Create a new cohort instead
          </Button>
        </>
      )}
    </>
  );
}

/** The fee table as the list states it: the pricing rule's own words (machines/rules/payments.ts). */
const feeLine = (fees: FeeTable) => {
  const facts = feeFacts(fees);
  return `${facts.fee}; ${fees.full_discount}% off in full; ${
    fees.instalments >= 2 ? `${fees.instalments} instalments` : 'no instalment plan'
  }`;
};

/** The cohort's aid settings and fee table: whole numbers, each with what it means. */
const AID_AND_FEE_FIELDS = [
  {
    name: 'aid_ceiling',
    label: 'Financial aid ceiling (%)',
    hint: 'The largest share of the fee one award may take off, from 0 to 100.',
  },
  {
    name: 'aid_awards',
    label: 'Financial aid awards',
    hint: 'How many applicants of this cohort may be awarded aid.',
  },
  {
    name: 'fee_ngn',
    label: 'Fee in Nigeria (naira)',
    hint: 'A whole number of naira, e.g. 60000. A choice already made keeps the fee it was made at.',
  },
  {
    name: 'fee_usd',
    label: 'Fee outside Nigeria (dollars)',
    hint: 'A whole number of dollars, e.g. 50.',
  },
  {
    name: 'full_discount',
    label: 'Discount for paying in full (%)',
    hint: 'From 0 to 100.',
  },
  {
    name: 'instalments',
    label: 'Instalments',
    hint: 'How many equal payments the Nigerian plan splits the fee into, from 1 (no plan) to 12.',
  },
] as const satisfies readonly { name: keyof CohortSettingsDraft; label: string; hint: string }[];

function SettingsForm(props: {
  title: string;
  hint?: string;
  initial: CohortSettingsDraft;
  submit: string;
  busy: boolean;
  errors: Parameters<typeof TextField>[0]['errors'];
  onSubmit: (settings: CohortSettingsDraft) => void;
}) {
  const { draft, field } = useDraftFields(props.initial, props.errors);
  return (
    <section aria-labelledby="cohort-settings-title">
      <h2 id="cohort-settings-title">{props.title}</h2>
      {props.hint && <p>{props.hint}</p>}
      <Form onSubmit={() => props.onSubmit(draft)}>
        <TextField {...field('name')} label="Name" />
        <TextField {...field('start_date')} label="Start date" type="date" />
        <TextField
          {...field('application_deadline')}
          label="Application deadline"
          hint="Applications are taken to the end of this day."
          type="date"
        />
        <TextField {...field('seats')} label="Seats" inputMode="numeric" />
        {AID_AND_FEE_FIELDS.map(({ name, label, hint }) => (
          <TextField key={name} {...field(name)} label={label} hint={hint} inputMode="numeric" />
        ))}
        <BusyButton type="submit" busy={props.busy}>
          {props.submit}
        </BusyButton>
      </Form>
    </section>
  );
}

function IntakeForm(props: {
  cohort: StaffCohort;
  busy: boolean;
  errors: Parameters<typeof TextField>[0]['errors'];
  onSubmit: (body: IntakeBody) => void;
}) {
  const [reopens, setReopens] = useState('');
  const { cohort } = props;
  const stopped = cohort.intake !== 'open';
  return (
    <section aria-labelledby="cohort-intake-title">
      <h2 id="cohort-intake-title">Applications for {cohort.name}</h2>
      <p>
        While applications are paused or closed, new applicants are told so and apply for the next cohort
        {stopped ? '.' : ': a pause can end by itself on the day you choose.'}
      </p>
      {cohort.intake !== 'paused' && (
        <TextField
          name="reopens_on"
          label="Reopen on"
          optional
          hint="Leave it empty to reopen by hand."
          type="date"
          value={reopens}
          onChange={setReopens}
          errors={props.errors}
        />
      )}
      <div className="staff-cohort-actions">
        {cohort.intake !== 'paused' && (
          <BusyButton
            type="button"
            busy={props.busy}
            onClick={() => props.onSubmit({ action: 'pause', reopens_on: reopens || null })}
          >
            Pause applications
          </BusyButton>
        )}
        {cohort.intake !== 'closed' && (
          <BusyButton
            type="button"
            className="button button--secondary"
            busy={props.busy}
            onClick={() => props.onSubmit({ action: 'close' })}
          >
            Close applications now
          </BusyButton>
        )}
        {stopped && (
          <BusyButton type="button" busy={props.busy} onClick={() => props.onSubmit({ action: 'reopen' })}>
            Reopen applications
          </BusyButton>
        )}
      </div>
    </section>
  );
}
