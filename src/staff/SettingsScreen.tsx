/**
 * Bank and support (/staff/settings; docs/staff.md "Setting up a round", decision 247): the account applicants pay
 * a bank transfer to and the support address every page shows. Every team member sees them; an admin changes them,
 * and applicants see the change at once. A reviewer sees no control: the server refuses their changes too.
 */
import { type ProgrammeSettings, type StaffProgrammeSettings } from '../../machines/rules/programmeSettings';
import { BusyButton } from '../components/BusyButton';
import { TextField, useDraftFields } from '../components/Fields';
import { Form } from '../components/Form';
import { useStaff, useStaffDates } from './StaffContext';
import { PageTitle } from './PageTitle';
import { ResourceStatus } from './ResourceStatus';
import { useResource } from './useResource';

const LABELS: Readonly<Record<keyof ProgrammeSettings, string>> = {
  bank_name: 'Bank',
  bank_account_name: 'Account name',
  bank_account_number: 'Account number',
  support_email: 'Support address',
};

const valuesOf = (settings: StaffProgrammeSettings): ProgrammeSettings => ({
  bank_name: settings.bank_name,
  bank_account_name: settings.bank_account_name,
  bank_account_number: settings.bank_account_number,
  support_email: settings.support_email,
});

export function SettingsScreen() {
  const { api, me } = useStaff();
  const dates = useStaffDates();
  const { actor, view } = useResource<StaffProgrammeSettings, ProgrammeSettings>(
    () => api.programmeSettings(),
    async (settings) => {
      await api.saveProgrammeSettings(settings);
      return 'Bank details and support address saved';
    },
  );
  const { errors, data } = view;
  const admin = me.role === 'admin';

  return (
    <>
      <PageTitle title="Bank and support" />
      <ResourceStatus actor={actor} view={view} />
      {data && (
        <p>
          Applicants who pay by bank transfer see this account on their confirmation page; every page and the
          privacy notice give the support address.{' '}
          {data.saved
            ? `Last changed by ${data.saved.by} on ${dates.day(data.saved.at)}.`
            : 'These are the values the server started with; no one has changed them here yet.'}
        </p>
      )}
      {data && !admin && (
        <>
          <dl className="staff-answers">
            {(Object.keys(LABELS) as (keyof ProgrammeSettings)[]).map((field) => (
              <div key={field}>
                <dt>{LABELS[field]}</dt>
                <dd>{data[field] || 'Not set up'}</dd>
              </div>
            ))}
          </dl>
          <p>Only an admin can change them.</p>
        </>
      )}
      {data && admin && (
        <SettingsForm
          key={data.saved?.at ?? 'seed'}
          initial={valuesOf(data)}
          busy={view.busy}
          errors={errors}
          onSubmit={(settings) => actor.send({ type: 'SAVE', request: settings })}
        />
      )}
    </>
  );
}

function SettingsForm(props: {
  initial: ProgrammeSettings;
  busy: boolean;
  errors: Parameters<typeof TextField>[0]['errors'];
  onSubmit: (settings: ProgrammeSettings) => void;
}) {
  const { draft, field: unlabelled } = useDraftFields(props.initial, props.errors);
  const field = (name: keyof ProgrammeSettings) => ({ ...unlabelled(name), label: LABELS[name] });
  return (
    <Form onSubmit={() => props.onSubmit(draft)}>
      <fieldset>
        <legend>Bank transfer details</legend>
        <TextField {...field('bank_name')} />
        <TextField {...field('bank_account_name')} />
        <TextField
          {...field('bank_account_number')}
          hint="The 10 digits of the account (NUBAN); spaces or hyphens between them are kept."
          inputMode="numeric"
        />
      </fieldset>
      <TextField {...field('support_email')} hint="Where applicants write with questions." type="email" />
      <BusyButton type="submit" busy={props.busy}>
        Save
      </BusyButton>
    </Form>
  );
}
