/**
 * Saved views on fake API calls (decision 060): the member's views as links with real addresses, the view shown
 * saved under a name (without its page), a name used again said to be replaced, one deleted, and a refused name in
 * our words with the list as it was.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { STAFF_MESSAGES as M } from '../../../machines/rules/staff/messages';
import { type SavedView } from '../../../machines/rules/staff/savedViews';
import { type StaffQueueQuery } from '../../../machines/rules/staff/queue';
import { StaffApiError, type StaffApi } from '../../../src/staff/api';
import { SavedViews } from '../../../src/staff/SavedViews';
import { STAFF_REVIEWER as REVIEWER } from '../../support/staff';
import { renderInStaff } from './support';
import { expectShown } from '../support/shown';

/** A server that keeps one member's views as the API does: a name used again (any case) replaces its view. */
function viewServer(initial: SavedView[]) {
  let views = [...initial];
  let next = 100;
  const api: Partial<StaffApi> = {
    savedViews: vi.fn(() => Promise.resolve([...views])),
    saveView: vi.fn((name: string, query: string) => {
      const trimmed = name.trim();
      if (!trimmed || trimmed.length > 60)
        return Promise.reject(new StaffApiError(M.viewNameInvalid, 400, { name: [M.viewNameInvalid] }));
      const same = views.find((v) => v.name.toLowerCase() === trimmed.toLowerCase());
      const saved = { id: same?.id ?? next++, name: trimmed, query };
      views = [...views.filter((v) => v.id !== saved.id), saved].sort((a, b) => a.name.localeCompare(b.name));
      return Promise.resolve({ ...saved, replaced: Boolean(same) });
    }),
    deleteView: vi.fn((id: number) => {
      views = views.filter((v) => v.id !== id);
      return Promise.resolve({ id });
    }),
  };
  return api;
}

const QUERY: StaffQueueQuery = { cohort: '6', tag: 'call back', sort: 'name', cursor: 'page-2' };
const show = (api: Partial<StaffApi>, query = QUERY) =>
  renderInStaff(
    REVIEWER,
    <MemoryRouter initialEntries={['/staff']}>
      <SavedViews query={query} />
    </MemoryRouter>,
    api,
  );
const section = () => screen.getByRole('region', { name: 'Saved views:' });
/** The saved views' links (the error summary's links to its fields are not views). */
const viewLinks = () =>
  within(section())
    .getAllByRole('link')
    .filter((link) => link.getAttribute('href')?.startsWith('/staff?'));

describe('saved views above the queue', () => {
  it('lists the member’s views as links to their queue views; none yet says so', async () => {
    show(viewServer([{ id: 1, name: 'Lagos', query: 'cohort=6&country=Nigeria' }]));
    const link = await screen.findByRole('link', { name: 'Lagos' });
    expect(link.getAttribute('href')).toBe('/staff?cohort=6&country=Nigeria');

    show(viewServer([]));
    expectShown(await screen.findByText('none yet'));
  });

  it('Save and Delete wait for the list: a press before it has loaded would be lost', async () => {
    const api = viewServer([{ id: 1, name: 'Lagos', query: 'cohort=6' }]);
    let loaded = () => {};
    const gate = new Promise<void>((resolve) => (loaded = resolve));
    const listed = api.savedViews!;
    api.savedViews = vi.fn(() => gate.then(listed));
    show(api);
    const save = () => screen.getByRole('button', { name: 'Save this view' }) as HTMLButtonElement;
    expect(save().disabled).toBe(true);
    loaded();
    await screen.findByRole('link', { name: 'Lagos' });
    expect(save().disabled).toBe(false);
    await userEvent.type(screen.getByLabelText(/Name this view/), 'Mine');
    await userEvent.click(save());
    await within(section()).findByRole('link', { name: 'Mine' });
  });

  it('a list that did not load says so, and Try again loads it', async () => {
    const api = viewServer([{ id: 1, name: 'Lagos', query: 'cohort=6' }]);
    const listed = api.savedViews!;
    api.savedViews = vi
      .fn<StaffApi['savedViews']>()
      .mockRejectedValueOnce(new StaffApiError(M.unreachable, 0))
      .mockImplementation(listed);
    show(api);
    expect((await screen.findByRole('alert')).textContent).toBe(M.unreachable);
    expect(screen.queryByText('none yet')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expectShown(await screen.findByRole('link', { name: 'Lagos' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('saves the view shown, without its page, and its link appears; the form clears', async () => {
    const api = viewServer([]);
    show(api);
    await screen.findByText('none yet');
    await userEvent.click(screen.getByText('Save or delete views'));
    await userEvent.type(screen.getByLabelText(/Name this view/), ' Call backs ');
    await userEvent.click(screen.getByRole('button', { name: 'Save this view' }));
    const link = await within(section()).findByRole('link', { name: 'Call backs' });
    expect(link.getAttribute('href')).toBe('/staff?cohort=6&sort=name&tag=call+back');
    expect(api.saveView).toHaveBeenCalledWith(' Call backs ', 'cohort=6&sort=name&tag=call+back');
    expectShown(screen.getByText(M.viewSaved));
    expect((screen.getByLabelText(/Name this view/) as HTMLInputElement).value).toBe('');
  });

  it('a name used already is given this view, and the notice says its old view is replaced', async () => {
    show(viewServer([{ id: 1, name: 'Mine', query: 'cohort=6&stage=submitted' }]));
    await screen.findByRole('link', { name: 'Mine' });
    await userEvent.type(screen.getByLabelText(/Name this view/), 'mine');
    await userEvent.click(screen.getByRole('button', { name: 'Save this view' }));
    expectShown(await screen.findByText(M.viewReplaced('mine')));
    expect(viewLinks().map((l) => [l.textContent, l.getAttribute('href')])).toEqual([
      ['mine', '/staff?cohort=6&sort=name&tag=call+back'],
    ]);
  });

  it('deletes one of the views', async () => {
    const api = viewServer([
      { id: 1, name: 'Lagos', query: 'cohort=6&country=Nigeria' },
      { id: 2, name: 'Mine', query: 'cohort=6' },
    ]);
    show(api);
    await screen.findByRole('link', { name: 'Lagos' });
    await userEvent.click(screen.getByRole('button', { name: 'Delete the saved view Lagos' }));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Lagos' })).toBeNull());
    expect(api.deleteView).toHaveBeenCalledWith(1);
    expectShown(screen.getByText(M.viewDeleted));
    expectShown(screen.getByRole('link', { name: 'Mine' }));
  });

  it('a refused name is said in our words, the name stays to be fixed and the views are as they were', async () => {
    const api = viewServer([{ id: 1, name: 'Lagos', query: 'cohort=6' }]);
    show(api);
    await screen.findByRole('link', { name: 'Lagos' });
    await userEvent.type(screen.getByLabelText(/Name this view/), '   ');
    await userEvent.click(screen.getByRole('button', { name: 'Save this view' }));
    expect((await screen.findAllByText(M.viewNameInvalid)).length).toBeGreaterThan(0);
    expect(viewLinks().map((l) => l.textContent)).toEqual(['Lagos']);
    expect((screen.getByLabelText(/Name this view/) as HTMLInputElement).value).toBe('   ');
  });
});
