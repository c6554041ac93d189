import { useId, useLayoutEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { BusyButton } from './BusyButton';
import { Button } from './Button';
import { OfflineNotice } from './OfflineNotice';

export interface AppDialogProps {
  open: boolean;
  title: string;
  /** Escape and a click outside; a dialog that must be answered leaves it out. */
  onClose?: () => void;
  description?: ReactNode;
  children?: ReactNode;
  actions?: ReactNode;
  role?: 'dialog' | 'alertdialog';
  wide?: boolean;
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * One accessible dialog for the whole app (docs/decisions/201-our-own-dialog.md): focus moves in (to what its content
 * focused itself, else the first control) and Tab keeps it there; the page behind is inert and hidden from assistive
 * technology; Escape and a click outside call onClose. On closing, focus goes back to where it was, if that is still
 * in the page: when the step moved on with the dialog, the new screen's heading takes it.
 */
export function AppDialog(props: AppDialogProps) {
  return props.open ? <OpenDialog {...props} /> : null;
}

function OpenDialog({
  title,
  onClose,
  description,
  children,
  actions,
  role = 'dialog',
  wide,
}: AppDialogProps) {
  const root = useRef<HTMLDivElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const textId = useId();
  // Read as the dialog first renders: by its effect, a control inside may have taken focus (autoFocus).
  const [before] = useState(() =>
    document.activeElement instanceof HTMLElement ? document.activeElement : null,
  );
  // In the commit that opens or closes the dialog, not a frame later: never a page left inert behind no dialog, nor a
  // press on the page while the dialog is already shown.
  useLayoutEffect(() => {
    const self = panel.current!;
    const others = [...document.body.children].filter(
      (element) => element !== root.current && !element.hasAttribute('inert'),
    );
    for (const element of others) {
      element.setAttribute('inert', '');
      element.setAttribute('aria-hidden', 'true');
    }
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    if (!self.contains(document.activeElement))
      (
        self.querySelector<HTMLElement>('[autofocus]') ??
        self.querySelector<HTMLElement>(FOCUSABLE) ??
        self
      ).focus();
    return () => {
      for (const element of others) {
        element.removeAttribute('inert');
        element.removeAttribute('aria-hidden');
      }
      document.body.style.overflow = overflow;
      // Back where the person was, if that is still in the page: a step that moved on focuses its own heading.
      const lost =
        !document.activeElement ||
        document.activeElement === document.body ||
        self.contains(document.activeElement);
      if (lost && before?.isConnected) before.focus();
    };
  }, [before]);
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape' && onClose) {
      event.stopPropagation();
      onClose();
    }
    if (event.key !== 'Tab') return;
    const stops = [...panel.current!.querySelectorAll<HTMLElement>(FOCUSABLE)];
    if (!stops.length) return;
    const [first, last] = [stops[0], stops[stops.length - 1]];
    if (event.shiftKey && (document.activeElement === first || document.activeElement === panel.current)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };
  return createPortal(
    <div className="dialog-root" ref={root}>
      <div className="dialog-backdrop" aria-hidden="true" />
      <div
        className="dialog-frame"
        // A press outside keeps focus where it was: a dialog that may not be dismissed changes nothing at all.
        onMouseDown={(event) => {
          if (event.target === event.currentTarget) event.preventDefault();
        }}
        onClick={(event) => {
          if (event.target === event.currentTarget) onClose?.();
        }}
      >
        <div
          ref={panel}
          className={wide ? 'dialog dialog--wide' : 'dialog'}
          role={role}
          aria-modal="true"
          aria-labelledby={titleId}
          aria-describedby={description ? textId : undefined}
          tabIndex={-1}
          onKeyDown={onKeyDown}
        >
          <h2 id={titleId} className="dialog__title">
            {title}
          </h2>
          {description && (
            <div id={textId} className="dialog__text">
              {description}
            </div>
          )}
          {children}
          {actions && <div className="dialog__actions">{actions}</div>}
        </div>
      </div>
    </div>,
    document.body,
  );
}

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  text: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  busy?: boolean;
}

/** 'Are you sure?' before a save that cannot be undone; cancelling keeps everything the person typed. */
export function ConfirmDialog({
  open,
  title,
  text,
  confirmLabel,
  cancelLabel,
  onConfirm,
  onCancel,
  busy,
}: ConfirmDialogProps) {
  return (
    <AppDialog
      open={open}
      title={title}
      description={text}
      role="alertdialog"
      onClose={busy ? undefined : onCancel}
      actions={
        <>
          <Button look="secondary" onClick={onCancel} disabled={busy}>
            {cancelLabel}
          </Button>
          <BusyButton type="button" busy={busy} onClick={onConfirm} autoFocus>
            {confirmLabel}
          </BusyButton>
        </>
      }
    >
      {/* The page behind a modal dialog is out of reach: a save confirmed offline says so here (decision 139). */}
      <OfflineNotice />
    </AppDialog>
  );
}
