/** The staff app on fake API calls: the session's two calls every screen makes, and the app rendered at a path. */
import { render, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { expect, vi } from 'vitest';
import { STAFF_MESSAGES } from '../../../machines/rules/staff/messages';
import type { StaffMe } from '../../../machines/staffSession.machine';
import { StaffApiError, type StaffApi } from '../../../src/staff/api';
import { StaffApp } from '../../../src/staff/StaffApp';
import { StaffContext } from '../../../src/staff/StaffContext';

/** A staff API signed in as `me` (signed out when null) that answers the calls given (fakes, loosely typed). */
export function fakeStaffApi<Calls extends object>(me: StaffMe | null, calls: Calls) {
  const api = {
    onSessionLost: () => () => {},
    me: vi.fn(() =>
      me ? Promise.resolve(me) : Promise.reject(new StaffApiError(STAFF_MESSAGES.needSignIn, 401)),
    ),
    ...calls,
  };
  return api as typeof api & StaffApi;
}

/** The whole staff app at `path`; `beside` renders next to it inside the router. */
export const renderStaffAt = (path: string, api: StaffApi, beside?: ReactNode) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route
          path="/staff/*"
          element={
            <>
              <StaffApp api={api} />
              {beside}
            </>
          }
        />
      </Routes>
    </MemoryRouter>,
  );

/** A staff member at `path` of the staff app on `api`, with a user to click and type. */
export function staffAt<Api extends StaffApi>(path: string, api: Api) {
  const user = userEvent.setup();
  return { user, api, ...renderStaffAt(path, api) };
}

/** One staff panel on its own, inside the context the staff app gives it. */
export const renderInStaff = (me: StaffMe, ui: ReactNode, api: Partial<StaffApi> = {}) =>
  render(<StaffContext.Provider value={{ api: api as StaffApi, me }}>{ui}</StaffContext.Provider>);

/** Waits until the screen's last call of `call` was made with these arguments (a query, a filter). */
export const untilLastCalledWith = (call: (...args: never[]) => unknown, ...args: unknown[]) =>
  waitFor(() => expect(call).toHaveBeenLastCalledWith(...args));
