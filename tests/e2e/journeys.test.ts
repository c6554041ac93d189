/**
 * What people do that a straight run through the wizard misses: reloading, the Back and Forward buttons, typing an
 * address, a second tab, a network that drops for a moment, coming back on another device, a phone-sized screen.
 * Each against the built product in Chromium; what the server stored is checked through the API.
 */
import { describe, expect, it } from 'vitest';
import { paths } from '../../machines/rules';
import { axeViolations, describeViolations, screenshot } from './support/browser';
import {
  ANSWERS,
  biodata,
  choosePayment,
  click,
  communications,
  eligibility,
  employment,
  freshEmail,
  getStarted,
  onScreen,
  openAnswers,
  other,
  toEligibility,
  verify,
  video,
} from './support/journey';
import { DECIDING, decide } from './support/decision';
import { codeMails } from './support/screen';
import { storedApplication } from './support/wizardDriver';
import { OPTION_FULL_PAYMENT, OPTION_INSTALMENTS } from '../../machines/rules/payments';
import { contextOpener, server, serverAndBrowser } from './support/suite';

serverAndBrowser({ ...DECIDING, QUIZ_TIME: '2' });

const open = contextOpener();

describe('journeys a happy path misses', () => {
  it('keeps the step and the answers through a reload in the middle of every step', async () => {
    const { page } = await open();
    const email = freshEmail('reload');
    const reloadOn = async (path: string, heading: string) => {
      await page.reload();
      await onScreen(page, path, heading);
    };
    await page.goto(`${server.url}/apply`);
    await page.getByLabel('Email address').fill(email);
    await reloadOn('/apply', 'Get Started');
    // Get Started is prerendered: the saved email is written into the field when the app takes over.
    await expect.poll(() => page.getByLabel('Email address').inputValue()).toBe(email);
    await click(page, 'Get Started');
    await onScreen(page, '/apply/biodata', 'Bio Data');

    await page.getByLabel('First Name').fill(ANSWERS.firstname);
    await reloadOn('/apply/biodata', 'Bio Data');
    expect(await page.getByLabel('First Name').inputValue()).toBe(ANSWERS.firstname);
    await biodata(page);

    await page.getByLabel('Phone number').fill(ANSWERS.phone);
    await reloadOn('/apply/communications', 'Communications');
    expect(await page.getByLabel('Phone number').inputValue()).toBe(ANSWERS.phone);
    await communications(page);

    await reloadOn('/apply/verify-email', 'Verify your email address');
    await verify(page, server, email);

    await onScreen(page, '/apply/eligibility', 'Eligibility');
    await page.getByLabel(ANSWERS.eligibility[0], { exact: true }).check();
    await reloadOn('/apply/eligibility', 'Eligibility');
    expect(await page.getByLabel(ANSWERS.eligibility[0], { exact: true }).isChecked()).toBe(true);
    await eligibility(page);

    await page.getByLabel('I am unemployed and actively looking for a job').check();
    await reloadOn('/apply/employment', 'Employment');
    expect(await page.getByLabel('I am unemployed and actively looking for a job').isChecked()).toBe(true);
    await employment(page);

    await openAnswers(page);
    await click(page, 'Save & Continue');
    await page.getByRole('heading', { name: 'Key Information:' }).waitFor();
    // A reload with the Key Information dialog open comes back to the answers, dialog closed.
    await reloadOn('/apply/other', 'Getting to know you');
    expect(await page.getByRole('heading', { name: 'Key Information:' }).count()).toBe(0);
    expect(await page.getByLabel('What do you find most challenging?').inputValue()).toBe(
      ANSWERS.keyChallenge,
    );
    await other(page);
    // Staff accept the application: only then does the confirmation offer payment.
    await decide(server.url, email, 'ACCEPT');

    await reloadOn('/apply/success', 'Well done for submitting your application');
    await click(page, 'Continue to Video');
    // On the video's step before the reload: a reload at once could come before the press had moved on.
    await onScreen(page, '/apply/selection-video', 'Info Video');
    await reloadOn('/apply/selection-video', 'Info Video');
    await page.goto(`${server.url}/apply/confirmation`);
    await choosePayment(page);
    await click(page, 'Later');
    await reloadOn('/apply/confirmation', 'Congratulations, you have been accepted!');
    const stored = await storedApplication(server, page.context(), email);
    expect(stored.data[0]).toMatchObject({
      payment_option: OPTION_FULL_PAYMENT,
      other: { key_challenge: ANSWERS.keyChallenge },
    });
  });

  it('lets the Back and Forward buttons walk the steps, and the machine decides what each may show', async () => {
    const { page } = await open();
    const email = freshEmail('history');
    await toEligibility(page, server, email);
    await eligibility(page);
    // Each move: [button, the screen that shows]. The code screen is behind the applicant once they have proved
    // their email, so going back to it shows eligibility instead.
    const moves: ['back' | 'forward', string, string][] = [
      ['back', '/apply/eligibility', 'Eligibility'],
      ['back', '/apply/eligibility', 'Eligibility'],
      ['back', '/apply/communications', 'Communications'],
      ['back', '/apply/biodata', 'Bio Data'],
      ['forward', '/apply/communications', 'Communications'],
      // The code screen's entry was replaced by eligibility when the machine refused it.
      ['forward', '/apply/eligibility', 'Eligibility'],
      ['forward', '/apply/eligibility', 'Eligibility'],
      ['forward', '/apply/employment', 'Employment'],
    ];
    for (const [button, path, heading] of moves) {
      if (button === 'back') await page.goBack();
      else await page.goForward();
      await onScreen(page, path, heading);
    }
    // Going back never loses an answer or a saved step.
    await page.goBack();
    await page.getByText('Congratulations, you are eligible...').waitFor();
    await page.goBack();
    await page.goBack();
    await onScreen(page, '/apply/communications', 'Communications');
    expect(await page.getByLabel('Email', { exact: true }).isDisabled()).toBe(true);
    expect(await page.getByLabel('Phone number').inputValue()).toBe('+2348031234567');
  });

  it('sends a typed address for a guarded step where the route table says', async () => {
    const { page } = await open();
    const email = freshEmail('typed');
    const typed = async (asked: string, shown: string) => {
      await page.goto(`${server.url}${asked}`);
      // A cold load of the app each time: past expect.poll's default 1 s on a loaded machine.
      await expect.poll(() => new URL(page.url()).pathname, { message: `${asked} → ${shown}` }).toBe(shown);
    };
    // Not started: every guarded step goes to Get Started.
    for (const asked of [
      '/apply/biodata',
      '/apply/communications',
      '/apply/verify-email',
      '/apply/eligibility',
      '/apply/employment',
      '/apply/success',
    ])
      await typed(asked, '/apply');
    // The unguarded ones open for anyone.
    for (const asked of ['/apply/other', '/apply/selection-video', '/apply/confirmation'])
      await typed(asked, asked);

    // Started, email not proved: the steps that need it go to the code.
    await getStarted(page, server, email);
    for (const asked of ['/apply/biodata', '/apply/communications', '/apply/verify-email'])
      await typed(asked, asked);
    for (const asked of ['/apply/eligibility', '/apply/employment', '/apply/success'])
      await typed(asked, '/apply/verify-email');

    // Proved: the code screen is done with; employment waits for eligibility, success for the submission.
    await typed('/apply/biodata', '/apply/biodata');
    await biodata(page);
    await communications(page);
    await verify(page, server, email);
    await onScreen(page, '/apply/eligibility', 'Eligibility');
    await typed('/apply/verify-email', '/apply/eligibility');
    await typed('/apply/employment', '/apply/eligibility');
    // Success waits for the submission, and the open questions for an eligible score (decision 008).
    await typed('/apply/success', '/apply/eligibility');
  });

  it('resumes the same application in a second tab, with nothing made twice', async () => {
    const { context, page: first } = await open();
    const email = freshEmail('tabs');
    await toEligibility(first, server, email);

    const second = await context.newPage();
    await second.goto(`${server.url}/apply`);
    await second.goto(`${server.url}/apply/eligibility`);
    await onScreen(second, '/apply/eligibility', 'Eligibility');
    await eligibility(second);

    // The first tab picks up what the second saved.
    await first.reload();
    await first.getByText('Congratulations, you are eligible...').waitFor();
    await first.getByRole('button', { name: 'Proceed', exact: true }).click();
    await onScreen(first, '/apply/employment', 'Employment');
    await employment(first);

    expect(await codeMails(server, email), 'one code, one application').toBe(1);
    const stored = await storedApplication(server, context, email);
    expect(stored.data).toHaveLength(1);
    expect(stored.data[0]).toMatchObject({
      stage: 'employment',
      eligibility: { status: 'eligible' },
      cv: { filename: 'ada-cv.pdf' },
      employment: { employment_status: 'I am unemployed and actively looking for a job' },
    });
  });

  it('retries a save whose answer the network dropped, and stores it once', async () => {
    const { context, page } = await open();
    const email = freshEmail('flaky');
    const attempts = { create: 0, eligibility: 0 };
    // The server gets the request and answers, but the answer never reaches the browser, once per call.
    for (const [call, path] of [
      ['create', paths.create],
      ['eligibility', paths.eligibility],
    ] as const) {
      await context.route(
        (url) => url.pathname === path,
        async (route) => {
          attempts[call] += 1;
          if (attempts[call] > 1) return route.continue();
          await route.fetch();
          await route.abort('connectionreset');
        },
      );
    }
    await toEligibility(page, server, email);
    await eligibility(page);

    expect(attempts).toEqual({ create: 2, eligibility: 2 });
    expect(await codeMails(server, email), 'the retried create sent no second code').toBe(1);
    const stored = await storedApplication(server, context, email);
    expect(stored.data).toHaveLength(1);
    expect(stored.data[0]).toMatchObject({ stage: 'eligibility', eligibility: { status: 'eligible' } });
  });

  it('lets a returning applicant on another device resume after the code', async () => {
    const { page: laptop } = await open();
    const email = freshEmail('returning');
    await toEligibility(laptop, server, email);
    await eligibility(laptop);
    await employment(laptop);

    const { context, page: phone } = await open({ width: 360, height: 640 });
    await phone.goto(`${server.url}/apply`);
    await phone.getByLabel('Email address').fill(email);
    await click(phone, 'Get Started');
    // Knowing the email is not enough: a new code goes to the inbox before any answer loads.
    await onScreen(phone, '/apply/verify-email', 'Verify your email address');
    expect(await codeMails(server, email)).toBe(2);
    const loaded = () =>
      phone.evaluate(
        () => (JSON.parse(localStorage.getItem('form-data') ?? '{}') as { firstname?: string }).firstname,
      );
    expect(await loaded()).toBe('');
    await verify(phone, server, email);
    await onScreen(phone, '/apply/other', 'Getting to know you');
    expect(await loaded()).toBe(ANSWERS.firstname);
    await phone.goto(`${server.url}/apply/communications`);
    expect(await phone.getByLabel('Phone number').inputValue()).toBe('+2348031234567');
    const stored = await storedApplication(server, context, email);
    expect(stored.data[0]).toMatchObject({ firstname: ANSWERS.firstname, stage: 'employment' });
  });

  it.each([
    [360, 640],
    [1280, 900],
  ])(
    'takes the whole journey at %i×%i, every screen and dialog free of axe violations and no wider than the screen',
    async (width, height) => {
      const { context, page } = await open({ width, height });
      const email = freshEmail(`whole${width}`);
      let shot = 0;
      const snap = async (name: string) => {
        await screenshot(page, `journey-${width}-${String(++shot).padStart(2, '0')}-${name}`);
        const violations = await axeViolations(page);
        expect(violations, `${name} at ${width}px: ${describeViolations(violations)}`).toEqual([]);
        // Nothing wider than the screen: no sideways scrolling on a phone.
        const wider = await page.evaluate(() =>
          [...document.querySelectorAll('body *')]
            .filter((el) => el.getBoundingClientRect().right > document.documentElement.clientWidth + 1)
            .map(
              (el) => `${el.tagName.toLowerCase()}.${el.className} “${(el.textContent ?? '').slice(0, 40)}”`,
            ),
        );
        expect(wider, `${name} at ${width}px is wider than the screen`).toEqual([]);
      };
      /** Presses a button, waits for the heading that answers, and snaps it. */
      const pressAndSnap = async (button: string, heading: string, name: string) => {
        await click(page, button);
        await page.getByRole('heading', { name: heading }).waitFor();
        await snap(name);
      };
      await page.goto(`${server.url}/apply`);
      await page.getByText(/^Applications are open for /).waitFor();
      await snap('get-started');
      await click(page, 'Get Started');
      await page.locator('.error-summary').waitFor();
      await snap('get-started-errors');
      await page.getByLabel('Email address').fill(email);
      await click(page, 'Get Started');
      await onScreen(page, '/apply/biodata', 'Bio Data');
      await snap('biodata');
      await biodata(page);
      await snap('communications');
      await page.getByLabel('Phone number').fill(ANSWERS.phone);
      await page.getByLabel('It was recommended by a friend or a family member').check();
      await page.getByLabel(/Tell us the person or organisation/).fill('Chioma Eze');
      await page.getByLabel(/I have read the privacy notice/).check();
      await pressAndSnap('Save and continue', 'Are you sure?', 'communications-confirm');
      await pressAndSnap('Yes, continue', 'Check your email', 'code-sent');
      await click(page, 'Enter the code');
      await onScreen(page, '/apply/verify-email', 'Verify your email address');
      await snap('verify-email');
      await verify(page, server, email);
      await onScreen(page, '/apply/eligibility', 'Eligibility');
      await snap('eligibility');
      await pressAndSnap('Help: I cannot upload my CV', 'Send your CV by email', 'cv-help');
      await click(page, 'Cancel');
      await eligibility(page);
      await snap('employment');
      await employment(page);
      await snap('other');
      await openAnswers(page);
      await pressAndSnap('Save & Continue', 'Key Information:', 'key-information');
      for (const label of [/available and ready/, /open-minded/, /commitment fee/])
        await page.getByLabel(label).check();
      await click(page, 'Submit Application');
      await onScreen(page, '/apply/success', 'Well done for submitting your application');
      await snap('success');
      await decide(server.url, email, 'ACCEPT');
      await video(page, snap);
      await snap('confirmation');
      await pressAndSnap('Proceed to payment', 'Payment options', 'payment-options');
      await page.getByRole('button', { name: `Choose ${OPTION_FULL_PAYMENT}` }).click();
      await page.getByRole('heading', { name: 'Confirm your payment option' }).waitFor();
      await snap('payment-confirm');
      await pressAndSnap('Yes proceed', 'Your choice has been recorded', 'payment-recorded');
      await click(page, 'View Payment Details');
      await page.getByRole('button', { name: 'Proceed to Payment Portal' }).waitFor();
      await snap('payment-details');
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: `Choose ${OPTION_INSTALMENTS}` }).click();
      await pressAndSnap('Yes proceed', 'Your choice has been recorded', 'instalment-recorded');
      await click(page, 'View Payment Details');
      await pressAndSnap('Proceed to Payment Portal', 'Sandbox checkout: test mode', 'instalment-checkout');
      await click(page, 'Fail test payment');
      await onScreen(page, '/failed', 'Payment failed');
      await snap('payment-failed');

      const stored = await storedApplication(server, context, email);
      expect(stored.data[0]).toMatchObject({
        firstname: ANSWERS.firstname,
        communications: { referral_detail: 'Chioma Eze' },
        payment_option: OPTION_INSTALMENTS,
      });
      expect(stored.data[0].submitted_at).not.toBe('');
    },
  );
});
