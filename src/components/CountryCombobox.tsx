import { Combobox, ComboboxButton, ComboboxInput, ComboboxOption, ComboboxOptions } from '@headlessui/react';
import { useEffect, useRef, useState } from 'react';
import { COUNTRIES, type ErrorMap } from '../../machines/rules';
import { describedBy, FieldError, fieldId } from './ErrorSummary';

export interface CountryComboboxProps {
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  errors: ErrorMap;
}

const normalise = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

/** Country of Origin: type to filter about 195 countries, pick with arrows and Enter, clear with the ✕ button. */
export function CountryCombobox({ name, label, value, onChange, errors }: CountryComboboxProps) {
  const [query, setQuery] = useState('');
  const needle = normalise(query.trim());
  const matches = needle ? COUNTRIES.filter((c) => normalise(c).includes(needle)) : COUNTRIES;
  const input = useRef<HTMLInputElement>(null);
  const a11y = describedBy(name, errors);
  // Headless UI's ComboboxInput owns aria-describedby (empty without its own Description) and drops ours, so the
  // error would not be read with the field: set it on the element after each render.
  useEffect(() => {
    const ids = a11y['aria-describedby'];
    if (ids) input.current?.setAttribute('aria-describedby', ids);
    else input.current?.removeAttribute('aria-describedby');
  });
  return (
    <div className={errors[name]?.length ? 'field field--error' : 'field'}>
      <label htmlFor={fieldId(name)}>{label}</label>
      <FieldError name={name} errors={errors} />
      {/* immediate: a tap or click on the field opens the list, as people expect of a select. */}
      <Combobox
        immediate
        value={value || null}
        onChange={(v: string | null) => onChange(v ?? '')}
        onClose={() => setQuery('')}
      >
        <div className="combobox">
          <ComboboxInput
            id={fieldId(name)}
            name={name}
            className="input"
            placeholder="Select your country"
            autoComplete="off"
            displayValue={(v: string | null) => v ?? ''}
            ref={input}
            onChange={(e) => setQuery(e.target.value)}
            aria-invalid={a11y['aria-invalid']}
          />
          {value && (
            <button
              type="button"
              className="combobox__clear"
              aria-label={`Clear ${label}`}
              onClick={() => onChange('')}
            >
              ✕
            </button>
          )}
          <ComboboxButton className="combobox__toggle" aria-label={`Show all countries for ${label}`}>
            ▾
          </ComboboxButton>
        </div>
        <ComboboxOptions anchor="bottom start" className="combobox__options">
          {matches.length === 0 && <div className="combobox__empty">No country matches “{query}”</div>}
          {matches.map((country) => (
            <ComboboxOption key={country} value={country} className="combobox__option">
              {country}
            </ComboboxOption>
          ))}
        </ComboboxOptions>
      </Combobox>
    </div>
  );
}
