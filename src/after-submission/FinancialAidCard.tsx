import { aidOptionsWords, aidStandingWords, type AidStanding } from '../../machines/rules/aidDecision';
import type { FeeTable } from '../../machines/rules/payments';

export const FINANCIAL_AID_URL = '/financial-aid-application';

/** The financial-aid form, in a new tab so that the confirmation page stays where it was. */
export function FinancialAidLink({ className }: { className?: string }) {
  return (
    <a className={className} href={FINANCIAL_AID_URL} target="_blank" rel="noopener noreferrer">
      Apply for Financial Aid <span className="visually-hidden">(opens in a new tab)</span>
    </a>
  );
}

/**
 * The confirmation page's offer of financial aid, while the fee is unpaid; once the applicant has applied, where
 * their request stands instead (decision 238): received, awarded (with its share) or declined.
 */
export function FinancialAidCard({ aid, fees }: { aid: AidStanding | null; fees: FeeTable | null }) {
  if (aid) {
    const options = aidOptionsWords(aid);
    return (
      <section className="card" aria-labelledby="aid-title">
        <h2 id="aid-title">Your financial aid request</h2>
        <p>{aidStandingWords(aid)}</p>
        {options && <p>{options}</p>}
      </section>
    );
  }
  return (
    <section className="card" aria-labelledby="aid-title">
      <h2 id="aid-title">Need help with the fee?</h2>
      <p>
        {/* The applicant's own table's ceiling (decision 238): what staff may award them. */}
        Financial aid{fees ? ` of up to ${fees.aid_ceiling}% off the fee` : ''} is available to a limited
        number of applicants; it is not guaranteed.
      </p>
      <FinancialAidLink className="button button--secondary" />
    </section>
  );
}
