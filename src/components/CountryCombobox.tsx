import {
  Combobox,
  ComboboxButton,
  ComboboxInput,
  ComboboxOption,
  ComboboxOptions,
  Description,
  Field,
  Label,
} from '@headlessui/react';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { countriesMatching, countryNamed, type ErrorMap } from '../../machines/rules';

import { errorId, fieldId } from './ErrorSummary';

export interface CountryComboboxProps {
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  errors: ErrorMap;
  /** What the person typed in the plain field shown while this one loaded (CountryField), carried over. */
  typed?: string;
  /** Whether the plain field had the focus when this one took its place. */
  focused?: boolean;
}

/**
 * Country of Origin, Headless UI's `Combobox`: the list opens on focus, tap or click, like a select, and typing
 * filters it (docs/decisions/002-option-lists-the-spec-only-sketches.md); the arrows move through it, Enter chooses,
 * Escape closes; ✕ clears. Only a country can be chosen: the value is always one of COUNTRIES or ''.
 */
export function CountryCombobox({
  name,
  label,
  value,
  onChange,
  errors,
  typed = '',
  focused = false,
}: CountryComboboxProps) {
  const input = useRef<HTMLInputElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  // What the person has typed since the list opened.
  const [query, setQuery] = useState(typed);
  // The handover from the plain field. Focus in a layout effect: the person may type on in the very next frame, and
  // it must land here. The text in a passive one: Headless UI's own passive effect writes the chosen country's name
  // into the field as it mounts, and a parent's effects run after its children's.
  useLayoutEffect(() => {
    if (focused) input.current?.focus({ preventScroll: true });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  useEffect(() => {
    const field = input.current;
    if (typed && field && !field.value) field.value = typed;
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const matches = countriesMatching(query);
  const messages = errors[name];
  const invalid = Boolean(messages?.length);
  return (
    // Headless UI's Field links the label to the field and the listbox, and the error to the field
    // (aria-describedby), with the ids the error summary's links and the other fields use.
    <Field className={invalid ? 'field field--error' : 'field'}>
      <Combobox
        immediate
        value={value || null}
        onChange={(country: string | null) => onChange(country ?? '')}
        onClose={() => setQuery('')}
      >
        {({ open }) => (
          <>
            <Label htmlFor={fieldId(name)}>{label}</Label>
            {invalid && (
              <Description as="p" id={errorId(name)} className="field-error">
                <span className="visually-hidden">Error: </span>
                {messages!.join(' ')}
              </Description>
            )}
            <div className="combobox">
              <ComboboxInput
                ref={input}
                id={fieldId(name)}
                name={name}
                className="input"
                placeholder="Select your country"
                autoComplete="off"
                aria-invalid={invalid || undefined}
                displayValue={(country: string | null) => country ?? ''}
                onChange={(event) => setQuery(event.target.value)}
                // Headless UI opens the list as the field gets the focus; a click or tap on the field already focused
                // (after Escape, or a choice) opens it too, as on a select (decision 002).
                onClick={() => {
                  if (!open) toggle.current?.click();
                }}
                onBlur={() => {
                  // A country typed in full is taken when the person leaves; any other text is dropped.
                  const country = countryNamed(query);
                  if (country && country !== value) onChange(country);
                }}
              />
              {value && (
                <button
                  type="button"
                  className="combobox__clear"
                  aria-label={`Clear ${label}`}
                  onClick={() => {
                    // The button goes with the value: the focus goes back to the field, not to the page.
                    input.current?.focus();
                    onChange('');
                  }}
                >
                  ✕
                </button>
              )}
              <ComboboxButton ref={toggle} className="combobox__toggle" aria-label="Show all countries">
                ▾
              </ComboboxButton>
              {open && matches.length === 0 && (
                <p className="combobox__options combobox__empty" role="status">
                  No country matches “{query}”
                </p>
              )}
              {/* Placed under the field by CSS (no anchor): no script measures the field. Empty, it is not shown. */}
              <ComboboxOptions className="combobox__options">
                {matches.map((country) => (
                  <ComboboxOption
                    key={country}
                    value={country}
                    className={
                      country === value ? 'combobox__option combobox__option--chosen' : 'combobox__option'
                    }
                  >
                    {country}
                  </ComboboxOption>
                ))}
              </ComboboxOptions>
            </div>
          </>
        )}
      </Combobox>
    </Field>
  );
}
