/**
 * The whole record on an application's staff page (issue 24, item 5): each panel as a team member reads it, dates
 * in the programme's locale (en-GB), and what each says when there is nothing to show.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import {
  OPTION_FINANCIAL_AID,
  OPTION_FULL_PAYMENT,
  OPTION_INSTALMENTS,
} from '../../../machines/rules/payments';
import type { ReviewEventType } from '../../../machines/review.machine';
import type { StaffApplicationPage } from '../../../machines/staffApplication.machine';
import { ApplicationEmails } from '../../../src/staff/ApplicationEmails';
import { ApplicationFinancialAid } from '../../../src/staff/ApplicationFinancialAid';
import { ApplicationPayment } from '../../../src/staff/ApplicationPayment';
import { ApplicationReminder } from '../../../src/staff/ApplicationReminder';
import { ApplicationTimeline } from '../../../src/staff/ApplicationTimeline';
import { StaffApiError, type StaffApi } from '../../../src/staff/api';
import { TRANSFER_MESSAGES } from '../../../machines/rules/staffRecord';
import { STAFF_ADMIN, STAFF_REVIEWER, staffApplicationPage } from '../../support/staff';
import type { StaffAidDecision } from '../../../machines/rules/aidDecision';
import { AID_MESSAGES } from '../../../machines/rules/messages';
import { renderInStaff } from './support';
import { expectShown } from '../support/shown';

/** Ada's page, from Nigeria, before any payment choice; `answers` adds to hers. */
const page = (over: Partial<StaffApplicationPage> = {}, answers: object = {}): StaffApplicationPage =>
  staffApplicationPage(over, {
    country: 'Nigeria',
    payment_option: '',
    payment: null,
    financial_aid: null,
    ...answers,
  });

const inStaff = (ui: ReactNode, api: Partial<StaffApi> = {}) => renderInStaff(STAFF_ADMIN, ui, api);

const section = (name: string) => screen.getByRole('region', { name });
const answer = (region: HTMLElement, label: string) =>
  within(region).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
/** Each question of the region shows this answer (the question is named in a failure). */
const expectAnswers = (region: HTMLElement, answers: Record<string, string>) => {
  for (const [label, shown] of Object.entries(answers)) expect(answer(region, label), label).toBe(shown);
};

describe('each panel with nothing to show says so', () => {
  it.each([
    [
      'Financial aid',
      <ApplicationFinancialAid page={page()} />,
      'The applicant has not applied for financial aid.',
    ],
    ['Reminder', <ApplicationReminder page={page()} />, 'No reminder set.'],
    ['Emails', <ApplicationEmails page={page()} />, 'No email sent to this applicant.'],
  ])('%s', (region, panel, words) => {
    inStaff(panel);
    expect(section(region).textContent).toContain(words);
  });
});

/** The record of an applicant who chose financial aid and answered its questions. */
const aidApplicant = () =>
  page(
    {},
    {
      payment_option: OPTION_FINANCIAL_AID,
      financial_aid: {
        phone_type: 'Android',
        has_laptop: 'No',
        parents_status: 'Mother alive',
        employment_status_duration: 'Unemployed, 8 months',
        affordable_amount: 'N20,000',
        bootcamp_attendance_reason: 'To get a job',
        additional_info: '',
      },
    },
  );

describe('the financial-aid panel', () => {
  it('shows each answer under a question about the applicant', () => {
    inStaff(<ApplicationFinancialAid page={aidApplicant()} />);
    const aid = section('Financial aid');
    expectAnswers(aid, {
      'Type of phone': 'Android',
      'Has a laptop': 'No',
      'Amount they can afford': 'N20,000',
      'Why they want to attend': 'To get a job',
      'Anything else': '—',
    });
  });
});

