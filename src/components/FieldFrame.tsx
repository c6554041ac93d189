/** What every labelled field shares: its label and hint, its frame, and what its control carries. */
import type { ChangeEvent, ReactNode } from 'react';
import type { ErrorMap } from '../../machines/rules';
import { describedBy, FieldError, fieldId } from './ErrorSummary';

export interface BaseProps {
  name: string;
  label: ReactNode;
  errors: ErrorMap;
  hint?: ReactNode;
  /** Shown in the label; the checks themselves live in machines/rules. */
  optional?: boolean;
}

export const hintId = (name: string) => `field-${name}-hint`;
export const fieldClass = (name: string, errors: ErrorMap) =>
  errors[name]?.length ? 'field field--error' : 'field';

/** A field's hint, named by its control's aria-describedby. */
export function Hint({ name, hint }: Pick<BaseProps, 'name' | 'hint'>) {
  if (!hint) return null;
  return (
    <span className="hint" id={hintId(name)}>
      {hint}
    </span>
  );
}

/** The frame of a one-control field: its label and hint, its error, then the control. */
export function FieldFrame({
  name,
  label,
  errors,
  hint,
  optional,
  children,
}: BaseProps & { children: ReactNode }) {
  return (
    <div className={fieldClass(name, errors)}>
      <label htmlFor={fieldId(name)}>
        {label}
        {optional && <span className="hint-inline"> (optional)</span>}
      </label>
      <Hint name={name} hint={hint} />
      <FieldError name={name} errors={errors} />
      {children}
    </div>
  );
}

/**
 * What the control of a field carries: the id the label and the error summary name, its value and its
 * descriptions.
 */
export const controlProps = (
  { name, errors, hint }: Pick<BaseProps, 'name' | 'errors' | 'hint'>,
  value: string,
  onChange: (value: string) => void,
) => ({
  id: fieldId(name),
  name,
  value,
  onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) =>
    onChange(e.target.value),
  ...describedBy(name, errors, hint ? hintId(name) : undefined),
});
