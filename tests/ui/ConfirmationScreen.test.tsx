import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import {
  paymentChoiceMachine,
  type CheckoutInput,
  type RecordChoiceInput,
  type ConfirmationFacts,
} from '../../machines/paymentChoice.machine';
import { reminderMachine, type SaveReminderInput } from '../../machines/reminder.machine';
import { MESSAGES } from '../../machines/rules/messages';
import { deviceTimeZone, zoneLabel } from '../../machines/rules/timeZone';
import type { PaymentRecord, PaymentStartResult } from '../../machines/rules/contract';
import type { AcceptedCohort } from '../../machines/rules/payBy';
import {
  NOT_READY,
  OPTION_FINANCIAL_AID,
  OPTION_FULL_PAYMENT,
  OPTION_INSTALMENTS,
  STANDARD_FEES,
  checkoutOrder,
} from '../../machines/rules/payments';
import { ApiError } from '../../src/api/client';
import { defaultConfig, type AppConfig } from '../../src/config';
import { ConfirmationScreen } from '../../src/after-submission/ConfirmationScreen';
import { FailedScreen } from '../../src/after-submission/FailedScreen';
import { InstalmentProviderTestScreen } from '../../src/after-submission/InstalmentProviderTestScreen';
import { createCheckout, type ProviderOptions } from '../../src/after-submission/instalmentCheckout';
import { BANK_NOT_SET_UP } from '../../src/after-submission/PaymentOptionsDialog';
import { expectShown } from './support/shown';

const config: AppConfig = {
  ...defaultConfig,
  waitlistUrl: 'https://example.org/waitlist',
  bankName: 'Test Bank',
  bankAccountName: 'The Employment Bootcamp',
  bankAccountNumber: '0123456789',
};
const PAID: PaymentRecord = {
  reference: 'TEBC-1',
  option: OPTION_FULL_PAYMENT,
  amount: 51_000,
  currency: 'NGN',
  status: 'paid',
  paid_at: '2031-05-10T09:00:00.000Z',
};
// 10:07 on 10 May 2031, local time.
const NOW = new Date(2031, 4, 10, 10, 7).getTime();

interface Fakes {
  geo?: () => Promise<string>;
  record?: (input: RecordChoiceInput) => Promise<void>;
  checkout?: (input: CheckoutInput) => Promise<{ reference: string; payment: PaymentRecord }>;
  saveReminder?: (input: SaveReminderInput) => Promise<void>;
  formCountry?: string;
  /** The server's record on arrival. */
  onRecord?: PaymentRecord | null;
  /** The cohort of the place, as the server sends it with the payment. */
  cohort?: AcceptedCohort | null;
  config?: AppConfig;
}

