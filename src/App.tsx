import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import type { ApiClient } from './api/client';
import { ApplicationShell } from './app/ApplicationShell';
import { readConfig } from './config';
import { NotFoundPage } from './screens/NotFoundScreen';

const FinancialAidApp = lazy(() =>
  import('./app/FinancialAidApp').then((m) => ({ default: m.FinancialAidApp })),
);
const KlumpTestScreen = lazy(() =>
  import('./screens/KlumpTestScreen').then((m) => ({ default: m.KlumpTestScreen })),
);
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
          path="/test/klump-payment"
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
