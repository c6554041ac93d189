/** The app's one dialog (src/components/Dialog.tsx, decision 201), as a keyboard and screen-reader user meets it. */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { AppDialog, ConfirmDialog } from '../../../src/components/Dialog';
import { ScreenHeading } from '../../../src/wizard/ScreenHeading';

/** A page with a button that opens a confirm dialog; `moveOn` makes Yes replace the page, as a step moving on does. */
function Page({ moveOn = false }: { moveOn?: boolean }) {
  const [open, setOpen] = useState(false);
  const [gone, setGone] = useState(false);
  return (
    <>
      <a href="/">The Employment Bootcamp</a>
      {gone ? (
        <ScreenHeading>Next step</ScreenHeading>
      ) : (
        <Step open={open} setOpen={setOpen} moveOn={moveOn} setGone={setGone} />
      )}
    </>
  );
}

function Step({
  open,
  setOpen,
  moveOn,
  setGone,
}: {
  open: boolean;
  setOpen: (open: boolean) => void;
  moveOn: boolean;
  setGone: (gone: boolean) => void;
}) {
  return (
    <main>
      <button type="button" onClick={() => setOpen(true)}>
        Save and continue
      </button>
      <ConfirmDialog
        open={open}
        title="Are you sure?"
        text="You cannot change these answers later."
        confirmLabel="Yes, continue"
        cancelLabel="Cancel"
        onConfirm={() => (moveOn ? setGone(true) : setOpen(false))}
        onCancel={() => setOpen(false)}
      />
    </main>
  );
}

describe('AppDialog', () => {
  it('takes focus to the control its content asks for, names itself and hides the page behind', async () => {
    const user = userEvent.setup();
    render(<Page />);
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Are you sure?' });
    expect(document.getElementById(dialog.getAttribute('aria-describedby')!)?.textContent).toBe(
      'You cannot change these answers later.',
    );
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Yes, continue' }));
    // The page behind can be neither reached nor heard.
    expect(screen.queryByRole('button', { name: 'Save and continue' })).toBeNull();
    const page = document.querySelector('main')!.closest('body > div')!;
    expect(page.hasAttribute('inert')).toBe(true);
  });

  it('keeps Tab and Shift+Tab inside, and Escape cancels and gives focus back to the opener', async () => {
    const user = userEvent.setup();
    render(<Page />);
    const opener = screen.getByRole('button', { name: 'Save and continue' });
    await user.click(opener);
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cancel' }));
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Yes, continue' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
    expect(document.querySelector('main')!.closest('body > div')!.hasAttribute('inert')).toBe(false);
  });

  it('leaves focus to the next screen when the step moves on with it', async () => {
    const user = userEvent.setup();
    render(<Page moveOn />);
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));
    await user.click(screen.getByRole('button', { name: 'Yes, continue' }));
    // The opener has gone with its step; nothing else (the header's link) takes focus back from the new heading.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Next step' }));
  });

  it('closes on a click outside only when it may be dismissed', async () => {
    const user = userEvent.setup();
    function Dismissable() {
      const [open, setOpen] = useState(true);
      return (
        <AppDialog open={open} title="Key Information:" onClose={() => setOpen(false)}>
          <button type="button">Read more</button>
        </AppDialog>
      );
    }
    render(<Dismissable />);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Read more' }));
    await user.click(document.querySelector('.dialog-frame')!);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('stays open on a click outside and on Escape while its confirmation is being sent', async () => {
    const user = userEvent.setup();
    function Sending() {
      const [open, setOpen] = useState(true);
      const [busy, setBusy] = useState(false);
      return (
        <ConfirmDialog
          open={open}
          busy={busy}
          title="Are you sure?"
          text="You cannot change these answers later."
          confirmLabel="Yes, continue"
          cancelLabel="Cancel"
          onConfirm={() => setBusy(true)}
          onCancel={() => setOpen(false)}
        />
      );
    }
    render(<Sending />);
    await user.click(screen.getByRole('button', { name: 'Yes, continue' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Are you sure?' });
    await user.click(document.querySelector('.dialog-frame')!);
    await user.keyboard('{Escape}');
    expect(screen.getByRole('alertdialog', { name: 'Are you sure?' })).toBe(dialog);
  });

  it('keeps focus where it was when a click lands outside a dialog that may not be dismissed', async () => {
    const user = userEvent.setup();
    render(
      <AppDialog open title="Key Information:">
        <button type="button">Read more</button>
      </AppDialog>,
    );
    const control = screen.getByRole('button', { name: 'Read more' });
    expect(document.activeElement).toBe(control);
    await user.click(document.querySelector('.dialog-frame')!);
    expect(screen.getByRole('dialog', { name: 'Key Information:' })).toBeTruthy();
    expect(document.activeElement).toBe(control);
  });
});
