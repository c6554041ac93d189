import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import {
  AID_FIELDS,
  financialAidMachine,
  type LookupKind,
  type SendCodeOutput,
  type SubmitAidInput,
} from '../../machines/financialAid.machine';
import { CONFIRM_SAVE, FIELD_MESSAGES, MESSAGES } from '../../machines/rules/messages';
import { ApiError } from '../../src/api/client';
import { FinancialAidShell } from '../../src/financial-aid/FinancialAidShell';
import { expectShown } from './support/shown';

interface Fakes {
  lookup?: LookupKind['kind'];
  verify?: (token: string) => Promise<void>;
  submit?: (input: SubmitAidInput) => Promise<void>;
}

function renderShell(fakes: Fakes = {}) {
  const calls: { src: string; input: unknown }[] = [];
  const actor = createActor(
    financialAidMachine.provide({
      actors: {
        lookupApplication: fromPromise(async ({ input }: { input: { email: string } }) => {
          calls.push({ src: 'lookup', input });
          return { kind: fakes.lookup ?? 'owner' };
        }),
        sendCode: fromPromise<SendCodeOutput, { email: string }>(async ({ input }) => {
          calls.push({ src: 'sendCode', input });
          return { message: MESSAGES.otpSent };
        }),
        verifyCode: fromPromise<unknown, { email: string; token: string }>(async ({ input }) => {
          calls.push({ src: 'verify', input });
          await (fakes.verify ?? (async () => {}))(input.token);
          return {};
        }),
        submitFinancialAid: fromPromise(async ({ input }: { input: SubmitAidInput }) => {
          calls.push({ src: 'submit', input });
          await (fakes.submit ?? (async () => {}))(input);
        }),
      },
    }),
    { input: {} },
  ).start();
  render(<FinancialAidShell actor={actor} />);
  return { actor, calls, user: userEvent.setup() };
}

async function checkIn(user: ReturnType<typeof userEvent.setup>, email = 'ada@example.com') {
  await user.type(screen.getByLabelText('Email address'), email);
  await user.click(screen.getByRole('button', { name: 'Proceed' }));
}

const fill = async (user: ReturnType<typeof userEvent.setup>) => {
  await user.type(screen.getByLabelText('What type of phone do you use?'), 'Android smartphone');
  await user.click(screen.getByRole('radio', { name: 'No' }));
  await user.type(screen.getByLabelText(/Are your parents alive/), 'My mother is alive');
  await user.type(screen.getByLabelText(/Are you employed/), 'Unemployed for 8 months');
  await user.type(screen.getByLabelText('How much of the fee can you afford to pay?'), 'N20,000');
  await user.type(screen.getByLabelText('Why do you want to attend the bootcamp?'), 'To find work');
  await user.type(screen.getByLabelText('Is there anything else you would like us to know?'), 'No');
};

