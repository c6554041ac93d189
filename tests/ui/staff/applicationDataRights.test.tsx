/**
 * An admin's export and erasure of one applicant's data on the application page (src/staff/ApplicationDataRights.tsx),
 * on fake API calls: the export saves the zip under the applicant's id; the erasure asks first, says what goes and,
 * for a paid applicant, what stays; once erased the page names no one; a refusal is shown in the server's words; a
 * reviewer sees neither button.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PRIVACY_MESSAGES } from '../../../machines/rules/privacy';
import { STAFF_MESSAGES } from '../../../machines/rules/staff/messages';
import type { StaffApplicationPage } from '../../../machines/staffApplication.machine';
import type { StaffMe } from '../../../machines/staffSession.machine';
import { StaffApiError, type StaffApi } from '../../../src/staff/api';
import { STAFF_ADMIN as ADMIN, STAFF_REVIEWER as REVIEWER, staffApplicationPage } from '../../support/staff';
import { fakeStaffApi, staffAt } from './support';
import { expectShown } from '../support/shown';

const EXPORT = "Export this applicant's data";
const ERASE = "Erase this applicant's data";

const APPLICATION = staffApplicationPage({ id: 7 }, { phone: '+2348030000000' });

const PAID_PAYMENT = {
  reference: 'PAY-1',
  option: 'Full payment',
  amount: 150_000,
  currency: 'NGN',
  status: 'paid',
  paid_at: '2026-11-21T10:00:00.000Z',
  provider_reference: 'PSK-1',
} as unknown as StaffApplicationPage['payments'][number];

const fakeApi = (me: StaffMe, page: StaffApplicationPage, overrides: Partial<StaffApi> = {}) =>
  fakeStaffApi(me, {
    application: vi.fn(() => Promise.resolve(page)),
    tags: vi.fn(() => Promise.resolve([])),
    exportData: vi.fn(() => Promise.resolve(new Blob(['zip'], { type: 'application/zip' }))),
    eraseData: vi.fn(() => Promise.resolve({ id: page.id })),
    ...overrides,
  });

/** Ada's staff page on `api`, once it has loaded. */
async function openPage<Api extends StaffApi>(api: Api) {
  const opened = staffAt(`/staff/applications/${APPLICATION.id}`, api);
  await screen.findByRole('heading', { name: 'Ada Obi', level: 1 });
  return opened;
}

// jsdom saves no files: what the browser is handed to save is recorded instead.
const saved: { href: string; download: string }[] = [];
beforeEach(() => {
  saved.length = 0;
  URL.createObjectURL = vi.fn(() => 'blob:zip');
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ href: this.getAttribute('href') ?? '', download: this.download });
  });
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe("an applicant's data on their staff page", () => {
  it('an admin exports it: the zip is saved under the application’s id and the page says so', async () => {
    const { user, api } = await openPage(fakeApi(ADMIN, APPLICATION));
    await user.click(screen.getByRole('button', { name: EXPORT }));
    await screen.findByText(PRIVACY_MESSAGES.staffExported);
    expect(api.exportData).toHaveBeenCalledWith(7);
    expect(saved).toEqual([{ href: 'blob:zip', download: 'application-7-data.zip' }]);
    expect(api.eraseData).not.toHaveBeenCalled();
  });

  it('an admin erases it only after a confirmation that says what goes; then the page names no one', async () => {
    const { user, api } = await openPage(fakeApi(ADMIN, APPLICATION));

    await user.click(screen.getByRole('button', { name: ERASE }));
    const dialog = await screen.findByRole('alertdialog', { name: "Erase this applicant's data?" });
    expect(dialog.textContent).toContain(PRIVACY_MESSAGES.staffEraseWarning);
    // Not paid: nothing is said of payment records.
    expect(dialog.textContent).not.toContain(PRIVACY_MESSAGES.staffErasePaid);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(api.eraseData).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: ERASE }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: ERASE }));
    await screen.findByText(PRIVACY_MESSAGES.staffErased);
    expect(api.eraseData).toHaveBeenCalledWith(7);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Application');
    for (const personal of ['Ada', 'Obi', 'ada@example.com', '+2348030000000'])
      expect(document.body.textContent).not.toContain(personal);
    expect(screen.queryByRole('button', { name: ERASE })).toBeNull();
    expectShown(screen.getByRole('link', { name: 'Back to applications' }));
  });

  it('for a paid applicant the confirmation says the payment records stay for the accounts', async () => {
    const { user } = await openPage(fakeApi(ADMIN, { ...APPLICATION, payments: [PAID_PAYMENT] }));
    await user.click(screen.getByRole('button', { name: ERASE }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain(PRIVACY_MESSAGES.staffErasePaid);
    expect(within(dialog).getByRole('link', { name: 'Read the privacy notice' }).getAttribute('href')).toBe(
      '/privacy',
    );
  });

  it('a refusal is said in the server’s words and the page stays as it was', async () => {
    const { user } = await openPage(
      fakeApi(ADMIN, APPLICATION, {
        eraseData: vi.fn(() => Promise.reject(new StaffApiError(STAFF_MESSAGES.adminOnly, 403))),
        exportData: vi.fn(() => Promise.reject(new StaffApiError(STAFF_MESSAGES.notFound, 404))),
      }),
    );
    await user.click(screen.getByRole('button', { name: EXPORT }));
    expect((await screen.findByRole('alert')).textContent).toBe(STAFF_MESSAGES.notFound);
    expect(saved).toEqual([]);

    await user.click(screen.getByRole('button', { name: ERASE }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: ERASE }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(STAFF_MESSAGES.adminOnly));
    expectShown(screen.getByRole('heading', { name: 'Ada Obi', level: 1 }));
    expect(screen.queryByText(PRIVACY_MESSAGES.staffErased)).toBeNull();
  });

  it('a reviewer sees neither button', async () => {
    await openPage(fakeApi(REVIEWER, APPLICATION));
    expect(screen.queryByRole('button', { name: EXPORT })).toBeNull();
    expect(screen.queryByRole('button', { name: ERASE })).toBeNull();
    expect(screen.queryByRole('heading', { name: "The applicant's data" })).toBeNull();
  });
});
