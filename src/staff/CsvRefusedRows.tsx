import type { StaffCsvRow } from '../../machines/rules/staff/csv';
import { StaffTable } from './StaffTable';

/** The rows of a CSV of decisions that will not be (or were not) applied, each with its reason. */
export function CsvRefusedRows({ rows }: { rows: StaffCsvRow[] }) {
  if (rows.length === 0) return <p>No row is refused.</p>;
  return (
    <StaffTable
      caption={`Rows that will not be applied (${rows.length})`}
      columns={['Line', 'Email', 'Decision', 'Why not']}
    >
      {rows.map((r) => (
        <tr key={r.line}>
          <th scope="row">{r.line}</th>
          <td>{r.email}</td>
          <td>{r.decision}</td>
          <td>{r.reason}</td>
        </tr>
      ))}
    </StaffTable>
  );
}
