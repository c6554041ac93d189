import { createContext, useContext, useMemo } from 'react';
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