function renderScreen(fakes: Fakes = {}) {
  const recorded: RecordChoiceInput[] = [];
  const reminders: SaveReminderInput[] = [];
  const payment = createActor(
    paymentChoiceMachine.provide({
      actors: {
        loadPayment: fromPromise<ConfirmationFacts, { email: string }>(async () => ({
          payment: fakes.onRecord ?? null,
          cohort: fakes.cohort ?? null,
          option: fakes.onRecord?.option ?? '',
          fees: STANDARD_FEES,
        })),
        lookupCountry: fromPromise(fakes.geo ?? (async () => 'Nigeria')),
        recordChoice: fromPromise(async ({ input }: { input: RecordChoiceInput }) => {
          recorded.push(input);
          await (fakes.record ?? (async () => {}))(input);
        }),
        checkout: fromPromise(({ input }: { input: CheckoutInput }) =>
          (fakes.checkout ?? (async () => ({ reference: PAID.reference, payment: PAID })))(input),
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
  render(<ConfirmationScreen actor={payment} reminder={reminder} config={fakes.config ?? config} />);
  return { payment, reminder, recorded, reminders, user: userEvent.setup() };
}

const proceed = async (user: ReturnType<typeof userEvent.setup>) => {
  await user.click(await screen.findByRole('button', { name: 'Proceed to payment' }));
  await screen.findByRole('heading', { name: 'Payment options' });
};
const options = () => screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
const choose = (user: ReturnType<typeof userEvent.setup>, option: string) =>
  user.click(screen.getByRole('button', { name: `Choose ${option}` }));
/** Chooses an option and says Yes in the confirm that follows. */
const chooseAndConfirm = async (user: ReturnType<typeof userEvent.setup>, option: string) => {
  await choose(user, option);
  await user.click(await screen.findByRole('button', { name: 'Yes proceed' }));
};

describe('ConfirmationScreen', () => {
  it('shows the acceptance banner, then the Nigeria set with its prices for a Nigerian address', async () => {
    const { user } = renderScreen({ geo: async () => 'Nigeria', formCountry: 'Ghana' });
    expect(screen.getByRole('heading', { level: 1 })).toHaveProperty(
      'textContent',
      'Congratulations, you have been accepted!',
    );
    expect(screen.queryByRole('heading', { name: 'Payment options' })).toBeNull();
    await proceed(user);
    expect(options()).toEqual([
      OPTION_FULL_PAYMENT,
      'Pay in 2 instalments',
      'Apply for financial aid',
      NOT_READY,
    ]);
    expectShown(screen.getByText('N51,000'));
    expectShown(screen.getByText('N60,000 (2 × N30,000)'));
    expect(screen.queryByText(/admin fee|61,500|20,500/)).toBeNull();
    expectShown(screen.getByText('Up to 30% off'));
  });

  it('"Proceed to payment" hands focus to the payment options heading it opens (the button goes)', async () => {
    const { user } = renderScreen();
    await proceed(user);
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Payment options' }));
  });

  it('shows the international set for any other country', async () => {
    const { user } = renderScreen({ geo: async () => 'Ghana', formCountry: 'Nigeria' });
    await proceed(user);
    // Dollars for a dollar fee: $50 less 15%, never a naira price.
    expectShown(screen.getByText('$42.50'));
    const cards = screen.getByRole('list');
    expect(within(cards).queryByText(/N\d/)).toBeNull();
    expect(options()).not.toContain(OPTION_INSTALMENTS);
    expectShown(screen.getByText(/Options for international applicants/));
  });

  it('falls back to the form country when the look-up fails (a 429 limit)', async () => {
    const { user } = renderScreen({
      geo: () => Promise.reject(new ApiError('Too many requests', 429)),
      formCountry: 'Nigeria',
    });
    await proceed(user);
    expectShown(screen.getByText(/Options for applicants in Nigeria \(based on: Nigeria\)/));
    expect(options()).toContain(OPTION_INSTALMENTS);
  });

  it('confirms, records, and opens the payment details from the success dialog', async () => {
    const { user, recorded, payment } = renderScreen();
    await proceed(user);
    await choose(user, OPTION_FULL_PAYMENT);

    const confirm = await screen.findByRole('alertdialog', { name: 'Confirm your payment option' });
    expectShown(within(confirm).getByText(/N51,000/));
    await user.click(within(confirm).getByRole('button', { name: 'Change selection' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(recorded).toEqual([]);

    await chooseAndConfirm(user, OPTION_FULL_PAYMENT);
    const success = await screen.findByRole('dialog', { name: 'Your choice has been recorded' });
    expect(recorded).toEqual([{ email: 'ada@example.com', option: OPTION_FULL_PAYMENT }]);
    expectShown(within(success).getByRole('button', { name: 'Later' }));
    await user.click(within(success).getByRole('button', { name: 'View Payment Details' }));

    const modal = await screen.findByRole('dialog', { name: 'Payment details' });
    expectShown(within(modal).getByText('Test Bank'));
    expectShown(within(modal).getByText('0123456789'));
    expectShown(within(modal).getByText(/Transfer exactly N51,000/));
    expectShown(within(modal).getByRole('button', { name: 'Proceed to Payment Portal' }));
    await user.click(within(modal).getByRole('button', { name: 'Close' }));
    expectShown(screen.getByText('Your choice'));
    expect(payment.getSnapshot().value).toBe('chosen');
  });

  it('notes a person who is not ready, says their place is kept and until when, with the waitlist link', async () => {
    const { user, recorded } = renderScreen({ cohort: { name: 'Cohort 14', start_date: '2031-06-02' } });
    await proceed(user);
    expectShown(
      screen.getByText(
        'No payment now, and your place is kept: come back here to choose how to pay by the pay-by date.',
      ),
    );
    await chooseAndConfirm(user, NOT_READY);
    const noted = await screen.findByRole('dialog', { name: 'Your preference has been noted' });
    // Choosing it records a payment choice, a status that keeps the seat (machines/rules/seats.ts).
    expect(noted.textContent).toContain(
      'Your place in Cohort 14 is kept: this choice does not give it up. Come back to this page to choose how to pay by 30 May 2031 to secure it.',
    );
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
    await proceed(user);
    await chooseAndConfirm(user, OPTION_FULL_PAYMENT);
    expectShown(await screen.findByText(MESSAGES.paymentChoiceFailed));
    expect(screen.queryByRole('alertdialog')).toBeNull();

    fail = new ApiError('The payment desk is closed for maintenance', 503);
    await chooseAndConfirm(user, OPTION_FULL_PAYMENT);
    expectShown(await screen.findByText('The payment desk is closed for maintenance'));

    fail = null;
    await chooseAndConfirm(user, OPTION_FULL_PAYMENT);
    expectShown(await screen.findByRole('dialog', { name: 'Your choice has been recorded' }));
  });

  it('instalments: Yes proceed shows the choice-recorded dialog; the checkout opens from the payment details', async () => {
    const checkouts: CheckoutInput[] = [];
    const { user, payment } = renderScreen({
      checkout: (input) => {
        checkouts.push(input);
        return Promise.reject(new Error('declined'));
      },
    });
    await proceed(user);
    await chooseAndConfirm(user, OPTION_INSTALMENTS);
    const recorded = await screen.findByRole('dialog', { name: 'Your choice has been recorded' });
    expectShown(within(recorded).getByRole('button', { name: 'Later' }));
    // Nothing is charged before the person asks for it.
    expect(checkouts).toEqual([]);
    await user.click(within(recorded).getByRole('button', { name: 'View Payment Details' }));
    const details = await screen.findByRole('dialog', { name: 'Payment details' });
    expect(checkouts).toEqual([]);
    await user.click(within(details).getByRole('button', { name: 'Proceed to Payment Portal' }));
    expectShown(await screen.findByText(MESSAGES.paymentFailed));
    expect(checkouts).toEqual([{ email: 'ada@example.com', option: OPTION_INSTALMENTS, country: 'Nigeria' }]);
    expect(payment.getSnapshot().value).toBe('paymentFailed');
  });

  it('instalments: Later closes the dialog and opens no checkout', async () => {
    const checkouts: CheckoutInput[] = [];
    const { user } = renderScreen({
      checkout: (input) => {
        checkouts.push(input);
        return new Promise(() => {});
      },
    });
    await proceed(user);
    await chooseAndConfirm(user, OPTION_INSTALMENTS);
    const recorded = await screen.findByRole('dialog', { name: 'Your choice has been recorded' });
    await user.click(within(recorded).getByRole('button', { name: 'Later' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expectShown(screen.getByRole('button', { name: 'View Payment Details' }));
    expect(checkouts).toEqual([]);
  });

  it('the banner names the cohort, its start date and the pay-by date', async () => {
    renderScreen({ cohort: { name: 'Cohort 7', start_date: '2025-06-10' } });
    const banner = await screen.findByText(/You have a place in Cohort 7/);
    expect(banner.textContent).toBe(
      'You have a place in Cohort 7 of The Employment Bootcamp. Cohort 7 starts on 10 June 2025. Please pay the commitment fee by 7 June 2025 to secure your place. Choose how you will pay below.',
    );
  });

  it('the banner keeps the general words when the server has not named the cohort', async () => {
    renderScreen({ cohort: null });
    await screen.findByRole('button', { name: 'Proceed to payment' });
    expectShown(screen.getByText(/You have a place in the next cohort/));
    expect(screen.queryByText(/Please pay the commitment fee by/)).toBeNull();
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
    expectShown(await screen.findByText(MESSAGES.dateTimeRequired));
    // Past days are disabled; today offers only slots still ahead.
    expect(screen.getByRole('button', { name: '9 May 2031' })).toHaveProperty('disabled', true);
    await user.click(screen.getByRole('button', { name: '10 May 2031' }));
    const time = screen.getByLabelText('Time (HH:mm)');
    expect(within(time).queryByRole('option', { name: '10:00' })).toBeNull();
    expectShown(within(time).getByRole('option', { name: '10:15' }));
    await user.click(screen.getByRole('button', { name: '12 May 2031' }));
    await user.selectOptions(time, '09:30');
    await user.click(screen.getByRole('button', { name: 'Set reminder' }));
    // The time is the device's, and the zone is named with it (decision 229).
    const zone = zoneLabel(deviceTimeZone(), new Date(2031, 4, 12, 9, 30));
    expectShown(await screen.findByText(`We will remind you on Monday, 12 May 2031 at 09:30, ${zone}.`));
    expect(reminders).toEqual([
      { email: 'ada@example.com', reminderDate: new Date(2031, 4, 12, 9, 30).toISOString() },
    ]);
  });

  it('says a reminder failed to save', async () => {
    const { user } = renderScreen({ saveReminder: () => Promise.reject(new Error('')) });
    await user.click(screen.getByRole('button', { name: '12 May 2031' }));
    await user.selectOptions(screen.getByLabelText('Time (HH:mm)'), '09:30');
    await user.click(screen.getByRole('button', { name: 'Set reminder' }));
    expectShown(await screen.findByText(MESSAGES.reminderFailed));
  });

  it('axe finds nothing on the page, with the options and with a dialog open', async () => {
    const rules = { 'color-contrast': { enabled: false } }; // jsdom cannot compute colours
    const { user } = renderScreen();
    expect((await axe.run(document.body, { rules })).violations).toEqual([]);
    await proceed(user);
    expect((await axe.run(document.body, { rules })).violations).toEqual([]);
    await choose(user, OPTION_FULL_PAYMENT);
    await screen.findByRole('alertdialog');
    expect((await axe.run(document.body, { rules })).violations).toEqual([]);
  });
});

describe('payment details, paid state and financial aid', () => {
  it('financial aid offers the aid form, never bank details or the portal', async () => {
    const { user, payment } = renderScreen();
    await proceed(user);
    await chooseAndConfirm(user, OPTION_FINANCIAL_AID);
    const success = await screen.findByRole('dialog', { name: 'Your choice has been recorded' });
    expect(within(success).queryByRole('button', { name: 'View Payment Details' })).toBeNull();
    expectShown(within(success).getByRole('link', { name: /Apply for Financial Aid/ }));
    // Even if something sent it, the machine refuses to open the details for aid.
    payment.send({ type: 'VIEW_DETAILS' });
    expect(screen.queryByRole('dialog', { name: 'Payment details' })).toBeNull();
    await user.click(within(success).getByRole('button', { name: 'Later' }));
    expect(screen.queryByRole('button', { name: 'View Payment Details' })).toBeNull();
  });

  it('with no bank account configured, says so plainly and shows no account number', async () => {
    const { user } = renderScreen({
      config: { ...defaultConfig, waitlistUrl: 'https://example.org/waitlist' },
    });
    await proceed(user);
    await chooseAndConfirm(user, OPTION_FULL_PAYMENT);
    await user.click(await screen.findByRole('button', { name: 'View Payment Details' }));
    const modal = await screen.findByRole('dialog', { name: 'Payment details' });
    expectShown(within(modal).getByText(new RegExp(BANK_NOT_SET_UP)));
    expect(modal.textContent).not.toMatch(/\d{10}/);
    expect(within(modal).queryByText('Account number')).toBeNull();
    expectShown(within(modal).getByRole('button', { name: 'Proceed to Payment Portal' }));
  });

  it('the international set pays in dollars by bank transfer: no naira portal', async () => {
    const { user, payment } = renderScreen({ geo: async () => 'Ghana' });
    await proceed(user);
    await chooseAndConfirm(user, OPTION_FULL_PAYMENT);
    await user.click(await screen.findByRole('button', { name: 'View Payment Details' }));
    const modal = await screen.findByRole('dialog', { name: 'Payment details' });
    expectShown(within(modal).getByText('$42.50', { selector: 'strong' }));
    expect(within(modal).queryByRole('button', { name: 'Proceed to Payment Portal' })).toBeNull();
    payment.send({ type: 'PORTAL' });
    expect(payment.getSnapshot().value).toBe('paymentDetails');
  });

  it('a payment the server confirmed shows as paid on arrival: no Proceed to payment, no options', async () => {
    renderScreen({ onRecord: PAID });
    expectShown(await screen.findByText(/Your payment of/));
    expectShown(screen.getByText('N51,000', { selector: 'strong' }));
    expectShown(screen.getByText(/reference TEBC-1/));
    expect(screen.queryByRole('button', { name: 'Proceed to payment' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Payment options' })).toBeNull();
    // Nothing is left to pay: no reminder to pay, no financial aid.
    expect(screen.queryByRole('heading', { name: 'Remind me to pay' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Need help with the fee?' })).toBeNull();
  });

  it('a payment issued but never confirmed leaves the choice open', async () => {
    const { user } = renderScreen({ onRecord: { ...PAID, status: 'pending', paid_at: '' } });
    await proceed(user);
    expect(screen.queryByText(/Your payment of/)).toBeNull();
  });

  it('after the portal confirms a payment, the page settles as paid', async () => {
    const { user, payment } = renderScreen();
    await proceed(user);
    await chooseAndConfirm(user, OPTION_FULL_PAYMENT);
    await user.click(await screen.findByRole('button', { name: 'View Payment Details' }));
    await user.click(await screen.findByRole('button', { name: 'Proceed to Payment Portal' }));
    const paid = await screen.findByRole('dialog', { name: 'Payment successful' });
    expectShown(within(paid).getByText(/payment of N51,000 has been received/));
    await user.click(within(paid).getByRole('button', { name: 'Close' }));
    expect(payment.getSnapshot().value).toBe('settled');
    expectShown(screen.getByText(/Your payment of/));
  });
});

describe('the payment portal adapter', () => {
  const started = (option: string, sandbox: boolean): PaymentStartResult => ({
    order: checkoutOrder(STANDARD_FEES, 'nigeria', option, 'ada@example.com', 'TEBC-1234561000')!,
    sandbox,
  });
  const fakeApi = (result: PaymentStartResult, status: PaymentRecord['status'] = 'paid') => {
    const calls: unknown[] = [];
    return {
      calls,
      api: {
        startPayment: vi.fn(async (payload: unknown) => {
          calls.push(['start', payload]);
          return result;
        }),
        verifyPayment: vi.fn(async (payload: unknown) => {
          calls.push(['verify', payload]);
          return { ...PAID, reference: result.order.merchant_reference, status };
        }),
      },
    };
  };
  /** What the confirmation hands the checkout for Ada in Nigeria. */
  const checkoutFor = (option: string) => ({ email: 'ada@example.com', option, country: 'Nigeria' });
  const unconfigured = { paymentPublicKey: '', paymentScriptUrl: '' };
  const configured = { paymentPublicKey: 'klump_pk_test', paymentScriptUrl: 'https://provider.example/k.js' };

  it('sandbox: the server issues the order, the labelled dialog shows its amount, the server confirms it', async () => {
    const user = userEvent.setup();
    const { api, calls } = fakeApi(started(OPTION_FULL_PAYMENT, true));
    const result = createCheckout(unconfigured, api)(checkoutFor(OPTION_FULL_PAYMENT));
    const dialog = await screen.findByRole('dialog', { name: 'Sandbox checkout: test mode' });
    expectShown(within(dialog).getByText(/no money moves/));
    expectShown(within(dialog).getByText('Amount to pay: N51,000'));
    expectShown(within(dialog).getByText(/TEBC-1234561000/));
    await user.click(within(dialog).getByRole('button', { name: 'Complete test payment' }));
    await expect(result).resolves.toMatchObject({
      reference: 'TEBC-1234561000',
      payment: { status: 'paid' },
    });
    expect(calls).toEqual([
      ['start', { email: 'ada@example.com', option: OPTION_FULL_PAYMENT, country: 'Nigeria' }],
      ['verify', { email: 'ada@example.com', reference: 'TEBC-1234561000' }],
    ]);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('sandbox: failing the test payment asks the server nothing more', async () => {
    const user = userEvent.setup();
    const { api, calls } = fakeApi(started(OPTION_INSTALMENTS, true));
    // Settled into a value at once, so the rejection is never left unhandled while the click runs.
    const outcome = createCheckout(
      unconfigured,
      api,
    )(checkoutFor(OPTION_INSTALMENTS)).then(
      () => 'paid',
      (error: Error) => error.message,
    );
    await user.click(await screen.findByRole('button', { name: 'Fail test payment' }));
    expect(await outcome).toBe('Sandbox payment failed');
    expect(calls).toHaveLength(1);
  });

  it("provider: opens the server's order with the public key, then has the server verify the provider's reference", async () => {
    const opened: ProviderOptions[] = [];
    const loadProvider = vi.fn(
      async () =>
        class {
          constructor(options: ProviderOptions) {
            opened.push(options);
            options.onSuccess({ data: { reference: 'KLP-777' } });
          }
        },
    );
    const { api, calls } = fakeApi(started(OPTION_INSTALMENTS, false));
    await expect(
      createCheckout(configured, api, { loadProvider, redirectUrl: 'http://localhost/apply/confirmation' })(
        checkoutFor(OPTION_INSTALMENTS),
      ),
    ).resolves.toMatchObject({ payment: { status: 'paid' } });
    expect(loadProvider).toHaveBeenCalledWith('https://provider.example/k.js');
    expect(opened[0].publicKey).toBe('klump_pk_test');
    expect(opened[0].data).toMatchObject({ amount: 60_000, currency: 'NGN', shipping_fee: 0 });
    expect(opened[0].data.items).toEqual([expect.objectContaining({ unit_price: 60_000, quantity: 1 })]);
    expect(calls[1]).toEqual([
      'verify',
      { email: 'ada@example.com', reference: 'TEBC-1234561000', provider_reference: 'KLP-777' },
    ]);
  });

  it('provider: a closed checkout, or a payment the server does not confirm, is a failed payment', async () => {
    const closing = {
      loadProvider: async () =>
        class {
          constructor(options: ProviderOptions) {
            options.onClose?.();
          }
        },
    };
    const input = checkoutFor(OPTION_INSTALMENTS);
    await expect(
      createCheckout(configured, fakeApi(started(OPTION_INSTALMENTS, false)).api, closing)(input),
    ).rejects.toThrow();
    const succeeding = {
      loadProvider: async () =>
        class {
          constructor(options: ProviderOptions) {
            options.onSuccess({ reference: 'KLP-1' });
          }
        },
    };
    const unconfirmed = fakeApi(started(OPTION_INSTALMENTS, false), 'failed');
    await expect(createCheckout(configured, unconfirmed.api, succeeding)(input)).rejects.toThrow(
      'The payment was not confirmed',
    );
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

  it('/test/klump-payment states the amount of the order it opens, and the outcome', async () => {
    const user = userEvent.setup();
    let ok = true;
    const orders: { amount: number; currency: string }[] = [];
    render(
      <InstalmentProviderTestScreen
        pay={async (order) => {
          orders.push(order);
          return ok ? 'KLP-1' : Promise.reject(new Error('x'));
        }}
      />,
    );
    const stated = document.querySelector('.klump-test__amount')?.textContent;
    await user.click(screen.getByRole('button', { name: 'Pay in instalments' }));
    expectShown(await screen.findByText(/Test checkout complete. Reference TEBC-/));
    expect(orders[0]).toMatchObject({ amount: 60_000, currency: 'NGN' });
    expect(stated).toBe('N60,000');
    ok = false;
    await user.click(screen.getByRole('button', { name: 'Pay in instalments' }));
    expectShown(await screen.findByText(MESSAGES.paymentFailed));
  });
});
