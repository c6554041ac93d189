/** Labelled form fields that show their own error and are named by the error summary's links. */
import { useState } from 'react';
import type { ErrorMap, Option } from '../../machines/rules';
import { controlProps, FieldFrame, type BaseProps } from './FieldFrame';

export { CheckboxField, RadioField, type CheckboxFieldProps, type RadioFieldProps } from './ChoiceFields';

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

/** A text field whose value the screen keeps (no machine holds it): its props, to spread in, with its value. */
export function useFieldState(name: string, errors: ErrorMap, initial = '') {
  const [value, onChange] = useState(initial);
  return { name, value, onChange, errors };
}

/**
 * A form of text fields the screen keeps as one draft until it is sent: the draft, and each field's props (name,
 * value, onChange, errors) to spread in.
 */
export function useDraftFields<T extends Record<keyof T, string>>(initial: T, errors: ErrorMap) {
  const [draft, setDraft] = useState(initial);
  const field = (name: keyof T & string) => ({
    name,
    value: draft[name],
    onChange: (value: string) => setDraft((d) => ({ ...d, [name]: value })),
    errors,
  });
  return { draft, field };
}
