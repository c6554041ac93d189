import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { fromPromise } from 'xstate';
import { AID_TITLE, DONE_PATH, financialAidMachine } from '../../machines/financialAid.machine';
import { isAppPage } from '../../machines/pages';
import { MESSAGES, type MiscPayload } from '../../machines/rules';
import { OPTION_FINANCIAL_AID } from '../../machines/rules/payments';
import { ApiError, type ApiClient } from '../api/client';
import { FinancialAidShell } from './FinancialAidShell';
import { NotFoundPage } from '../components/NotFoundScreen';
import { setPageTitle } from '../components/ErrorSummary';
import { loadPersisted } from '../app/persistence';

export function provideFinancialAid(api: ApiClient) {
  return financialAidMachine.provide({
    actors: {
      lookupApplication: fromPromise(({ input }) => api.lookup(input.email)),
      sendCode: fromPromise(({ input }) => api.resendCode(input.email)),
      verifyCode: fromPromise(({ input }) => api.verifyEmail(input.email, input.token)),
      submitFinancialAid: fromPromise(async ({ input }) => {
        const payload: MiscPayload = {
          email: input.email,
          misc: { column_name: 'Financial Info', payment_option: OPTION_FINANCIAL_AID, data: input.data },
        };
        // The client's fallback for misc speaks of payment choices; a failure here is a financial-aid failure.
        await api.saveMisc(payload).catch((error: unknown) => {
          throw error instanceof ApiError && error.status > 0
            ? error
            : new Error(MESSAGES.financialAidSubmitFailed);
        });
      }),
    },
  });
}

/** /financial-aid-application: its own flow; the URL follows its machine's `meta.path`. */
export function FinancialAidApp({ api }: { api: ApiClient }) {
  const logic = useMemo(() => provideFinancialAid(api), [api]);
  const actor = useActorRef(logic, { input: { email: loadPersisted().form?.email ?? '' } });
  const meta = useSelector(actor, (s) =>
    (Object.values(s.getMeta()) as ({ path?: string; title?: string } | undefined)[]).find((m) => m?.path),
  );
  const path = meta?.path ?? null;
  const title = meta?.title;
  const done = useSelector(actor, (s) => s.status === 'done');
  const location = useLocation();
  const navigate = useNavigate();

  // A path under /financial-aid-application that none of its screens has is not found (the server says 404 too).
  const known = isAppPage(location.pathname);

  useEffect(() => {
    // The end of the flow: the confirmation page's payment options, under a dialog saying the aid application is in.
    if (done) navigate(DONE_PATH, { state: { financialAid: true } });
    else if (known && path && path !== location.pathname) navigate(path, { replace: true });
  }, [done, known, path, location.pathname, navigate]);

  useEffect(() => {
    // Not the app shell's 'application form' title: this is the financial-aid flow, screen by screen.
    if (title) setPageTitle(`${title} – ${AID_TITLE}`);
  }, [title]);

  if (!known) return <NotFoundPage />;
  return <FinancialAidShell actor={actor} />;
}
