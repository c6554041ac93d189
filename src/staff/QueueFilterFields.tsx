/** The queue filter form's fields: each edits one name of the draft view, with the id `filter-<name>`. */
import type { StaffQueueQuery } from '../../machines/rules/staff/queue';
import { humanize } from '../../machines/rules/queueView';

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

/** A field's problem, under it, tied to it for a screen reader. */
function Problem({ name, problem }: { name: string; problem: string }) {
  return (
    <p className="field-error" id={`filter-${name}-error`}>
      <span className="visually-hidden">Error: </span>
      {problem}
    </p>
  );
}

/** What marks a field wrong, for its input. */
const invalidProps = (name: string, problem: string | undefined) =>
  problem ? { 'aria-invalid': true, 'aria-describedby': `filter-${name}-error` } : {};

export function TextFilter(props: FilterFieldProps & { type?: 'text' | 'search'; problem?: string }) {
  const { name, problem } = props;
  return (
    <div className={problem ? 'field field--error' : 'field'}>
      <label htmlFor={`filter-${name}`}>{props.label}</label>
      <input
        className="input"
        type={props.type ?? 'text'}
        {...invalidProps(name, problem)}
        {...bind(props)}
      />
      {problem && <Problem name={name} problem={problem} />}
    </div>
  );
}

/** A day typed the programme's way (`pattern`): the browser's date input would write it the browser's way. */
export function DayFilter(props: FilterFieldProps & { pattern: string; problem?: string }) {
  const { name, label, pattern, problem } = props;
  return (
    <div className={problem ? 'field field--error' : 'field'}>
      <label htmlFor={`filter-${name}`}>
        {label} <span className="hint-inline">({pattern})</span>
      </label>
      <input className="input" inputMode="numeric" {...invalidProps(name, problem)} {...bind(props)} />
      {problem && <Problem name={name} problem={problem} />}
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
