/** The app's one dialog (src/components/Dialog.tsx, over Headless UI's), as a keyboard and screen-reader user meets it. */
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { AppDialog, ConfirmDialog } from '../../../src/components/Dialog';
import { ScreenHeading } from '../../../src/wizard/ScreenHeading';
import { expectShown } from '../support/shown';

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
    const page = document.querySelector('main')!.closest<HTMLElement>('body > div')!;
    expect(page.inert).toBe(true);
    expect(page.getAttribute('aria-hidden')).toBe('true');
    // Nor scrolled.
    expect(document.documentElement.style.overflow).toBe('hidden');
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
    const page = document.querySelector('main')!.closest<HTMLElement>('body > div')!;
    expect(page.inert).toBeFalsy();
    expect(page.hasAttribute('aria-hidden')).toBe(false);
    expect(document.documentElement.style.overflow).toBe('');
  });

  it('leaves focus to the next screen when the step moves on with it', async () => {
    const user = userEvent.setup();
    render(<Page moveOn />);
    // By keyboard, from the header's link to the step's button, as a person tabbing through the page does.
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('link', { name: 'The Employment Bootcamp' }));
    await user.tab();
    await user.keyboard('{Enter}');
    await user.click(screen.getByRole('button', { name: 'Yes, continue' }));
    // The opener has gone with its step; nothing else (the header's link, focused before it) takes focus back from
    // the new heading.
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
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Read more' })),
    );
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
    await waitFor(() => expect(document.activeElement).toBe(control));
    await user.click(document.querySelector('.dialog-frame')!);
    expectShown(screen.getByRole('dialog', { name: 'Key Information:' }));
    expect(document.activeElement).toBe(control);
  });

  it('hides the page behind a dialog that opens as another closes', async () => {
    const user = userEvent.setup();
    function Quiz() {
      const [step, setStep] = useState<'quiz' | 'result'>('quiz');
      return (
        <main>
          <button type="button">Continue</button>
          <AppDialog
            open={step === 'quiz'}
            title="Quick quiz"
            actions={
              <button type="button" onClick={() => setStep('result')}>
                Submit
              </button>
            }
          />
          <AppDialog
            open={step === 'result'}
            title="Correct answers!"
            actions={<button type="button">Continue</button>}
          />
        </main>
      );
    }
    render(<Quiz />);
    await user.click(await screen.findByRole('button', { name: 'Submit' }));
    const result = await screen.findByRole('dialog', { name: 'Correct answers!' });
    // Only the dialog's Continue can be reached: the page's is behind it.
    await waitFor(() => expect(screen.getAllByRole('button', { name: 'Continue' })).toHaveLength(1));
    expect(result.contains(screen.getByRole('button', { name: 'Continue' }))).toBe(true);
    expect(document.querySelector('main')!.closest<HTMLElement>('body > div')!.inert).toBe(true);
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Continue' })),
    );
  });
});
