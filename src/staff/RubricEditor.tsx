/**
 * A cohort's scorecard rubric (admins, docs/decisions/163-scorecards-blind-and-a-second-review.md): each criterion's
 * name and guidance, rated 1 to 5 by reviewers. A simple form: edit, add or remove criteria, then save.
 */
import { useState } from 'react';
import type { ErrorMap } from '../../machines/rules/messages';
import { RUBRIC_MAX_CRITERIA, rubricFields, type RubricCriterion } from '../../machines/rules/scorecard';
import { BusyButton } from '../components/BusyButton';
import { Button } from '../components/Button';
import { ErrorSummary, fieldId } from '../components/ErrorSummary';
import { TextAreaField, TextField } from '../components/Fields';
import { Form } from '../components/Form';
import { Notice } from '../components/Notice';
import { useStaff } from './StaffContext';
import { useResource } from './useResource';

type Draft = Pick<RubricCriterion, 'label' | 'guidance'>;

/** What a criterion asks: its name on one line, its guidance in a box; each named as the server names its errors. */
const CRITERION_FIELDS = [
  { part: 'label', label: 'Name', Field: TextField },
  { part: 'guidance', label: 'Guidance (what a 1 and a 5 look like)', Field: TextAreaField },
] as const;

export function RubricEditor({ cohort }: { cohort: number }) {
  const { api } = useStaff();
  const { actor, view } = useResource<{ criteria: RubricCriterion[] }, Draft[]>(
    () => api.rubric(cohort),
    async (criteria) => {
      await api.saveRubric(cohort, criteria);
      return 'Rubric saved';
    },
  );
  const loaded = view.data;
  return (
    <details className="staff-rubric">
      <summary>Scorecard rubric of this cohort</summary>
      <Notice>{view.notice}</Notice>
      <ErrorSummary message={view.message} errors={view.errors} />
      {loaded && (
        // Keyed by what the server stored: a save shows it back.
        <RubricForm
          key={JSON.stringify(loaded.criteria)}
          initial={loaded.criteria}
          errors={view.errors}
          busy={view.busy}
          onSave={(criteria) => actor.send({ type: 'SAVE', request: criteria })}
        />
      )}
    </details>
  );
}

function RubricForm({
  initial,
  errors,
  busy,
  onSave,
}: {
  initial: RubricCriterion[];
  errors: ErrorMap;
  busy: boolean;
  onSave: (criteria: Draft[]) => void;
}) {
  const [drafts, setDrafts] = useState<Draft[]>(initial.map(({ label, guidance }) => ({ label, guidance })));
  const change = (i: number, part: Partial<Draft>) =>
    setDrafts((now) => now.map((d, j) => (j === i ? { ...d, ...part } : d)));
  return (
    <Form onSubmit={() => onSave(drafts)}>
      {drafts.map((draft, i) => (
        <fieldset key={i}>
          <legend>Criterion {i + 1}</legend>
          {CRITERION_FIELDS.map(({ part, label, Field }) => (
            <Field
              key={part}
              name={rubricFields[part](i)}
              label={label}
              errors={errors}
              value={draft[part]}
              onChange={(value) => change(i, { [part]: value })}
            />
          ))}
          <Button look="link" onClick={() => setDrafts((now) => now.filter((_, j) => j !== i))}>
            Remove criterion {i + 1}
          </Button>
        </fieldset>
      ))}
      {drafts.length < RUBRIC_MAX_CRITERIA && (
        // The whole list's errors (none left, too many) link here.
        <Button
          look="secondary"
          id={fieldId(rubricFields.list)}
          onClick={() => setDrafts((now) => [...now, { label: '', guidance: '' }])}
        >
          Add a criterion
        </Button>
      )}{' '}
      <BusyButton type="submit" busy={busy}>
        Save the rubric
      </BusyButton>
    </Form>
  );
}
