import { humanize } from '../../machines/rules/queueView';
import type { StaffApplicationPage } from '../../machines/staffApplication.machine';
import { AnswerSection } from './AnswerSection';

/** The last two steps' answers, each question in words. */
export function LaterAnswers({ page }: { page: StaffApplicationPage }) {
  const a = page.answers;
  return (
    <>
      <AnswerSection
        title="Employment"
        rows={Object.entries(a.employment).map(([k, v]) => [humanize(k), String(v ?? '')])}
      />
      <AnswerSection
        title="The applicant and the bootcamp"
        rows={Object.entries(a.other).map(([k, v]) => [humanize(k), v])}
      />
    </>
  );
}