describe('the aid decision (decision 238)', () => {
  const applied = aidApplicant();
  const undecided: StaffAidDecision = {
    decision: null,
    share: 0,
    held_until: '',
    ceiling: 30,
    awards: 10,
    awards_made: 2,
  };

  it('an admin awards a share; the decision is then held, with its undo', async () => {
    const user = userEvent.setup();
    const held = {
      ...undecided,
      decision: 'award' as const,
      share: 20,
      held_until: '2026-11-23T10:05:00.000Z',
    };
    const aidDecision = vi.fn().mockResolvedValueOnce(undecided).mockResolvedValue(held);
    const decideAid = vi.fn(() => Promise.resolve(held));
    inStaff(<ApplicationFinancialAid page={applied} />, { aidDecision, decideAid });
    const aid = section('Financial aid');
    await within(aid).findByText(
      /Not decided yet\. This applicant may be awarded up to 30% of the fee; 2 of the cohort’s 10/,
    );
    await user.type(within(aid).getByLabelText(/Share of the fee to award/), '20');
    await user.click(within(aid).getByRole('button', { name: 'Award aid' }));
    await within(aid).findByText(AID_MESSAGES.awarded(20));
    expect(decideAid).toHaveBeenCalledWith(1, { decision: 'award', share: '20' });
    await within(aid).findByText(/Awarded 20% of the fee: held until/);
    expectShown(within(aid).getByRole('button', { name: 'Undo aid decision' }));
    expect(within(aid).queryByRole('button', { name: 'Award aid' })).toBeNull();
  });

  it("shows the server's refusal in its words", async () => {
    const user = userEvent.setup();
    const refusal = AID_MESSAGES.aboveCeiling(30);
    const decideAid = vi.fn(() => Promise.reject(new StaffApiError(refusal, 400, { share: [refusal] })));
    inStaff(<ApplicationFinancialAid page={applied} />, {
      aidDecision: vi.fn(() => Promise.resolve(undecided)),
      decideAid,
    });
    await user.type(await screen.findByLabelText(/Share of the fee to award/), '40');
    await user.click(screen.getByRole('button', { name: 'Award aid' }));
    await waitFor(() => expect(screen.getAllByText(refusal).length).toBeGreaterThan(0));
  });

  it('a reviewer reads the decision, with no control', async () => {
    renderInStaff(STAFF_REVIEWER, <ApplicationFinancialAid page={applied} />, {
      aidDecision: vi.fn(() => Promise.resolve({ ...undecided, decision: 'decline' as const })),
    });
    await screen.findByText(/Declined: the applicant has been told\./);
    expect(screen.queryByRole('button', { name: 'Award aid' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Decline aid' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Undo aid decision' })).toBeNull();
  });
});

describe('the payment panel', () => {
  it('shows the option chosen, its amount for the applicant’s country, the references and the status', () => {
    const paid = {
      reference: 'TEBC-1234561234',
      option: OPTION_FULL_PAYMENT,
      amount: 51_000,
      currency: 'NGN' as const,
      status: 'paid' as const,
      paid_at: '2026-11-24T14:05:00.000Z',
    };
    inStaff(
      <ApplicationPayment
        onRecorded={() => {}}
        page={page(
          { payments: [{ ...paid, provider_reference: 'GTB-998877' }] },
          { payment_option: OPTION_FULL_PAYMENT, payment: paid },
        )}
      />,
    );
    const payment = section('Payment choice');
    expectAnswers(payment, {
      'Option chosen': OPTION_FULL_PAYMENT,
      Amount: 'N51,000',
      Reference: 'TEBC-1234561234',
      'Bank or provider reference': 'GTB-998877',
      Status: 'Paid',
      'Paid at': '24/11/2026, 14:05:00 UTC',
    });
  });

  it('an international applicant’s amount is in dollars; no payment yet says so', () => {
    inStaff(
      <ApplicationPayment
        onRecorded={() => {}}
        page={page({}, { country: 'Ghana', payment_option: OPTION_FULL_PAYMENT })}
      />,
    );
    const payment = section('Payment choice');
    expect(answer(payment, 'Amount')).toBe('$42.50');
    expect(answer(payment, 'Status')).toBe('No payment recorded');
  });

  it('an applicant who has not chosen reads "Not chosen yet"', () => {
    inStaff(<ApplicationPayment onRecorded={() => {}} page={page()} />);
    expect(answer(section('Payment choice'), 'Option chosen')).toBe('Not chosen yet');
  });
});

describe('the reminder panel', () => {
  it('says when the reminder is set for and when it was sent', () => {
    inStaff(
      <ApplicationReminder
        page={page({ reminder: { at: '2026-11-30T09:00:00.000Z', sentAt: '2026-11-30T09:01:00.000Z' } })}
      />,
    );
    expect(section('Reminder').textContent).toContain(
      'Set for 30/11/2026, 09:00:00 UTC; sent 30/11/2026, 09:01:00 UTC.',
    );
  });

  it('a reminder not sent yet', () => {
    inStaff(
      <ApplicationReminder page={page({ reminder: { at: '2026-11-30T09:00:00.000Z', sentAt: null } })} />,
    );
    expect(section('Reminder').textContent).toContain('Set for 30/11/2026, 09:00:00 UTC; not sent yet.');
  });
});

describe('the emails panel', () => {
  it('lists every email with its subject, status and times, oldest first', () => {
    inStaff(
      <ApplicationEmails
        page={page({
          emails: [
            {
              subject: 'Your code for The Employment Bootcamp: ••••••',
              status: 'sent',
              at: '2026-11-20T10:00:00.000Z',
              sentAt: '2026-11-20T10:00:05.000Z',
              attempts: 1,
            },
            {
              subject: 'You are accepted into The Employment Bootcamp (Cohort 6)',
              status: 'queued',
              at: '2026-11-24T14:05:00.000Z',
              sentAt: null,
              attempts: 2,
            },
            {
              subject: 'Reminder: complete your payment',
              status: 'failed',
              at: '2026-11-25T09:00:00.000Z',
              sentAt: null,
              attempts: 30,
            },
          ],
        })}
      />,
    );
    const table = within(section('Emails')).getByRole('table', {
      name: 'Every email sent to this applicant, oldest first',
    });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
    expect(rows).toEqual([
      [
        'Your code for The Employment Bootcamp: ••••••',
        'Sent',
        '20/11/2026, 10:00:00 UTC',
        '20/11/2026, 10:00:05 UTC',
      ],
      [
        'You are accepted into The Employment Bootcamp (Cohort 6)',
        'Queued (2 failed attempts)',
        '24/11/2026, 14:05:00 UTC',
        '—',
      ],
      ['Reminder: complete your payment', 'Failed', '25/11/2026, 09:00:00 UTC', '—'],
    ]);
  });
});