describe('Financial aid application', () => {
  it('is titled FINANCIAL AID APPLICATION and asks for the email first', async () => {
    const { user, calls } = renderShell();
    expectShown(screen.getByRole('heading', { level: 1, name: 'FINANCIAL AID APPLICATION' }));
    await user.click(screen.getByRole('button', { name: 'Proceed' }));
    expectShown(await screen.findByRole('link', { name: MESSAGES.checkInEmail }));
    expect(screen.getByLabelText('Email address').getAttribute('aria-invalid')).toBe('true');
    expect(calls).toEqual([]);
  });

  it('tells an email with no application that it has not registered', async () => {
    const { user } = renderShell({ lookup: 'new' });
    await checkIn(user);
    expectShown(await screen.findByText(MESSAGES.notRegistered));
    expect(screen.getByLabelText('Email address')).toHaveProperty('value', 'ada@example.com');
  });

  it('asks a browser that has not proved the email for the emailed code (pasted with a space)', async () => {
    let wrong = true;
    const { user, calls } = renderShell({
      lookup: 'exists',
      verify: async () => {
        if (wrong) throw new ApiError('The code is not valid', 422);
      },
    });
    await checkIn(user);
    const code = await screen.findByLabelText('Code');
    expectShown(screen.getByText(MESSAGES.otpSent));
    expect(code.getAttribute('inputmode')).toBe('numeric');
    expect(code.getAttribute('autocomplete')).toBe('one-time-code');

    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expectShown(await screen.findByRole('link', { name: MESSAGES.otpRequired }));

    await user.click(code);
    await user.paste('123 456');
    expect(code).toHaveProperty('value', '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expectShown(await screen.findByText('The code is not valid'));

    wrong = false;
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expectShown(await screen.findByRole('heading', { name: 'Tell us about your circumstances' }));
    expect(calls.filter((c) => c.src === 'verify').at(-1)?.input).toEqual({
      email: 'ada@example.com',
      token: '123456',
    });
  });

  it('lists the message of every unanswered question, each linked to its field', async () => {
    const { user } = renderShell();
    await checkIn(user);
    await screen.findByRole('heading', { name: 'Tell us about your circumstances' });
    await user.click(screen.getByRole('button', { name: 'Submit application' }));
    const summary = await screen.findByRole('alert');
    const links = within(summary)
      .getAllByRole('link')
      .map((a) => a.textContent);
    expect(links).toEqual(AID_FIELDS.map((f) => FIELD_MESSAGES[f]));
    expect(document.title.startsWith('Error:')).toBe(true);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('confirms irreversibly, submits the answers and finishes', async () => {
    const { user, calls, actor } = renderShell();
    await checkIn(user);
    await screen.findByRole('heading', { name: 'Tell us about your circumstances' });
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Submit application' }));
    const confirm = await screen.findByRole('alertdialog', { name: CONFIRM_SAVE.title });
    expectShown(within(confirm).getByText(/can't change it/));
    await user.click(within(confirm).getByRole('button', { name: CONFIRM_SAVE.cancel }));
    expect(screen.getByLabelText('Why do you want to attend the bootcamp?')).toHaveProperty(
      'value',
      'To find work',
    );

    await user.click(screen.getByRole('button', { name: 'Submit application' }));
    await user.click(await screen.findByRole('button', { name: CONFIRM_SAVE.confirm }));
    expectShown(await screen.findByText('Your financial aid application has been submitted.'));
    expect(actor.getSnapshot().status).toBe('done');
    expect(calls.at(-1)).toEqual({
      src: 'submit',
      input: {
        email: 'ada@example.com',
        data: {
          phone_type: 'Android smartphone',
          has_laptop: 'No',
          parents_status: 'My mother is alive',
          employment_status_duration: 'Unemployed for 8 months',
          affordable_amount: 'N20,000',
          bootcamp_attendance_reason: 'To find work',
          additional_info: 'No',
        },
      },
    });
  });

  it('shows the submission failure and keeps the answers', async () => {
    const { user } = renderShell({ submit: () => Promise.reject(new Error('')) });
    await checkIn(user);
    await screen.findByRole('heading', { name: 'Tell us about your circumstances' });
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Submit application' }));
    await user.click(await screen.findByRole('button', { name: CONFIRM_SAVE.confirm }));
    expectShown(await screen.findByText(MESSAGES.financialAidSubmitFailed));
    expect(screen.getByLabelText('How much of the fee can you afford to pay?')).toHaveProperty(
      'value',
      'N20,000',
    );
  });

  it('focus moves to each new screen’s heading: the title on arrival, the form, then the submitted note', async () => {
    const { user } = renderShell();
    expect(document.activeElement).toBe(
      screen.getByRole('heading', { level: 1, name: 'FINANCIAL AID APPLICATION' }),
    );
    await checkIn(user);
    const form = await screen.findByRole('heading', { name: 'Tell us about your circumstances' });
    expect(document.activeElement).toBe(form);
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Submit application' }));
    await user.click(await screen.findByRole('button', { name: CONFIRM_SAVE.confirm }));
    const done = await screen.findByRole('heading', { name: 'Financial aid application submitted' });
    expect(document.activeElement).toBe(done);
  });

  it('axe finds nothing on the check-in, the code step and the form', async () => {
    const rules = { 'color-contrast': { enabled: false } }; // jsdom cannot compute colours
    const { user } = renderShell({ lookup: 'exists' });
    expect((await axe.run(document.body, { rules })).violations).toEqual([]);
    await checkIn(user);
    const code = await screen.findByLabelText('Code');
    expect((await axe.run(document.body, { rules })).violations).toEqual([]);
    fireEvent.input(code, { target: { value: '654321' } });
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await screen.findByRole('heading', { name: 'Tell us about your circumstances' });
    await user.click(screen.getByRole('button', { name: 'Submit application' }));
    await screen.findByRole('alert');
    expect((await axe.run(document.body, { rules })).violations).toEqual([]);
  });
});
