import type { ReactNode } from 'react';
import { TableHead } from './TableHead';

/** A staff table: its caption (what a screen reader announces first), its column headers and its rows. */
export function StaffTable({
  caption,
  columns,
  busy,
  children,
}: {
  caption: ReactNode;
  columns: readonly ReactNode[];
  /** While a new page of rows loads. */
  busy?: boolean;
  children: ReactNode;
}) {
  return (
    <table className="staff-table" aria-busy={busy || undefined}>
      <caption>{caption}</caption>
      <TableHead columns={columns} />
      <tbody>{children}</tbody>
    </table>
  );
}
