import type { ButtonHTMLAttributes } from 'react';

export interface BusyButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  busy?: boolean;
}

/** While a save runs the button turns into a disabled spinner (docs/product.md §4), and says so to screen readers. */
export function BusyButton({ busy, children, className = 'button', ...rest }: BusyButtonProps) {
  return (
    <button {...rest} className={className} disabled={busy || rest.disabled} aria-busy={busy || undefined}>
      {busy ? (
        <>
          <span className="spinner" aria-hidden="true" />
          <span className="visually-hidden">Saving…</span>
        </>
      ) : (
        children
      )}
    </button>
  );
}
