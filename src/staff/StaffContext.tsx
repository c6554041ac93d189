import { createContext, useContext, useLayoutEffect, useMemo, useRef } from 'react';
import { formatStaffDay, formatStaffTime } from '../../machines/rules/staffDates';
import type { StaffMe } from '../../machines/staffSession.machine';
import type { StaffApi } from './api';

export interface StaffEnv {
  api: StaffApi;
  me: StaffMe;
}

export const StaffContext = createContext<StaffEnv | null>(null);

export function useStaff(): StaffEnv {
  const env = useContext(StaffContext);
  if (!env) throw new Error('useStaff outside the staff app');
  return env;
}

/**
 * A staff page's heading: it takes focus when the page opens, so a screen reader announces the new page and the
 * keyboard starts from its top (a client-side route change moves no focus by itself).
 */
export function usePageHeading<T extends HTMLElement>(title: string) {
  const ref = useRef<T>(null);
  // In the commit that shows the page: a key pressed in that frame starts from its heading.
  useLayoutEffect(() => {
    document.title = `${title} – Staff – The Employment Bootcamp`;
    ref.current?.focus();
  }, [title]);
  return ref;
}

/** Dates written the programme's way (PROGRAMME_LOCALE, from the session; decision 157), never the browser's. */
export function useStaffDates() {
  const { locale } = useStaff().me;
  return useMemo(
    () => ({
      locale,
      day: (iso: string) => formatStaffDay(iso, locale),
      time: (iso: string) => formatStaffTime(iso, locale),
    }),
    [locale],
  );
}
