import { humanize } from '../../machines/rules/queueView';
import type { StaffApplicationPage } from '../../machines/staffApplication.machine';
import { storedSteps } from '../../machines/steps';
import { AnswerSection } from './AnswerSection';

/**
 * The answers of each step after eligibility that keeps them in a column of its own (machines/steps/, in the wizard's
 * order), each question in words, under the step's title for staff. The eligibility answers have their own section, with scores.
 */
export function LaterAnswers({ page }: { page: StaffApplicationPage }) {
  const answers = page.answers as unknown as Record<string, Record<string, unknown> | undefined>;
  const steps = storedSteps();
  const later = steps.slice(steps.findIndex((step) => step.row.state === 'eligibility') + 1);
  return (
    <>
      {later.map((step) => (
        <AnswerSection
          key={step.column}
          title={step.staffTitle ?? step.row.title}
          rows={Object.entries(answers[step.column] ?? {}).map(([k, v]) => [humanize(k), String(v ?? '')])}
        />
      ))}
    </>
  );
}
