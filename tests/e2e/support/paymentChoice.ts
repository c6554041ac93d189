/**
 * An accepted applicant's walk from the confirmation page to the payment details, at a phone's width, as the e2e
 * tests take it: "Proceed to payment", an option chosen on its card and confirmed, then "View Payment Details".
 */
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { applicantDevice, type ApplicantApi } from './submittedApplicant';
import { openDialog } from './suite';

const WAIT = { timeout: 30_000 };
export const PHONE = { width: 390, height: 844 };
/** An amount as the screens write it: N51,000, $42.50. */
const MONEY = /[N$]\d[\d,]*(?:\.\d\d)?/;

/** A phone of the applicant (accepted already), on the confirmation page that congratulates them. */
export async function acceptedOnPhone(
  browser: Browser,
  base: string,
  api: ApplicantApi,
): Promise<{ context: BrowserContext; page: Page }> {
  const device = await applicantDevice(browser, base, api, PHONE);
  await device.page.goto(`${base}/apply/confirmation`);
  await device.page.getByRole('heading', { name: 'Congratulations, you have been accepted!' }).waitFor(WAIT);
  return device;
}

/** The amount on an option's card, as the card writes it. */
export async function cardAmount(page: Page, option: string): Promise<string> {
  const card = page.locator('li.payment-option').filter({
    has: page.getByRole('heading', { name: option, exact: true }),
  });
  return ((await card.locator('.payment-option__price').textContent()) ?? '').match(MONEY)?.[0] ?? '';
}

/** From the confirmation page: `option` chosen on its card and confirmed; answers the amount its card showed. */
export async function choose(page: Page, option: string): Promise<string> {
  await page.getByRole('button', { name: 'Proceed to payment' }).click();
  await page.getByRole('heading', { name: 'Payment options' }).waitFor(WAIT);
  const shown = await cardAmount(page, option);
  await page.getByRole('button', { name: `Choose ${option}` }).click();
  const confirm = await openDialog(page, 'Confirm your payment option');
  await confirm.getByRole('button', { name: 'Yes proceed' }).click();
  return shown;
}

/** Once a paying option is chosen: the payment details, opened from "Your choice has been recorded". */
export async function paymentDetails(page: Page): Promise<Locator> {
  const recorded = await openDialog(page, 'Your choice has been recorded');
  await recorded.getByRole('button', { name: 'View Payment Details' }).click();
  return openDialog(page, 'Payment details');
}

/**
 * Once a paying option is chosen: its payment details state `shown`, the sandbox checkout they open (no provider
 * configured) charges it, and the server's order for it is `amount` naira, pending until paid; the checkout's dialog.
 */
export async function expectSandboxCheckout(
  page: Page,
  api: ApplicantApi,
  shown: string,
  amount: number,
): Promise<Locator> {
  const details = await paymentDetails(page);
  expect(await details.locator('.payment-details__amount').textContent()).toBe(shown);
  await details.getByRole('button', { name: 'Proceed to Payment Portal' }).click();
  const checkout = await openDialog(page, 'Sandbox checkout: test mode');
  expect(await checkout.locator('.sandbox-checkout__amount').textContent()).toBe(`Amount to pay: ${shown}`);
  expect((await api.saved()).payment).toMatchObject({ amount, currency: 'NGN', status: 'pending' });
  return checkout;
}
