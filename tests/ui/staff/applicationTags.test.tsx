/**
 * An application's tags on fake API calls: the list the server stored, a tag added (the form clears), one removed,
 * and a refused tag's words in the summary with the list unchanged.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { STAFF_MESSAGES } from '../../../machines/rules/staff/messages';
import { StaffApiError, type StaffApi } from '../../../src/staff/api';
import { ApplicationTags } from '../../../src/staff/ApplicationTags';
import { STAFF_REVIEWER as REVIEWER } from '../../support/staff';
import { renderInStaff } from './support';
import { expectShown } from '../support/shown';

/** A server that keeps the application's tags, normalised as it does (lower-cased, trimmed). */
function tagServer(initial: string[]) {
  let tags = [...initial];
  const api: Partial<StaffApi> = {
    tags: vi.fn(() => Promise.resolve([...tags])),
    addTag: vi.fn((_id: number, tag: string) => {
      const t = tag.trim().toLowerCase();
      if (!/^[a-z0-9 -]{1,40}$/.test(t))
        return Promise.reject(
          new StaffApiError(STAFF_MESSAGES.tagInvalid, 400, { tag: [STAFF_MESSAGES.tagInvalid] }),
        );
      tags = [...new Set([...tags, t])].sort();
      return Promise.resolve(tags);
    }),
    removeTag: vi.fn((_id: number, tag: string) => {
      tags = tags.filter((t) => t !== tag);
      return Promise.resolve(tags);
    }),
  };
  return api;
}

describe('an application’s tags', () => {
  it('shows the stored tags; a reviewer adds one, written as typed, and removes another', async () => {
    const api = tagServer(['call back']);
    renderInStaff(REVIEWER, <ApplicationTags id={7} />, api);
    const list = await screen.findByRole('list');
    expectShown(within(list).getByText('call back'));

    await userEvent.type(screen.getByLabelText('Add a tag'), ' Strong CV ');
    await userEvent.click(screen.getByRole('button', { name: 'Add tag' }));
    await screen.findByText('strong cv');
    expect(api.addTag).toHaveBeenCalledWith(7, ' Strong CV ');
    expectShown(screen.getByText('Tag added'));
    expect((screen.getByLabelText('Add a tag') as HTMLInputElement).value).toBe('');

    await userEvent.click(screen.getByRole('button', { name: 'Remove the tag call back' }));
    await waitFor(() => expect(screen.queryByText('call back')).toBeNull());
    expect(api.removeTag).toHaveBeenCalledWith(7, 'call back');
    expectShown(screen.getByText('strong cv'));
  });

  it('Add tag waits for the tags: a tag added before they have loaded would be lost', async () => {
    const api = tagServer(['call back']);
    let loaded = () => {};
    const gate = new Promise<void>((resolve) => (loaded = resolve));
    const listed = api.tags!;
    api.tags = vi.fn((id: number) => gate.then(() => listed(id)));
    renderInStaff(REVIEWER, <ApplicationTags id={7} />, api);
    const add = () => screen.getByRole('button', { name: 'Add tag' }) as HTMLButtonElement;
    expect(add().disabled).toBe(true);
    loaded();
    await screen.findByText('call back');
    expect(add().disabled).toBe(false);
  });

  it('a refused tag is said in our words beside the field, and the list stays as it was', async () => {
    const api = tagServer([]);
    renderInStaff(REVIEWER, <ApplicationTags id={7} />, api);
    await screen.findByText('No tags yet.');
    await userEvent.type(screen.getByLabelText('Add a tag'), 'no_underscores!');
    await userEvent.click(screen.getByRole('button', { name: 'Add tag' }));
    expect((await screen.findAllByText(STAFF_MESSAGES.tagInvalid)).length).toBeGreaterThan(0);
    expectShown(screen.getByText('No tags yet.'));
    expect((screen.getByLabelText(/Add a tag/) as HTMLInputElement).value).toBe('no_underscores!');
  });
});
