/** The readable page of the data download (docs/privacy.md): every value shown, none able to run or fetch. */
import { describe, expect, it } from 'vitest';
import { exportPage } from '../../server/privacy/exportPage';

describe('the data download’s readable page', () => {
  it('shows every part in words and escapes what an applicant typed', () => {
    const page = exportPage({
      answers: { firstname: 'Ada', key_challenge: '<script>alert(1)</script> & "more"' },
      communicationConsent: false,
      timeline: [{ at: '2026-12-01T10:00:00.000Z', what: 'Started the application' }],
      decision: null,
      emails: [{ subject: 'Your code', text: 'Line one\nLine two' }],
    });
    expect(page).toContain('<h2>Answers</h2>');
    expect(page).toContain('<th scope="row">Key challenge</th>');
    expect(page).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;more&quot;');
    expect(page).not.toContain('<script>');
    expect(page).toContain('<h2>Communication consent</h2>No');
    expect(page).toContain('Started the application');
    expect(page).toContain('<pre>Line one\nLine two</pre>');
    expect(page).not.toMatch(/src=|href=/);
  });
});
