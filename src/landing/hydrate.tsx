import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import type { CohortInfo } from '../../machines/rules/contract';
import { cohortLabels, type CohortFacts } from '../../machines/rules/landingCohort';
import { DEFAULT_CONTACT_EMAIL } from '../../machines/rules/pages';
import { LandingPage } from './LandingPage';

const root = document.getElementById('root')!;

/** The cohort the server filled the page with (server/landingPage.ts); hydrating with it keeps the same text. */
function writtenCohort(): CohortFacts | undefined {
  try {
    const facts = JSON.parse(root.dataset.cohort ?? '') as CohortFacts;
    return typeof facts.number === 'number' ? facts : undefined;
  } catch {
    return undefined;
  }
}

const facts = writtenCohort();
// The contact address the server wrote (SUPPORT_EMAIL); the `vite` dev server writes none.
const written = root.dataset.contact ?? '';
const contactEmail = written.includes('@') ? written : DEFAULT_CONTACT_EMAIL;
if (root.hasChildNodes() && facts) {
  // The build prerendered the page. Hydrating inside a transition lets React yield to the browser between
  // chunks, so hydration does not block the main thread in one long task (TBT on a slow phone).
  startTransition(() => {
    hydrateRoot(root, <LandingPage cohort={cohortLabels(facts)} contactEmail={contactEmail} />);
  });
} else {
  // `vite` dev server: nothing prerendered, so the cohort comes from the API (machines/rules/contract.ts
  // `paths.currentCohort`, written out: importing its values would add a kilobyte to every visit of `/`).
  void fetch('/api/v1/bootcamp/get-current')
    .then((response) => response.json() as Promise<{ data: CohortInfo[] }>)
    .then(({ data: [cohort] }) => {
      createRoot(root).render(
        <LandingPage
          contactEmail={contactEmail}
          cohort={cohortLabels({
            number: cohort.number,
            startDate: cohort.start_date,
            applicationDeadline: cohort.application_deadline,
          })}
        />,
      );
    });
}
