/**
 * "Your data" (`/your-data`) in the product's frame (issue 56, item 6): the site's header with the logo, the page's
 * heading focused as it arrives, the wizard's own fields and buttons for the emailed code, and each part that
 * replaces another (the code's form, the download once signed in) focusing its heading.
 */
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { paths } from '../../machines/rules/contract';
import { YourDataPage } from '../../src/privacy/YourDataPage';
import { askForCode } from './support/signInByCode';

const answer = (status: number, body: object = { message: 'ok', data: {} }) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Your data', () => {
  it('has the header and logo, focuses its heading, and asks with the wizard’s fields and buttons', async () => {
    let signedIn = false;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        if (url === paths.standing) return answer(signedIn ? 200 : 401);
        // The code is sent, then checked.
        if (url === paths.verifyEmail) signedIn = true;
        return answer(200);
      }),
    );
    const user = userEvent.setup();
    render(<YourDataPage />);
    const email = await screen.findByLabelText('Email address');
    const banner = screen.getByRole('banner');
    expect(banner.querySelector('.brand-mark')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'The Employment Bootcamp' }).getAttribute('href')).toBe('/');
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1, name: 'Your data' }));
    expect(screen.getByRole('main').contains(email)).toBe(true);
    expect(email.className).toBe('input');
    expect(email.getAttribute('type')).toBe('email');
    expect(screen.getByRole('button', { name: 'Email me a code' }).parentElement?.className).toBe('actions');

    const codeHeading = await askForCode(user, 'ada@example.com');
    expect(document.activeElement).toBe(codeHeading);
    const code = screen.getByLabelText('Code');
    expect(code.className).toContain('input');

    await user.type(code, '123456');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    const download = await screen.findByRole('heading', { level: 2, name: 'Download your data' });
    expect(document.activeElement).toBe(download);
    expect(screen.getByRole('link', { name: 'Download your data' }).className).toBe('button');
  });
});
