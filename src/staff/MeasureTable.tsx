import { StaffTable } from './StaffTable';

/** A table of named figures, one measure a row: the figures of a chart that has no row per item. */
export function MeasureTable({
  caption,
  figure,
  rows,
}: {
  caption: string;
  /** The figures' column header ("Time", "Figure"). */
  figure: string;
  rows: readonly (readonly [string, string])[];
}) {
  return (
    <StaffTable caption={caption} columns={['Measure', figure]}>
      {rows.map(([measure, value]) => (
        <tr key={measure}>
          <th scope="row">{measure}</th>
          <td>{value}</td>
        </tr>
      ))}
    </StaffTable>
  );
}
