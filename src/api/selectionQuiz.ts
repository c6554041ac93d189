/**
 * The selection video and quiz this browser's applicant is shown and scored on (decision 245): the version their
 * application started, else (signed out, decision 243) the newest.
 */
import { paths } from '../../machines/rules/contract';
import type { ApplicantQuiz } from '../../machines/rules/selectionQuiz';

export async function loadSelectionQuiz(): Promise<ApplicantQuiz> {
  const response = await fetch(paths.selectionQuiz, {
    credentials: 'same-origin',
    headers: { accept: 'application/json' },
  });
  if (!response.ok) throw new Error(`selection quiz: ${response.status}`);
  return ((await response.json()) as { data: ApplicantQuiz }).data;
}
