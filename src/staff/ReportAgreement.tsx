/**
 * Score agreement on the Reports screen (docs/decisions/163-scorecards-blind-and-a-second-review.md): how often the reviewers of the same
 * application agree, by the rule of a second review, and how far each reviewer and each pair of reviewers lie from
 * the others; a chart of each reviewer's distance, and the tables that hold every figure.
 */
import { firstFew, share, type ScoreAgreement } from '../../machines/rules/reports';
import { DISAGREEMENT_POINTS } from '../../machines/rules/scorecard';
import { BarFigure } from '../charts/BarFigure';
import { SERIES_COLOURS } from '../charts/colours';
import { MeasureTable } from './MeasureTable';
import { TableHead } from './TableHead';

const points = (n: number | null) => (n === null ? '—' : `${n} point${n === 1 ? '' : 's'}`);

/** `range`: the days shown, in words ("since the cohort opened"). */
export function AgreementReport({ agreement, range }: { agreement: ScoreAgreement; range: string }) {
  const { compared, agreeing, meanDifference, pairs, reviewers } = agreement;
  return (
    <section aria-labelledby="report-agreement">
      <h2 id="report-agreement">Score agreement</h2>
      <p>
        Applications scored by two or more reviewers, the last score saved {range}. Reviewers agree when their
        scores are less than {DISAGREEMENT_POINTS} points apart, the rule that asks for another review.
      </p>
      {compared === 0 ? (
        <p>No application was scored by two reviewers {range}.</p>
      ) : (
        <>
          <MeasureTable
            caption="Agreement between reviewers"
            figure="Figure"
            rows={[
              ['Applications with two or more reviews', String(compared)],
              ['Reviewers agree on', `${agreeing} (${share(agreeing, compared)})`],
              ['Mean distance between two reviewers', points(meanDifference)],
            ]}
          />
          <BarFigure
            description={`Each reviewer's mean distance in points from the other reviewers of the same applications ${range}: ${firstFew(reviewers.map((r) => [r.staff, r.meanDistance]))}. The tables below have every figure.`}
            rows={reviewers.map((r) => ({ label: r.staff, values: [r.meanDistance] }))}
            series={[{ name: 'Mean distance (points)', colour: SERIES_COLOURS[0] }]}
          />
          <table className="staff-table">
            <caption>Each reviewer’s mean distance from the other reviewers of the same applications</caption>
            <TableHead columns={['Reviewer', 'Scores compared', 'Mean distance']} />
            <tbody>
              {reviewers.map((r) => (
                <tr key={r.staff}>
                  <th scope="row">{r.staff}</th>
                  <td>{r.comparisons}</td>
                  <td>{points(r.meanDistance)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <table className="staff-table">
            <caption>Each pair of reviewers who scored the same applications</caption>
            <TableHead columns={['Reviewers', 'Applications both scored', 'Mean distance', 'Agree on']} />
            <tbody>
              {pairs.map((p) => (
                <tr key={`${p.first} ${p.second}`}>
                  <th scope="row">
                    {p.first} and {p.second}
                  </th>
                  <td>{p.applications}</td>
                  <td>{points(p.meanDifference)}</td>
                  <td>
                    {p.agreeing} ({share(p.agreeing, p.applications)})
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </section>
  );
}
