import type { ChangeEvent } from 'react';

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
