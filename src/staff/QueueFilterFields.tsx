/** The queue filter form's fields: each edits one name of the draft view, with the id `filter-<name>`. */
import type { StaffQueueQuery } from '../../machines/rules/staff/queue';
import { humanize } from '../../machines/rules/queueView';
import { STAFF_QUEUE_MESSAGES } from '../../machines/rules/staff/queue';

interface FilterFieldProps {
  name: keyof StaffQueueQuery;
  label: string;
  draft: StaffQueueQuery;
  onChange: (next: StaffQueueQuery) => void;
}

const bind = ({ name, draft, onChange }: FilterFieldProps) => ({
  id: `filter-${name}`,
  name,
  value: draft[name] ?? '',
  onChange: (e: { target: { value: string } }) => onChange({ ...draft, [name]: e.target.value }),
});

export function TextFilter(props: FilterFieldProps & { type?: 'text' | 'search' }) {
  return (
    <div className="field">
      <label htmlFor={`filter-${props.name}`}>{props.label}</label>
      <input className="input" type={props.type ?? 'text'} {...bind(props)} />
    </div>
  );
}

/** A day typed the programme's way (`pattern`): the browser's date input would write it the browser's way. */
export function DayFilter(props: FilterFieldProps & { pattern: string; wrong: boolean }) {
  const { name, label, pattern, wrong } = props;
  return (
    <div className={wrong ? 'field field--error' : 'field'}>
      <label htmlFor={`filter-${name}`}>
        {label} <span className="hint-inline">({pattern})</span>
      </label>
      <input
        className="input"
        inputMode="numeric"
        aria-invalid={wrong || undefined}
        aria-describedby={wrong ? `filter-${name}-error` : undefined}
        {...bind(props)}
      />
      {wrong && (
        <p className="field-error" id={`filter-${name}-error`}>
          <span className="visually-hidden">Error: </span>
          {STAFF_QUEUE_MESSAGES.dateAs(pattern)}
        </p>
      )}
    </div>
  );
}

/** A select of `values` with `any` ("Any") first; `labelOf` words each value. */
export function ChoiceFilter(
  props: FilterFieldProps & {
    values: readonly string[];
    labelOf?: (value: string) => string;
    any?: string;
  },
) {
  const { values, labelOf = humanize, any = 'Any' } = props;
  return (
    <div className="field">
      <label htmlFor={`filter-${props.name}`}>{props.label}</label>
      <select className="select" {...bind(props)}>
        <option value="">{any}</option>
        {values.map((v) => (
          <option key={v} value={v}>
            {labelOf(v)}
          </option>
        ))}
      </select>
    </div>
  );
}
