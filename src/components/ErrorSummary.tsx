import { useLayoutEffect, useRef } from 'react';
import type { ErrorMap } from '../../machines/rules';

export const fieldId = (name: string) => `field-${name}`;
export const errorId = (name: string) => `field-${name}-error`;

const ERROR_TITLE = 'Error: ';

/**
 * Sets the page's title to a screen's, keeping the 'Error: ' that an error summary standing on the page has put before
 * it: a screen rendered with its errors already there (a press held before the app came, docs/performance.md (former decision 211)) runs the
 * summary's effect before its frame's.
 */
export function setPageTitle(title: string): void {
  document.title = (document.title.startsWith(ERROR_TITLE) ? ERROR_TITLE : '') + title;
}

export interface ErrorSummaryProps {
  /** A message that belongs to no one field (the server's message, a network failure). */
  message?: string;
  errors: ErrorMap;
}

/**
 * The spec's red alerts, in the GOV.UK error-summary pattern: the summary takes focus when errors appear, each alert
 * links to its field, and the page title starts with 'Error:' while errors stand.
 */
export function ErrorSummary({ message, errors }: ErrorSummaryProps) {
  const ref = useRef<HTMLDivElement>(null);
  const entries = Object.entries(errors).flatMap(([field, messages]) =>
    (messages ?? []).map((m) => [field, m] as const),
  );
  const hasErrors = Boolean(message) || entries.length > 0;
  const signature = `${message ?? ''}|${entries.map(([f, m]) => f + m).join('|')}`;

  // In the commit that shows the summary: a key pressed in that frame starts from it, not from the Save button.
  useLayoutEffect(() => {
    if (!hasErrors) return;
    ref.current?.focus();
    if (!document.title.startsWith(ERROR_TITLE)) document.title = ERROR_TITLE + document.title;
    return () => {
      if (document.title.startsWith(ERROR_TITLE)) document.title = document.title.slice(ERROR_TITLE.length);
    };
  }, [hasErrors, signature]);

  if (!hasErrors) return null;
  return (
    <div className="error-summary" ref={ref} tabIndex={-1} role="alert" aria-labelledby="error-summary-title">
      <h2 id="error-summary-title" className="error-summary__title">
        There is a problem
      </h2>
      <ul className="error-summary__list">
        {message && !entries.some(([, m]) => m === message) && (
          <li className="alert alert--error">{message}</li>
        )}
        {entries.map(([field, text]) => (
          <li key={field + text} className="alert alert--error">
            <a
              href={`#${fieldId(field)}`}
              onClick={(event) => {
                const target = document.getElementById(fieldId(field));
                if (!target) return;
                event.preventDefault();
                target.focus();
                target.scrollIntoView?.({ block: 'center' });
              }}
            >
              {text}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The message under a field, which the field names in `aria-describedby`. */
export function FieldError({ name, errors }: { name: string; errors: ErrorMap }) {
  const messages = errors[name];
  if (!messages?.length) return null;
  return (
    <p className="field-error" id={errorId(name)}>
      <span className="visually-hidden">Error: </span>
      {messages.join(' ')}
    </p>
  );
}

/** The accessibility attributes of a field that may carry an error. */
export const describedBy = (name: string, errors: ErrorMap, hintId?: string) => {
  const invalid = Boolean(errors[name]?.length);
  const ids = [hintId, invalid ? errorId(name) : undefined].filter(Boolean).join(' ');
  return { 'aria-invalid': invalid || undefined, 'aria-describedby': ids || undefined } as const;
};
