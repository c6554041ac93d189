/**
 * The confirmation page after a financial aid request (decision 238): it no longer offers "Apply for Financial
 * Aid" and says where the request stands (received, awarded with its share, declined); once awarded, every option
 * that charges money shows the fee less the share (the amounts machines/rules/aidDecision.ts gives the server too).
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AidStanding } from '../../machines/rules/aidDecision';
import { AID_MESSAGES } from '../../machines/rules/messages';
import {
  OPTION_FINANCIAL_AID,
  OPTION_FULL_PAYMENT,
  OPTION_INSTALMENTS,
  STANDARD_FEES,
} from '../../machines/rules/payments';
import { renderConfirmation } from './support/confirmation';
import { expectShown } from './support/shown';

const renderWith = (aid: AidStanding | null) =>
  renderConfirmation(
    { payment: null, cohort: null, option: aid ? OPTION_FINANCIAL_AID : '', aid, fees: STANDARD_FEES },
    'Nigeria',
  );

const price = (option: string) =>
  screen
    .getByRole('heading', { name: option, level: 3 })
    .closest('li')!
    .querySelector('.payment-option__price')!.textContent;

async function options() {
  await userEvent.setup().click(await screen.findByRole('button', { name: 'Proceed to payment' }));
  await screen.findByRole('heading', { name: 'Payment options' });
}

describe('the confirmation page and a financial aid request', () => {
  it('offers aid to an applicant who has not asked for it', async () => {
    renderWith(null);
    await options();
    expectShown(screen.getByRole('link', { name: /Apply for Financial Aid/ }));
    expectShown(screen.getByRole('heading', { name: OPTION_FINANCIAL_AID, level: 3 }));
    expect(price(OPTION_FULL_PAYMENT)).toBe('N51,000');
  });

  it('says a request is received and under review, and offers the form no more', async () => {
    renderWith({ status: 'received', share: 0 });
    await options();
    const card = screen.getByRole('heading', { name: 'Your financial aid request' }).closest('section')!;
    expectShown(within(card).getByText(AID_MESSAGES.standingReceived));
    expect(screen.queryByRole('link', { name: /Apply for Financial Aid/ })).toBeNull();
    // Aid stays the recorded choice while it is reviewed (decision 111).
    const aidCard = screen.getByRole('heading', { name: OPTION_FINANCIAL_AID, level: 3 }).closest('li')!;
    expectShown(within(aidCard).getByText('Your choice'));
    expect(price(OPTION_FULL_PAYMENT)).toBe('N51,000');
  });

  it('says 20% was awarded, and the options charge the fee less 20%', async () => {
    renderWith({ status: 'awarded', share: 20 });
    await options();
    expectShown(screen.getByText(AID_MESSAGES.standingAwarded(20)));
    expectShown(screen.getByText(AID_MESSAGES.optionsAwarded));
    expect(price(OPTION_FULL_PAYMENT)).toBe('N40,800');
    expect(price(OPTION_INSTALMENTS)).toBe('N48,000 (2 × N24,000)');
    expect(screen.queryByRole('link', { name: /Apply for Financial Aid/ })).toBeNull();
    expect(screen.queryByRole('heading', { name: OPTION_FINANCIAL_AID, level: 3 })).toBeNull();
  });

  it('says a request was declined, and the options are the standard ones', async () => {
    renderWith({ status: 'declined', share: 0 });
    await options();
    expectShown(screen.getByText(AID_MESSAGES.standingDeclined));
    expectShown(screen.getByText(AID_MESSAGES.optionsDeclined));
    expect(price(OPTION_FULL_PAYMENT)).toBe('N51,000');
    expect(price(OPTION_INSTALMENTS)).toBe('N60,000 (2 × N30,000)');
  });
});
