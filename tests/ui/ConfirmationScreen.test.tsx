import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import {
  paymentChoiceMachine,
  type CheckoutInput,
  type RecordChoiceInput,
} from '../../machines/paymentChoice.machine';
import { reminderMachine, type SaveReminderInput } from '../../machines/reminder.machine';
import { MESSAGES } from '../../machines/rules/messages';
import { NOT_READY, OPTION_COMMITMENT_FEE, OPTION_INSTALMENTS } from '../../machines/rules/payments';
import { ApiError } from '../../src/api/client';
import { defaultConfig, type AppConfig } from '../../src/config';
import { ConfirmationScreen } from '../../src/screens/ConfirmationScreen';
import { FailedScreen } from '../../src/screens/FailedScreen';
import { KlumpTestScreen } from '../../src/screens/KlumpTestScreen';
import { createInstalmentCheckout, type ProviderOptions } from '../../src/payment/instalmentCheckout';

const config: AppConfig = {
  ...defaultConfig,
  waitlistUrl: 'https://example.org/waitlist',
  bankTransfer: { bank: 'Test Bank', accountName: 'The Employment Bootcamp', accountNumber: '0123456789' },
};
// 10:07 on 10 May 2031, local time.
const NOW = new Date(2031, 4, 10, 10, 7).getTime();

interface Fakes {
  geo?: () => Promise<string>;
  record?: (input: RecordChoiceInput) => Promise<void>;
  checkout?: (input: CheckoutInput) => Promise<{ reference: string }>;
  saveReminder?: (input: SaveReminderInput) => Promise<void>;
  formCountry?: string;
}

function renderScreen(fakes: Fakes = {}) {
  const recorded: RecordChoiceInput[] = [];
  const reminders: SaveReminderInput[] = [];
  const payment = createActor(
    paymentChoiceMachine.provide({
      actors: {
        lookupCountry: fromPromise(fakes.geo ?? (async () => 'Nigeria')),
        recordChoice: fromPromise(async ({ input }: { input: RecordChoiceInput }) => {
          recorded.push(input);
          await (fakes.record ?? (async () => {}))(input);
        }),
        checkout: fromPromise(({ input }: { input: CheckoutInput }) =>
          (fakes.checkout ?? (async () => ({ reference: 'TEBC-1' })))(input),
        ),
      },
    }),
    { input: { email: 'ada@example.com', formCountry: fakes.formCountry ?? 'Nigeria', paymentOption: '' } },
  ).start();
  const reminder = createActor(
    reminderMachine.provide({
      actors: {
        saveReminder: fromPromise(async ({ input }: { input: SaveReminderInput }) => {
          reminders.push(input);
          await (fakes.saveReminder ?? (async () => {}))(input);
        }),
      },
    }),
    { input: { email: 'ada@example.com', reminderSet: false, now: NOW } },
  ).start();
  render(<ConfirmationScreen actor={payment} reminder={reminder} config={config} />);
  return { payment, reminder, recorded, reminders, user: userEvent.setup() };
}

const options = () => screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
const choose = (user: ReturnType<typeof userEvent.setup>, option: string) =>
  user.click(screen.getByRole('button', { name: `Choose ${option}` }));

