import { Suspense } from 'react';
import { Route, Routes, useLocation } from 'react-router-dom';
import type { ApiClient } from './api/client';
import { ApplicationShell } from './app/ApplicationShell';
import { OpeningShell } from './app/OpeningShell';
import { loadChunk } from './app/chunks';
import { preloadable } from './app/preloadable';
import { readConfig } from './config';
import { INSTALMENT_TEST_PATH, isStaffPage, STAFF_PAGE, WAITLIST_PATH } from '../machines/rules/pages';
import { NotFoundPage } from './components/NotFoundScreen';
import { YOUR_DATA_PATH } from '../machines/rules/privacy';
import { INTERVIEW_PAGE } from '../machines/rules/interview';

const FinancialAidApp = preloadable(() =>
  import('./financial-aid/FinancialAidApp').then((m) => m.FinancialAidApp),
);
// Lazy: only someone who chose 'not ready to pay' (or follows the link in an email) opens it.
const WaitlistPage = preloadable(() => import('./wizard/WaitlistScreen').then((m) => m.WaitlistPage));
const InstalmentProviderTestScreen = preloadable(() =>
  import('./after-submission/InstalmentProviderTestScreen').then((m) => m.InstalmentProviderTestScreen),
);
// The staff back office: its own lazy chunk, so nothing of it loads for applicants.
const StaffApp = preloadable(() => import('./staff/StaffApp').then((m) => m.StaffApp));
// "Your data": download or erase, after the emailed code (lazy: few visitors open it).
const YourDataPage = preloadable(() => import('./privacy/YourDataPage').then((m) => m.YourDataPage));
// The interview invitation's link: its own small page, signed in by the emailed code.
const InterviewPage = preloadable(() =>
  import('./after-submission/InterviewPage').then((m) => m.InterviewPage),
);
const loadCheckout = () => loadChunk(() => import('./after-submission/instalmentCheckout'));

/**
 * While a page's own chunk comes (the back office, financial aid, the small pages), the page stays as its HTML
 * painted it: the frame and "Opening…". A bare "Loading…" in its place collapsed the page for a frame and then
 * pushed it back, a layout shift of 0.021 on financial aid opened cold
 * (docs/performance.md (former decision 210)).
 */
function OpeningWhileLoading() {
  const { pathname } = useLocation();
  return <OpeningShell staff={isStaffPage(pathname)} />;
}

export function App({ api }: { api: ApiClient }) {
  return (
    <Suspense fallback={<OpeningWhileLoading />}>
      <Routes>
        <Route path={WAITLIST_PATH} element={<WaitlistPage />} />
        <Route path={YOUR_DATA_PATH} element={<YourDataPage />} />
        <Route path={INTERVIEW_PAGE} element={<InterviewPage />} />
        <Route path="/apply/*" element={<ApplicationShell />} />
        <Route path={`${STAFF_PAGE}/*`} element={<StaffApp />} />
        <Route path="/failed" element={<ApplicationShell />} />
        <Route path="/financial-aid-application/*" element={<FinancialAidApp api={api} />} />
        <Route
          path={INSTALMENT_TEST_PATH}
          element={
            <main className="shell" id="main">
              <InstalmentProviderTestScreen
                pay={(order) => {
                  const config = readConfig();
                  return loadCheckout().then((m) =>
                    m.openCheckout(config, { order, sandbox: !config.paymentPublicKey }),
                  );
                }}
              />
            </main>
          }
        />
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </Suspense>
  );
}
