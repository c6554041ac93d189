/** A cohort's financial aid (decision 238): requests, awards and declines that stand, and what the awards waive. */
import type { AidReport as AidFigures } from '../../machines/rules/reports';
import { formatMoney } from '../../machines/rules/payments';
import { MeasureTable } from './MeasureTable';

export function AidReport({ aid, cohort }: { aid: AidFigures; cohort: string }) {
  return (
    <section aria-labelledby="report-aid">
      <h2 id="report-aid">Financial aid</h2>
      <p>
        Every aid request in {cohort}, whatever the days asked for; a decision in its undo window counts, an
        undone one does not.
      </p>
      <MeasureTable
        caption="Financial aid requests, awards and their cost"
        figure="Count"
        rows={[
          ['Requests', String(aid.requests)],
          ['Awarded', String(aid.awarded)],
          ['Declined', String(aid.declined)],
          [
            'Fees waived by the awards',
            aid.cost.length ? aid.cost.map(formatMoney).join(' and ') : 'Nothing',
          ],
        ]}
      />
    </section>
  );
}