describe('ConfirmationScreen', () => {
  it('shows the acceptance banner, then the Nigeria set with its prices for a Nigerian address', async () => {
    const { user } = renderScreen({ geo: async () => 'Nigeria', formCountry: 'Ghana' });
    expect(screen.getByRole('heading', { level: 1 })).toHaveProperty(
      'textContent',
      'Congratulations, you have been accepted!',
    );
    expect(screen.queryByRole('heading', { name: 'Payment options' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Proceed to payment' }));
    expect(await screen.findByRole('heading', { name: 'Payment options' })).toBeTruthy();
    expect(options()).toEqual([
      'Pay the commitment fee',
      'Pay in full (15% off)',
      'Pay in three monthly instalments',
      'Apply for financial aid',
      NOT_READY,
    ]);
    expect(screen.getByText('N60,000')).toBeTruthy();
    expect(screen.getByText('N51,000 (15% off)')).toBeTruthy();
    expect(screen.getByText('3 × N20,500')).toBeTruthy();
    expect(screen.getByText(/2\.5% admin fee/)).toBeTruthy();
    expect(screen.getByText('Up to 30% off')).toBeTruthy();
  });

  it('shows the international set for any other country', async () => {
    const { user } = renderScreen({ geo: async () => 'Ghana', formCountry: 'Nigeria' });
    await user.click(screen.getByRole('button', { name: 'Proceed to payment' }));
    await screen.findByRole('heading', { name: 'Payment options' });
    expect(screen.getByText('$50')).toBeTruthy();
    expect(screen.getByText('N68,000 (15% off)')).toBeTruthy();
    expect(options()).not.toContain(OPTION_INSTALMENTS);
    expect(screen.getByText(/Options for international applicants/)).toBeTruthy();
  });

  it('falls back to the form country when the look-up fails (a 429 limit)', async () => {
    const { user } = renderScreen({
      geo: () => Promise.reject(new ApiError('Too many requests', 429)),
      formCountry: 'Nigeria',
    });
    await user.click(screen.getByRole('button', { name: 'Proceed to payment' }));
    await screen.findByRole('heading', { name: 'Payment options' });
    expect(screen.getByText(/Options for applicants in Nigeria \(based on: Nigeria\)/)).toBeTruthy();
    expect(options()).toContain(OPTION_INSTALMENTS);
  });

  it('confirms, records, and opens the payment details from the success dialog', async () => {
    const { user, recorded, payment } = renderScreen();
    await user.click(screen.getByRole('button', { name: 'Proceed to payment' }));
    await screen.findByRole('heading', { name: 'Payment options' });
    await choose(user, OPTION_COMMITMENT_FEE);

    const confirm = await screen.findByRole('alertdialog', { name: 'Confirm your payment option' });
    expect(within(confirm).getByText(/N60,000/)).toBeTruthy();
    await user.click(within(confirm).getByRole('button', { name: 'Change selection' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(recorded).toEqual([]);

    await choose(user, OPTION_COMMITMENT_FEE);
    await user.click(await screen.findByRole('button', { name: 'Yes proceed' }));
    const success = await screen.findByRole('dialog', { name: 'Your choice has been recorded' });
    expect(recorded).toEqual([{ email: 'ada@example.com', option: OPTION_COMMITMENT_FEE }]);
    expect(within(success).getByRole('button', { name: 'Later' })).toBeTruthy();
    await user.click(within(success).getByRole('button', { name: 'View Payment Details' }));

    const modal = await screen.findByRole('dialog', { name: 'Payment details' });
    expect(within(modal).getByText('Test Bank')).toBeTruthy();
    expect(within(modal).getByText('0123456789')).toBeTruthy();
    expect(within(modal).getByRole('button', { name: 'Proceed to Payment Portal' })).toBeTruthy();
    await user.click(within(modal).getByRole('button', { name: 'Close' }));
    expect(screen.getByText('Your choice')).toBeTruthy();
    expect(payment.getSnapshot().value).toBe('chosen');
  });

  it('notes a person who is not ready, with the waitlist link', async () => {
    const { user, recorded } = renderScreen();
    await user.click(screen.getByRole('button', { name: 'Proceed to payment' }));
    await screen.findByRole('heading', { name: 'Payment options' });
    await choose(user, NOT_READY);
    await user.click(await screen.findByRole('button', { name: 'Yes proceed' }));
    const noted = await screen.findByRole('dialog', { name: 'Your preference has been noted' });
    expect(within(noted).getByRole('link', { name: 'Join the waitlist' }).getAttribute('href')).toBe(
      'https://example.org/waitlist',
    );
    expect(within(noted).queryByRole('button', { name: 'View Payment Details' })).toBeNull();
    expect(recorded).toEqual([{ email: 'ada@example.com', option: NOT_READY }]);
  });

  it('says the selection failed, in the catalogue words or the server message, and lets the person retry', async () => {
    let fail: Error | null = new Error('');
    const { user } = renderScreen({
      record: async () => {
        if (fail) throw fail;
      },
    });
    await user.click(screen.getByRole('button', { name: 'Proceed to payment' }));
    await screen.findByRole('heading', { name: 'Payment options' });
    await choose(user, OPTION_COMMITMENT_FEE);
    await user.click(await screen.findByRole('button', { name: 'Yes proceed' }));
    expect(await screen.findByText(MESSAGES.paymentChoiceFailed)).toBeTruthy();
    expect(screen.queryByRole('alertdialog')).toBeNull();

    fail = new ApiError('The payment desk is closed for maintenance', 503);
    await choose(user, OPTION_COMMITMENT_FEE);
    await user.click(await screen.findByRole('button', { name: 'Yes proceed' }));
    expect(await screen.findByText('The payment desk is closed for maintenance')).toBeTruthy();

    fail = null;
    await choose(user, OPTION_COMMITMENT_FEE);
    await user.click(await screen.findByRole('button', { name: 'Yes proceed' }));
    expect(await screen.findByRole('dialog', { name: 'Your choice has been recorded' })).toBeTruthy();
  });

  it('runs the instalment checkout after recording; a failed payment reaches paymentFailed', async () => {
    const { user, payment } = renderScreen({ checkout: () => Promise.reject(new Error('declined')) });
    await user.click(screen.getByRole('button', { name: 'Proceed to payment' }));
    await screen.findByRole('heading', { name: 'Payment options' });
    await choose(user, OPTION_INSTALMENTS);
    await user.click(await screen.findByRole('button', { name: 'Yes proceed' }));
    expect(await screen.findByText(MESSAGES.paymentFailed)).toBeTruthy();
    expect(payment.getSnapshot().value).toBe('paymentFailed');
  });

  it('opens the financial aid application in a new tab', () => {
    renderScreen();
    const link = screen.getByRole('link', { name: 'Apply for Financial Aid (opens in a new tab)' });
    expect(link.getAttribute('href')).toBe('/financial-aid-application');
    expect(link.getAttribute('target')).toBe('_blank');
  });

  it('sets a reminder: refuses an empty one, then saves the picked day and slot as ISO', async () => {
    const { user, reminders } = renderScreen();
    await user.click(screen.getByRole('button', { name: 'Set reminder' }));
    expect(await screen.findByText(MESSAGES.dateTimeRequired)).toBeTruthy();
    // Past days are disabled; today offers only slots still ahead.
    expect(screen.getByRole('button', { name: '9 May 2031' })).toHaveProperty('disabled', true);
    await user.click(screen.getByRole('button', { name: '10 May 2031' }));
    const time = screen.getByLabelText('Time (HH:mm)');
    expect(within(time).queryByRole('option', { name: '10:00' })).toBeNull();
    expect(within(time).getByRole('option', { name: '10:15' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: '12 May 2031' }));
    await user.selectOptions(time, '09:30');
    await user.click(screen.getByRole('button', { name: 'Set reminder' }));
    expect(await screen.findByText(/We will remind you on/)).toBeTruthy();
    expect(reminders).toEqual([
      { email: 'ada@example.com', reminderDate: new Date(2031, 4, 12, 9, 30).toISOString() },
    ]);
  });

  it('says a reminder failed to save', async () => {
    const { user } = renderScreen({ saveReminder: () => Promise.reject(new Error('')) });
    await user.click(screen.getByRole('button', { name: '12 May 2031' }));
    await user.selectOptions(screen.getByLabelText('Time (HH:mm)'), '09:30');
    await user.click(screen.getByRole('button', { name: 'Set reminder' }));
    expect(await screen.findByText(MESSAGES.reminderFailed)).toBeTruthy();
  });

  it('axe finds nothing on the page, with the options and with a dialog open', async () => {
    const rules = { 'color-contrast': { enabled: false } }; // jsdom cannot compute colours
    const { user } = renderScreen();
    expect((await axe.run(document.body, { rules })).violations).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Proceed to payment' }));
    await screen.findByRole('heading', { name: 'Payment options' });
    expect((await axe.run(document.body, { rules })).violations).toEqual([]);
    await choose(user, OPTION_COMMITMENT_FEE);
    await screen.findByRole('alertdialog');
    expect((await axe.run(document.body, { rules })).violations).toEqual([]);
  });
});

describe('instalment checkout adapter', () => {
  const fixed = { now: () => 1_741_000_123_456, random: () => 0 };

  it("unconfigured, opens a labelled sandbox that completes on the person's choice", async () => {
    const user = userEvent.setup();
    const checkout = createInstalmentCheckout({ paymentPublicKey: '', paymentScriptUrl: '' }, fixed);
    const result = checkout({ email: 'ada@example.com', option: OPTION_INSTALMENTS });
    const dialog = await screen.findByRole('dialog', { name: 'Sandbox checkout: test mode' });
    expect(within(dialog).getByText(/no money moves/)).toBeTruthy();
    expect(within(dialog).getByText(/TEBC-1234561000/)).toBeTruthy();
    expect(within(dialog).getByText(/N60,000, quantity 1, shipping N0/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Complete test payment' }));
    await expect(result).resolves.toEqual({ reference: 'TEBC-1234561000' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('unconfigured, fails when the person chooses to fail', async () => {
    const user = userEvent.setup();
    const checkout = createInstalmentCheckout({ paymentPublicKey: '', paymentScriptUrl: '' }, fixed);
    // Settled into a value at once, so the rejection is never left unhandled while the click runs.
    const outcome = checkout({ email: 'ada@example.com', option: OPTION_INSTALMENTS }).then(
      () => 'paid',
      (error: Error) => error.message,
    );
    await user.click(await screen.findByRole('button', { name: 'Fail test payment' }));
    expect(await outcome).toBe('Sandbox payment failed');
  });

  it('configured, loads the provider with the public key and the SPEC order', async () => {
    const opened: ProviderOptions[] = [];
    const loadProvider = vi.fn(
      async () =>
        class {
          constructor(options: ProviderOptions) {
            opened.push(options);
            options.onSuccess({});
          }
        },
    );
    const checkout = createInstalmentCheckout(
      { paymentPublicKey: 'klump_pk_test', paymentScriptUrl: 'https://provider.example/klump.js' },
      { ...fixed, loadProvider, redirectUrl: 'http://localhost/apply/confirmation' },
    );
    await expect(checkout({ email: 'ada@example.com', option: OPTION_INSTALMENTS })).resolves.toEqual({
      reference: 'TEBC-1234561000',
    });
    expect(loadProvider).toHaveBeenCalledWith('https://provider.example/klump.js');
    expect(opened[0].publicKey).toBe('klump_pk_test');
    expect(opened[0].data).toMatchObject({ amount: 60_000, currency: 'NGN', shipping_fee: 0 });
    expect(opened[0].data.items).toEqual([expect.objectContaining({ unit_price: 60_000, quantity: 1 })]);
  });

  it('configured, a declined or closed checkout is a failed payment', async () => {
    const checkout = createInstalmentCheckout(
      { paymentPublicKey: 'klump_pk_test', paymentScriptUrl: 'https://provider.example/klump.js' },
      {
        ...fixed,
        loadProvider: async () =>
          class {
            constructor(options: ProviderOptions) {
              options.onClose?.();
            }
          },
      },
    );
    await expect(checkout({ email: 'ada@example.com', option: OPTION_INSTALMENTS })).rejects.toThrow();
  });
});

describe('FailedScreen and the instalment test page', () => {
  it('/failed says the payment failed and leads back to the options', async () => {
    const onBack = vi.fn();
    render(<FailedScreen onBack={onBack} />);
    expect(screen.getByRole('alert').textContent).toBe(MESSAGES.paymentFailed);
    const back = screen.getByRole('link', { name: 'Back to payment options' });
    expect(back.getAttribute('href')).toBe('/apply/confirmation');
    await userEvent.setup().click(back);
    expect(onBack).toHaveBeenCalledOnce();
  });

  it('/test/klump-payment shows the instalment button and its outcome', async () => {
    const user = userEvent.setup();
    let ok = true;
    render(
      <KlumpTestScreen
        pay={async () => (ok ? { reference: 'TEBC-1234561000' } : Promise.reject(new Error('x')))}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Pay in instalments' }));
    expect(await screen.findByText(/Payment complete. Reference TEBC-1234561000/)).toBeTruthy();
    ok = false;
    await user.click(screen.getByRole('button', { name: 'Pay in instalments' }));
    expect(await screen.findByText(MESSAGES.paymentFailed)).toBeTruthy();
  });
});
