import type { ReactNode } from 'react';

/** A titled list of an application's answers, each label with its answer ("—" for one not given). */
export function AnswerSection({ title, rows }: { title: string; rows: [string, ReactNode][] }) {
  return (
    <section className="staff-section" aria-labelledby={`answers-${title}`}>
      <h2 id={`answers-${title}`}>{title}</h2>
      <dl className="staff-answers">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value === '' || value === null || value === undefined ? '—' : value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