describe('the timeline', () => {
  it('speaks in words: who, and when the email left or is due', () => {
    inStaff(
      <ApplicationTimeline
        page={page({
          timeline: [
            { at: '2026-11-21T10:00:00.000Z', what: 'Submitted' },
            {
              at: '2026-11-24T14:00:00.000Z',
              what: 'Accepted',
              by: 'ada@bootcamp.example',
              emailSentAt: '2026-11-24T14:05:00.000Z',
            },
            { at: '2026-11-25T09:00:00.000Z', what: 'Payment chosen', by: 'the applicant' },
            {
              at: '2026-11-25T23:58:00.000Z',
              what: 'Not successful',
              by: 'ada@bootcamp.example',
              emailDueAt: '2026-11-26T00:03:00.000Z',
            },
          ],
        })}
      />,
    );
    const lines = within(section('Timeline'))
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(lines).toEqual([
      '21/11/2026, 10:00:00 UTC: Submitted',
      '24/11/2026, 14:00:00 UTC: Accepted by ada@bootcamp.example, email sent 14:05',
      '25/11/2026, 09:00:00 UTC: Payment chosen by the applicant',
      '25/11/2026, 23:58:00 UTC: Not successful by ada@bootcamp.example, email due 26/11/2026 00:03',
    ]);
    expect(lines.join(' ')).not.toMatch(/[A-Z]{3,}_|→/);
  });
});

describe('recording a bank transfer', () => {
  const chosen = (allowed: ReviewEventType[], option = OPTION_FULL_PAYMENT) =>
    page(
      {
        review: {
          status: 'payment_chosen',
          label: 'Payment chosen',
          allowed,
          releasesInMs: null,
          seats: null,
          undoSeconds: 300,
        },
      },
      { payment_option: option },
    );

  it('an admin enters the reference; an empty one is refused without a call, then it is recorded', async () => {
    const user = userEvent.setup();
    const recordTransfer = vi.fn(() => Promise.resolve({ status: 'paid', label: 'Paid' }));
    const onRecorded = vi.fn();
    inStaff(<ApplicationPayment page={chosen(['WITHDRAW', 'RECORD_TRANSFER'])} onRecorded={onRecorded} />, {
      recordTransfer,
    });
    const payment = section('Payment choice');
    expectShown(within(payment).getByText(/once N51,000 has arrived/));
    await user.click(within(payment).getByRole('button', { name: 'Record as paid' }));
    expect(within(payment).getAllByText(TRANSFER_MESSAGES.referenceMissing).length).toBeGreaterThan(0);
    expect(recordTransfer).not.toHaveBeenCalled();

    await user.type(within(payment).getByLabelText(/Transfer reference/), ' GTB-0042 ');
    await user.click(within(payment).getByRole('button', { name: 'Record as paid' }));
    await waitFor(() => expect(onRecorded).toHaveBeenCalledWith(TRANSFER_MESSAGES.recorded));
    expect(recordTransfer).toHaveBeenCalledWith(1, 'GTB-0042');
  });

  it('shows the server’s refusal in its words', async () => {
    const user = userEvent.setup();
    const recordTransfer = vi.fn(() =>
      Promise.reject(
        new StaffApiError(TRANSFER_MESSAGES.referenceUsed, 409, {
          reference: [TRANSFER_MESSAGES.referenceUsed],
        }),
      ),
    );
    const onRecorded = vi.fn();
    inStaff(<ApplicationPayment page={chosen(['RECORD_TRANSFER'])} onRecorded={onRecorded} />, {
      recordTransfer,
    });
    await user.type(screen.getByLabelText(/Transfer reference/), 'GTB-USED');
    await user.click(screen.getByRole('button', { name: 'Record as paid' }));
    await waitFor(() =>
      expect(screen.getAllByText(TRANSFER_MESSAGES.referenceUsed).length).toBeGreaterThan(0),
    );
    expect(onRecorded).not.toHaveBeenCalled();
  });

  it('is not offered to a reviewer, nor for an option not paid by transfer', () => {
    const { unmount } = inStaff(<ApplicationPayment page={chosen(['WITHDRAW'])} onRecorded={() => {}} />);
    expect(screen.queryByRole('button', { name: 'Record as paid' })).toBeNull();
    unmount();
    inStaff(
      <ApplicationPayment page={chosen(['RECORD_TRANSFER'], OPTION_INSTALMENTS)} onRecorded={() => {}} />,
    );
    expect(screen.queryByRole('button', { name: 'Record as paid' })).toBeNull();
  });
});
