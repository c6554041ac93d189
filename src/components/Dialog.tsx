import { Description, Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import type { ReactNode } from 'react';
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

/** One accessible dialog for the whole app: focus moves in, is trapped, and returns on close (Headless UI). */
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
  return (
    <Dialog open={open} onClose={() => onClose?.()} role={role} className="dialog-root">
      <div className="dialog-backdrop" aria-hidden="true" />
      <div className="dialog-frame">
        <DialogPanel className={wide ? 'dialog dialog--wide' : 'dialog'}>
          <DialogTitle as="h2" className="dialog__title">
            {title}
          </DialogTitle>
          {description && <Description className="dialog__text">{description}</Description>}
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
      {/* The page behind a modal dialog is out of reach: a save confirmed offline says so here (decision 139). */}
      <OfflineNotice />
    </AppDialog>
  );
}
