import { describe, expect, it } from 'vitest';
import { auditDetailWords } from '../../machines/rules/reports';

describe('the audit log’s details in words', () => {
  it('a review event says what was pressed and the statuses by their labels', () => {
    expect(auditDetailWords({ event: 'REJECT', from: 'submitted', to: 'rejected' })).toBe(
      'Reject: Submitted → Not successful',
    );
  });

  it('a bank transfer keeps its payment reference beside the statuses', () => {
    expect(auditDetailWords({ from: 'payment_chosen', to: 'paid', payment: 'EB-123' })).toBe(
      'Payment chosen → Paid, payment: EB-123',
    );
  });

  it('a template by its name, a bulk decision with its counts', () => {
    expect(auditDetailWords({ template: 'rejected' })).toBe('the “Not successful” email');
    expect(auditDetailWords({ event: 'ACCEPT', accepted: 20, waitlisted: 369 })).toBe(
      'Accept, accepted: 20, waitlisted: 369',
    );
  });

  it('codes it does not know, and a reassignment between team members, stay as written', () => {
    expect(auditDetailWords({ from: 'ada@example.com', to: 'ben@example.com' })).toBe(
      'from: ada@example.com, to: ben@example.com',
    );
    expect(auditDetailWords({ event: 'SOMETHING_OLD', subject_length: 12 })).toBe(
      'subject length: 12, event: SOMETHING_OLD',
    );
    expect(auditDetailWords({})).toBe('');
    expect(auditDetailWords(null)).toBe('');
  });
});
