import { Description, Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';
import { useRef, useState, type KeyboardEvent, type MutableRefObject, type ReactNode } from 'react';
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

const ignore = () => {};

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * Where focus goes as the dialog opens, read when Headless UI moves it in: a control that took focus itself
 * (`autoFocus`: 'Yes, continue', the quiz's first choice) keeps it, else the first control (Headless UI alone would
 * focus the dialog's own element).
 */
function useFirstControl() {
  const panel = useRef<HTMLDivElement | null>(null);
  const [first] = useState<MutableRefObject<HTMLElement | null>>(() => ({
    get current() {
      const self = panel.current;
      const active = document.activeElement;
      if (!self) return null;
      if (active instanceof HTMLElement && self.contains(active)) return active;
      return self.querySelector<HTMLElement>(FOCUSABLE);
    },
  }));
  return [panel, first] as const;
}

/**
 * One accessible dialog for the whole app, over Headless UI's `Dialog`: focus moves in (to what its content focused
 * itself, else the first control) and Tab keeps it there; the page behind is inert and hidden from assistive
 * technology and does not scroll; Escape and a click outside call onClose, if there is one. On closing, focus goes
 * back to the opener; when the step moved on with the dialog, the new screen's heading takes it
 * (src/wizard/ScreenHeading.tsx).
 */
export function AppDialog({
  open,
  title,
  onClose,
  description,
  children,
  actions,
  role = 'dialog',
  wide,
}: AppDialogProps) {
  const [panel, firstControl] = useFirstControl();
  return (
    // Mounted while closed too: Headless UI then finds the page behind (what it makes inert) before the dialog
    // opens, also when one dialog opens as another closes (the quiz's result after the quiz).
    <Dialog
      open={open}
      onClose={onClose ?? ignore}
      role={role}
      initialFocus={firstControl}
      className="dialog-root"
      // A dialog that must be answered: Escape does nothing at all (Headless UI would blur the focused control).
      onKeyDown={(event: KeyboardEvent<HTMLElement>) => {
        if (event.key === 'Escape' && !onClose) event.preventDefault();
      }}
    >
      <DialogBackdrop className="dialog-backdrop" />
      <div
        className="dialog-frame"
        // A press outside keeps focus where it was (not on the dialog's own element): a dialog that may not be
        // dismissed changes nothing at all.
        onMouseDown={(event) => {
          if (event.target === event.currentTarget) event.preventDefault();
        }}
      >
        <DialogPanel ref={panel} className={wide ? 'dialog dialog--wide' : 'dialog'}>
          <DialogTitle as="h2" className="dialog__title">
            {title}
          </DialogTitle>
          {description && (
            <Description as="div" className="dialog__text">
              {description}
            </Description>
          )}
          {children}
          {actions && <div className="dialog__actions">{actions}</div>}
        </DialogPanel>
      </div>
    </Dialog>
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
      {/* The page behind a modal dialog is out of reach: a save confirmed offline says so here (decision 022). */}
      <OfflineNotice />
    </AppDialog>
  );
}
