import type { ChangeEvent } from 'react';
import type { ErrorMap } from '../../machines/rules';
import { describedBy, FieldError, fieldId } from './ErrorSummary';

export const CODE_LENGTH = 6;

/** Keeps the digits of what was typed or pasted ('123 456', '123-456'), at most six. */
export const normalizeCode = (raw: string): string => raw.replace(/\D+/g, '').slice(0, CODE_LENGTH);

export interface CodeInputProps {
  id: string;
  value: string;
  onChange: (code: string) => void;
  name?: string;
  'aria-describedby'?: string;
  'aria-invalid'?: boolean;
  autoFocus?: boolean;
  disabled?: boolean;
}

/**
 * The emailed 6-digit code. A controlled text input, not type=number: a code keeps its leading zeros, the phone
 * offers its numeric keyboard and the code from the message (one-time-code), and a pasted code may carry spaces.
 * No maxLength, because the browser would cut a pasted '123 456' before the spaces are removed.
 */
export function CodeInput({ id, value, onChange, name = 'code', ...rest }: CodeInputProps) {
  return (
    <input
      {...rest}
      id={id}
      name={name}
      className="input code-input"
      type="text"
      inputMode="numeric"
      autoComplete="one-time-code"
      spellCheck={false}
      value={value}
      onChange={(event: ChangeEvent<HTMLInputElement>) => onChange(normalizeCode(event.target.value))}
    />
  );
}

export interface CodeFieldProps extends Pick<CodeInputProps, 'value' | 'onChange' | 'name'> {
  label: string;
  errors: ErrorMap;
}

/** The code as a form field: its label, its error and the input the error summary links to (`token`). */
export function CodeField({ label, errors, ...input }: CodeFieldProps) {
  return (
    <div className={errors.token?.length ? 'field field--error' : 'field'}>
      <label htmlFor={fieldId('token')}>{label}</label>
      <FieldError name="token" errors={errors} />
      <CodeInput id={fieldId('token')} {...input} {...describedBy('token', errors)} />
    </div>
  );
}
