/** An application's eligibility result and each answer's score, on its staff page (docs/product.md §4). */
import { answerScore, NEGATIVE_SCORE, scoreEligibility } from '../../machines/rules/eligibility';
import { ELIGIBILITY_QUESTIONS } from '../../machines/rules/options';
import { humanize } from '../../machines/rules/queueView';
import type { StaffApplicationPage } from '../../machines/staffApplication.machine';
import { StaffTable } from './StaffTable';

export function EligibilityAnswers({ page }: { page: StaffApplicationPage }) {
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
      <StaffTable
        caption="Each answer's score: 1 is the strongest, 4 the weakest"
        columns={['Question', 'Answer', 'Score']}
      >
        {ELIGIBILITY_QUESTIONS.map((q) => (
          <tr key={q.name}>
            <th scope="row">{q.legend}</th>
            <td>{answers[q.name] || '—'}</td>
            <td>{answerScore(q.name, answers[q.name], q.options) ?? '—'}</td>
          </tr>
        ))}
      </StaffTable>
    </section>
  );
}
