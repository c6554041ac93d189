import { Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import type { ApiClient } from './api/client';
import { ApplicationShell } from './app/ApplicationShell';
import { preloadable } from './app/preloadable';
import { readConfig } from './config';
import { INSTALMENT_TEST_PATH } from '../machines/rules/pages';
import { NotFoundPage } from './screens/NotFoundScreen';

const FinancialAidApp = preloadable(() => import('./app/FinancialAidApp').then((m) => m.FinancialAidApp));
const KlumpTestScreen = preloadable(() => import('./screens/KlumpTestScreen').then((m) => m.KlumpTestScreen));
const loadCheckout = () =>
  import('./payment/instalmentCheckout').then((m) => m.createInstalmentCheckout(readConfig()));

export function App({ api }: { api: ApiClient }) {
  return (
    <Suspense fallback={<p className="loading">Loading…</p>}>
      <Routes>
        <Route path="/apply/*" element={<ApplicationShell />} />
        <Route path="/failed" element={<ApplicationShell />} />
        <Route path="/financial-aid-application/*" element={<FinancialAidApp api={api} />} />
        <Route
          path={INSTALMENT_TEST_PATH}
          element={
            <main className="shell" id="main">
              <KlumpTestScreen
                pay={() =>
                  loadCheckout().then((pay) => pay({ email: 'test@example.com', option: 'instalments' }))
                }
              />
            </main>
          }
        />
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </Suspense>
  );
}
