/** Labelled form fields that show their own error and are named by the error summary's links. */
import { useState, type ChangeEvent, type ReactNode } from 'react';
import type { ErrorMap, Option } from '../../machines/rules';
import { describedBy, FieldError, fieldId } from './ErrorSummary';

interface BaseProps {
  name: string;
  label: ReactNode;
  errors: ErrorMap;
  hint?: ReactNode;
  /** Shown in the label; the checks themselves live in machines/rules. */
  optional?: boolean;
}

const hintId = (name: string) => `field-${name}-hint`;
const wrapper = (name: string, errors: ErrorMap) => (errors[name]?.length ? 'field field--error' : 'field');

function Label({ name, label, optional, hint }: Pick<BaseProps, 'name' | 'label' | 'optional' | 'hint'>) {
  return (
    <>
      <label htmlFor={fieldId(name)}>
        {label}
        {optional && <span className="hint-inline"> (optional)</span>}
      </label>
      {hint && (
        <span className="hint" id={hintId(name)}>
          {hint}
        </span>
      )}
    </>
  );
}

/** The frame of a one-control field: its label and hint, its error, then the control. */
function FieldFrame({ name, label, errors, hint, optional, children }: BaseProps & { children: ReactNode }) {
  return (
    <div className={wrapper(name, errors)}>
      <Label name={name} label={label} optional={optional} hint={hint} />
      <FieldError name={name} errors={errors} />
      {children}
    </div>
  );
}

/**
 * What the control of a field carries: the id the label and the error summary name, its value and its
 * descriptions.
 */
const controlProps = (
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

export interface TextFieldProps extends BaseProps {
  value: string;
  onChange: (value: string) => void;
  type?: 'text' | 'email' | 'tel' | 'date';
  autoComplete?: string;
  inputMode?: 'text' | 'email' | 'tel' | 'numeric';
  placeholder?: string;
  disabled?: boolean;
}

export function TextField({
  name,
  label,
  errors,
  hint,
  optional,
  value,
  onChange,
  type = 'text',
  ...rest
}: TextFieldProps) {
  return (
    <FieldFrame name={name} label={label} errors={errors} hint={hint} optional={optional}>
      <input
        {...controlProps({ name, errors, hint }, value, onChange)}
        className="input"
        type={type}
        {...rest}
      />
    </FieldFrame>
  );
}

export interface TextAreaFieldProps extends BaseProps {
  value: string;
  onChange: (value: string) => void;
}

export function TextAreaField({ value, onChange, ...frame }: TextAreaFieldProps) {
  return (
    <FieldFrame {...frame}>
      <textarea {...controlProps(frame, value, onChange)} className="textarea" />
    </FieldFrame>
  );
}

export interface SelectFieldProps extends Omit<BaseProps, 'optional'> {
  value: string;
  onChange: (value: string) => void;
  options: readonly Option[];
  placeholder?: string;
}

export function SelectField({
  value,
  onChange,
  options,
  placeholder = 'Select an answer',
  ...frame
}: SelectFieldProps) {
  return (
    <FieldFrame {...frame}>
      <select {...controlProps(frame, value, onChange)} className="select">
        <option value="">{placeholder}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}

export interface RadioFieldProps extends BaseProps {
  value: string;
  onChange: (value: string) => void;
  options: readonly Option[];
}

/** A single-choice question: a fieldset whose first radio is what the error summary links to. */
export function RadioField({ name, label, errors, hint, value, onChange, options }: RadioFieldProps) {
  return (
    <fieldset
      className={wrapper(name, errors)}
      {...describedBy(name, errors, hint ? hintId(name) : undefined)}
    >
      <legend>{label}</legend>
      {hint && (
        <span className="hint" id={hintId(name)}>
          {hint}
        </span>
      )}
      <FieldError name={name} errors={errors} />
      {options.map((o, i) => (
        <label key={o.value} className="choice">
          <input
            type="radio"
            id={i === 0 ? fieldId(name) : undefined}
            name={name}
            value={o.value}
            checked={value === o.value}
            onChange={() => onChange(o.value)}
          />
          <span>{o.label}</span>
        </label>
      ))}
    </fieldset>
  );
}

export interface CheckboxFieldProps {
  name: string;
  label: ReactNode;
  errors: ErrorMap;
  checked: boolean;
  onChange: (checked: boolean) => void;
}

export function CheckboxField({ name, label, errors, checked, onChange }: CheckboxFieldProps) {
  return (
    <div className={wrapper(name, errors)}>
      <FieldError name={name} errors={errors} />
      <label className="checkbox">
        <input
          type="checkbox"
          id={fieldId(name)}
          name={name}
          checked={checked}
          onChange={(e) => onChange(e.target.checked)}
          {...describedBy(name, errors)}
        />
        <span>{label}</span>
      </label>
    </div>
  );
}

/** A text field whose value the screen keeps (no machine holds it): its props, to spread in, with its value. */
export function useFieldState(name: string, errors: ErrorMap, initial = '') {
  const [value, onChange] = useState(initial);
  return { name, value, onChange, errors };
}
