import { describe, expect, it } from 'vitest';
import { auditDetailWords, scoreAgreement } from '../../machines/rules/reports';

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

describe('score agreement (decision 163)', () => {
  it('averages the distance over every pair of reviewers, per pair and per reviewer, the furthest first', () => {
    // Ama and Ben 1 and 2.5 points apart on two applications, Ama and Cy 0.5 on one, Ben and Cy 2 on the third
    // reviewer's application (2 points is a disagreement).
    const report = scoreAgreement(3, 1, [
      { first: 'ben@x.example', second: 'ama@x.example', applications: 2, totalDifference: 3.5, agreeing: 1 },
      { first: 'ama@x.example', second: 'cy@x.example', applications: 1, totalDifference: 0.5, agreeing: 1 },
      { first: 'ben@x.example', second: 'cy@x.example', applications: 1, totalDifference: 2, agreeing: 0 },
    ]);
    expect(report).toEqual({
      compared: 3,
      agreeing: 1,
      meanDifference: 1.5,
      pairs: [
        { first: 'ben@x.example', second: 'cy@x.example', applications: 1, meanDifference: 2, agreeing: 0 },
        {
          first: 'ama@x.example',
          second: 'ben@x.example',
          applications: 2,
          meanDifference: 1.75,
          agreeing: 1,
        },
        { first: 'ama@x.example', second: 'cy@x.example', applications: 1, meanDifference: 0.5, agreeing: 1 },
      ],
      reviewers: [
        { staff: 'ben@x.example', comparisons: 3, meanDistance: 1.83 },
        { staff: 'ama@x.example', comparisons: 3, meanDistance: 1.33 },
        { staff: 'cy@x.example', comparisons: 2, meanDistance: 1.25 },
      ],
    });
  });

  it('has no mean distance when no application has two reviews', () => {
    expect(scoreAgreement(0, 0, [])).toEqual({
      compared: 0,
      agreeing: 0,
      meanDifference: null,
      pairs: [],
      reviewers: [],
    });
  });
});
