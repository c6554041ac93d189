import { useEffect } from 'react';
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

/** What the lines written into index.html hold until React answers (scripts/prerender.ts). */
interface HeldTaps {
  held: HTMLButtonElement[];
  stop: () => void;
}

/**
 * Replays the taps on the page's buttons made before hydration (the lines written into the page held them and
 * marked each busy): React keeps the prerendered elements, so clicking them again now reaches their handlers.
 */
function replayHeldTaps(): void {
  const page = (window as { tebcEarly?: HeldTaps }).tebcEarly;
  if (!page) return;
  page.stop();
  const taps = page.held.splice(0);
  for (const button of taps) button.removeAttribute('aria-busy');
  for (const button of taps) button.click();
}

/** The prerendered page, hydrated: its effect runs once the whole tree answers. */
function HydratedLanding(props: Parameters<typeof LandingPage>[0]) {
  useEffect(replayHeldTaps, []);
  return <LandingPage {...props} />;
}

const facts = writtenCohort();
// The contact address the server wrote (SUPPORT_EMAIL); the `vite` dev server writes none.
const written = root.dataset.contact ?? '';
const contactEmail = written.includes('@') ? written : DEFAULT_CONTACT_EMAIL;
if (root.hasChildNodes() && facts) {
  // The build prerendered the page. Preact hydrates it in one go (a transition would not split the work: decision 202).
  hydrateRoot(root, <HydratedLanding cohort={cohortLabels(facts)} contactEmail={contactEmail} />);
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
