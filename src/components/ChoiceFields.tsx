/** The fields that are choices: one of several (radios in a fieldset), or a single checkbox. */
import type { ReactNode } from 'react';
import type { ErrorMap, Option } from '../../machines/rules';
import { describedBy, FieldError, fieldId } from './ErrorSummary';
import { fieldClass, Hint, hintId, type BaseProps } from './FieldFrame';

export interface RadioFieldProps extends BaseProps {
  value: string;
  onChange: (value: string) => void;
  options: readonly Option[];
}

/** A single-choice question: a fieldset whose first radio is what the error summary links to. */
export function RadioField({ name, label, errors, hint, value, onChange, options }: RadioFieldProps) {
  return (
    <fieldset
      className={fieldClass(name, errors)}
      {...describedBy(name, errors, hint ? hintId(name) : undefined)}
    >
      <legend>{label}</legend>
      <Hint name={name} hint={hint} />
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
    <div className={fieldClass(name, errors)}>
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
