import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { AidField, financialAidMachine } from '../../machines/financialAid.machine';
import { CONFIRM_SAVE } from '../../machines/rules/messages';
import { ConfirmDialog } from '../components/Dialog';
import { BusyButton } from '../components/BusyButton';
import { FieldError, describedBy, fieldId } from '../components/ErrorSummary';
import { AidCard } from './AidCard';

export interface FinancialAidFormScreenProps {
  actor: ActorRefFrom<typeof financialAidMachine>;
}

type TextQuestion = { name: Exclude<AidField, 'haveLaptop'>; label: string; hint?: string };

const before: TextQuestion[] = [
  {
    name: 'typeOfPhone',
    label: 'What type of phone do you use?',
    hint: 'For example: an Android smartphone.',
  },
];
const after: TextQuestion[] = [
  { name: 'parentAlive', label: 'Are your parents alive? Tell us a little about them.' },
  {
    name: 'employed',
    label: 'Are you employed? If so, for how long; if not, for how long have you been out of work?',
  },
  {
    name: 'affordableFee',
    label: 'How much of the fee can you afford to pay?',
    hint: 'An amount, for example N20,000.',
  },
  { name: 'whyBootcamp', label: 'Why do you want to attend the bootcamp?' },
  { name: 'anythingElse', label: 'Is there anything else you would like us to know?' },
];

/** /financial-aid-application/form: the seven questions, an irreversible confirm, the submission. */
export function FinancialAidFormScreen({ actor }: FinancialAidFormScreenProps) {
  const state = useSelector(actor, (s) => s);
  const { answers, errors } = state.context;
  const edit = (name: AidField, value: string) => actor.send({ type: 'EDIT', values: { [name]: value } });

  const text = ({ name, label, hint }: TextQuestion) => (
    <div key={name} className={errors[name]?.length ? 'field field--error' : 'field'}>
      <label htmlFor={fieldId(name)}>{label}</label>
      {hint && (
        <p className="hint" id={`${name}-hint`}>
          {hint}
        </p>
      )}
      <FieldError name={name} errors={errors} />
      <textarea
        id={fieldId(name)}
        name={name}
        className="textarea"
        rows={3}
        value={answers[name]}
        onChange={(event) => edit(name, event.target.value)}
        {...describedBy(name, errors, hint ? `${name}-hint` : undefined)}
      />
    </div>
  );

  return (
    <AidCard
      actor={actor}
      id="aid-form-title"
      title="Tell us about your circumstances"
      lede={
        <p className="lede">Financial aid is limited and not guaranteed. Answer every question honestly.</p>
      }
    >
      {before.map(text)}
      <fieldset
        className={errors.haveLaptop?.length ? 'field field--error' : 'field'}
        id={fieldId('haveLaptop')}
        tabIndex={-1}
        {...describedBy('haveLaptop', errors)}
      >
        <legend>Do you have a laptop?</legend>
        <FieldError name="haveLaptop" errors={errors} />
        {['Yes', 'No'].map((option) => (
          <label key={option} className="choice">
            <input
              type="radio"
              name="haveLaptop"
              value={option}
              checked={answers.haveLaptop === option}
              onChange={() => edit('haveLaptop', option)}
            />
            {option}
          </label>
        ))}
      </fieldset>
      {after.map(text)}
      <BusyButton type="submit" busy={state.hasTag('busy')}>
        Submit application
      </BusyButton>
      <ConfirmDialog
        open={state.matches('confirming') || state.matches('submitting')}
        title={CONFIRM_SAVE.title}
        text="Once you submit your financial aid application, you can't change it."
        confirmLabel={CONFIRM_SAVE.confirm}
        cancelLabel={CONFIRM_SAVE.cancel}
        busy={state.hasTag('busy')}
        onConfirm={() => actor.send({ type: 'CONFIRM' })}
        onCancel={() => actor.send({ type: 'CANCEL' })}
      />
    </AidCard>
  );
}
