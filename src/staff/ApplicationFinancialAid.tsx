/** The applicant's financial-aid answers on their staff page, in words about them (machines/rules/staffRecord.ts). */
import type { FinancialAidData } from '../../machines/rules/contract';
import { FINANCIAL_AID_LABELS } from '../../machines/rules/staffRecord';
import type { StaffApplicationPage } from '../../machines/staffApplication.machine';

const QUESTIONS = Object.entries(FINANCIAL_AID_LABELS) as [keyof FinancialAidData, string][];

export function ApplicationFinancialAid({ page }: { page: StaffApplicationPage }) {
  const aid = page.answers.financial_aid;
  return (
    <section className="staff-section" aria-labelledby="financial-aid-title">
      <h2 id="financial-aid-title">Financial aid</h2>
      {aid ? (
        <dl className="staff-answers">
          {QUESTIONS.map(([key, label]) => (
            <div key={key}>
              <dt>{label}</dt>
              <dd>{aid[key] || '—'}</dd>
            </div>
          ))}
        </dl>
      ) : (
        <p>The applicant has not applied for financial aid.</p>
      )}
    </section>
  );
}
