import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
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

/** Positions in COUNTRIES of the countries that contain the query, all of them for an empty one. */
const matching = (query: string): number[] => {
  const needle = normalise(query.trim());
  return COUNTRIES.flatMap((country, i) => (!needle || normalise(country).includes(needle) ? [i] : []));
};

/**
 * Country of Origin: the WAI-ARIA "editable combobox with list autocomplete" pattern. The list opens on focus, tap
 * or click, like a select, and typing filters it (docs/decisions/045-the-cv-picker-and-the-country-list.md); our own
 * rather than Headless UI's, which was most of the Bio Data screen's script
 * (docs/decisions/193-our-own-country-list.md).
 */
export function CountryCombobox({ name, label, value, onChange, errors }: CountryComboboxProps) {
  const id = fieldId(name);
  const listId = `${id}-list`;
  const labelId = `${id}-label`;
  const input = useRef<HTMLInputElement>(null);
  const [open, setOpen] = useState(false);
  // What the person has typed since the list opened; null shows the chosen country.
  const [query, setQuery] = useState<string | null>(null);
  // The option moved to with the arrows (a position in COUNTRIES); null: the first match while typing, else none.
  const [active, setActive] = useState<number | null>(null);

  const matches = open ? matching(query ?? '') : [];
  // As in the APG's example, the listbox is there only with options in it; "No country matches" takes its place.
  const expanded = matches.length > 0;
  const typed = Boolean(query?.trim());
  const moved = active === null ? -1 : matches.indexOf(active);
  const activeAt = moved >= 0 ? moved : typed && expanded ? 0 : -1;
  const activeId = activeAt >= 0 ? `${listId}-${matches[activeAt]}` : undefined;

  useEffect(() => {
    if (activeId) document.getElementById(activeId)?.scrollIntoView?.({ block: 'nearest' });
  }, [activeId]);

  const show = () => {
    if (open) return;
    setOpen(true);
    setActive(value ? COUNTRIES.indexOf(value) : null);
  };
  const close = () => {
    setOpen(false);
    setQuery(null);
    setActive(null);
  };
  const choose = (country: string) => {
    close();
    onChange(country);
  };
  /** The country the typed text names exactly, whatever its case and accents. */
  const named = () => {
    const text = normalise((query ?? '').trim());
    return text ? COUNTRIES.find((country) => normalise(country) === text) : undefined;
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.nativeEvent.isComposing) return;
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        event.preventDefault();
        if (!open) {
          setOpen(true);
          setActive(value ? COUNTRIES.indexOf(value) : event.key === 'ArrowDown' ? 0 : COUNTRIES.length - 1);
          return;
        }
        if (matches.length === 0) return;
        const step = event.key === 'ArrowDown' ? 1 : -1;
        const from = activeAt < 0 && step < 0 ? 0 : activeAt;
        setActive(matches[(from + step + matches.length) % matches.length]);
        return;
      }
      case 'Enter': {
        if (!open) return;
        // The list is open: Enter answers it, and the form is not sent.
        event.preventDefault();
        const country = activeAt >= 0 ? COUNTRIES[matches[activeAt]] : named();
        if (country) choose(country);
        else close();
        return;
      }
      case 'Escape':
        if (!open) return;
        event.preventDefault();
        close();
        return;
    }
  };

  const a11y = describedBy(name, errors);
  return (
    <div className={errors[name]?.length ? 'field field--error' : 'field'}>
      <label id={labelId} htmlFor={id}>
        {label}
      </label>
      <FieldError name={name} errors={errors} />
      <div className="combobox">
        <input
          ref={input}
          id={id}
          name={name}
          className="input"
          type="text"
          role="combobox"
          placeholder="Select your country"
          autoComplete="off"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={activeId}
          {...a11y}
          value={query ?? value}
          onChange={(event) => {
            setQuery(event.target.value);
            setActive(null);
            setOpen(true);
          }}
          onFocus={show}
          onClick={show}
          onBlur={() => {
            // Text that names no country sets nothing: the value is always one of COUNTRIES or ''.
            const country = named();
            if (country) choose(country);
            else close();
          }}
          onKeyDown={onKeyDown}
        />
        {value && (
          <button
            type="button"
            className="combobox__clear"
            aria-label={`Clear ${label}`}
            onClick={() => {
              // The button goes with the value: the focus goes back to the field (which opens the list), not to the page.
              input.current?.focus();
              setQuery(null);
              setActive(null);
              onChange('');
            }}
          >
            ✕
          </button>
        )}
        <button
          type="button"
          className="combobox__toggle"
          aria-label={`Show all countries for ${label}`}
          tabIndex={-1}
          // The field keeps the focus, so that a press on an open list closes it instead of blurring and reopening.
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => {
            if (open) close();
            else {
              show();
              input.current?.focus();
            }
          }}
        >
          ▾
        </button>
        {/* The field keeps the focus through a press on the list or the message; a click on an option then chooses. */}
        {open && !expanded && (
          <p
            className="combobox__options combobox__empty"
            role="status"
            onMouseDown={(event) => event.preventDefault()}
          >
            No country matches “{query}”
          </p>
        )}
        {expanded && (
          // The listbox itself scrolls: axe-core accepts a scrolling region with nothing focusable in it only there.
          <div
            role="listbox"
            id={listId}
            aria-labelledby={labelId}
            className="combobox__options"
            onMouseDown={(event) => event.preventDefault()}
          >
            {matches.map((at, i) => (
              <div
                key={COUNTRIES[at]}
                id={`${listId}-${at}`}
                role="option"
                aria-selected={i === activeAt}
                className={
                  COUNTRIES[at] === value ? 'combobox__option combobox__option--chosen' : 'combobox__option'
                }
                onClick={() => choose(COUNTRIES[at])}
              >
                {COUNTRIES[at]}
              </div>
            ))}
          </div>
        )}
      </div>
    </div>
  );
}
