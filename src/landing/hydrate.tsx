import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import type { CohortInfo } from '../../machines/rules/contract';
import { cohortLabels, type CohortFacts, type CohortLabels } from '../../machines/rules/landingCohort';
import {
  BUILT_LANDING_WORDS,
  writtenLandingWords,
  type LandingWords,
} from '../../machines/rules/landingWords';
import { DEFAULT_CONTACT_EMAIL } from '../../machines/rules/pages';
import { EAGER_ISLANDS, islandParts } from './islandParts';
import type { IslandName } from './islands';
import { CohortContext } from './useCohort';
import { LandingWordsContext } from './useLandingWords';
import { Committed } from '../components/Committed';

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

/** What the lines written into index.html hold until the part a tap was on answers (scripts/prerender.ts). */
interface HeldTaps {
  held: HTMLButtonElement[];
  stop: () => void;
}

const heldTaps = (): HeldTaps | undefined => (window as { tebcEarly?: HeldTaps }).tebcEarly;

/**
 * Marks `island` live, so that the page's lines no longer hold taps in it, and replays the taps made in it before
 * (the lines marked each busy): hydration keeps the prerendered elements, so clicking them again reaches their
 * handlers now.
 */
function replayHeldTaps(island: HTMLElement): void {
  island.dataset.live = '';
  const page = heldTaps();
  if (!page) return;
  const taps: HTMLButtonElement[] = [];
  const elsewhere: HTMLButtonElement[] = [];
  for (const button of page.held) (island.contains(button) ? taps : elsewhere).push(button);
  // The same array: the page's lines keep pushing to it.
  page.held.splice(0, page.held.length, ...elsewhere);
  for (const button of taps) button.removeAttribute('aria-busy');
  for (const button of taps) button.click();
}

/**
 * Each island in a task of its own, so no single task holds the phone for the whole page: the header and the hero
 * now, every other island once it is within a screen of the viewport (decision 018). Each is hydrated in a
 * transition, which React does in slices, yielding to the browser between them.
 */
function hydrateIslands(cohort: CohortLabels, words: LandingWords): void {
  const elements = [...root.querySelectorAll<HTMLElement>('[data-island]')];
  let waiting = elements.length;
  const hydrate = (element: HTMLElement) =>
    setTimeout(() => {
      let once = false;
      const hydrated = () => {
        if (once) return;
        once = true;
        replayHeldTaps(element);
        if (--waiting === 0) heldTaps()?.stop();
      };
      islandParts[element.dataset.island as IslandName]().then(
        (Part) =>
          startTransition(() => {
            hydrateRoot(
              element,
              <>
                <CohortContext value={cohort}>
                  <LandingWordsContext value={words}>
                    <Part />
                  </LandingWordsContext>
                </CohortContext>
                {/* Once the island is hydrated, its handlers are on its elements. */}
                <Committed onCommit={hydrated} />
              </>,
            );
          }),
        // Its code did not come (offline, a new build): the island stays the server's HTML, which scrolls and
        // links without it, and a tap held in it is let go rather than left busy.
        hydrated,
      );
    });
  const eager = (element: HTMLElement) => EAGER_ISLANDS.includes(element.dataset.island as IslandName);
  for (const element of elements.filter(eager)) hydrate(element);
  const later = elements.filter((element) => !eager(element));
  if (typeof IntersectionObserver === 'undefined') {
    for (const element of later) hydrate(element);
    return;
  }
  // An island makes no box (display: contents), so its section is what comes near the screen.
  const islandOf = new Map(later.map((element) => [element.firstElementChild ?? element, element]));
  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        const element = islandOf.get(entry.target);
        if (!entry.isIntersecting || !element) continue;
        observer.unobserve(entry.target);
        hydrate(element);
      }
    },
    { rootMargin: '100% 0px' },
  );
  for (const target of islandOf.keys()) observer.observe(target);
}

const facts = writtenCohort();
// The contact address the server wrote (SUPPORT_EMAIL); the `vite` dev server writes none.
const written = root.dataset.contact ?? '';
const contactEmail = written.includes('@') ? written : DEFAULT_CONTACT_EMAIL;
if (root.hasChildNodes() && facts) {
  // The build prerendered the page: its islands are hydrated one by one, the rest stays the server's HTML.
  // The published words the server rendered, written beside the cohort when they are not the build's (decision 246).
  hydrateIslands(cohortLabels(facts), writtenLandingWords(root.dataset.words) ?? BUILT_LANDING_WORDS);
} else if (import.meta.env.DEV) {
  // `vite` dev server: nothing prerendered, so the cohort comes from the API (machines/rules/contract.ts
  // `paths.currentCohort`, written out: importing its values would add a kilobyte to every visit of `/`). The whole
  // page is imported in development only: in the build, each island's code is its own (src/landing/islandParts.ts).
  void Promise.all([
    fetch('/api/v1/bootcamp/get-current').then(
      (response) => response.json() as Promise<{ data: CohortInfo[] }>,
    ),
    import('./LandingPage'),
    import('../../machines/rules/payments'),
  ]).then(
    ([
      {
        data: [cohort],
      },
      { LandingPage },
      { feeFacts },
    ]) => {
      createRoot(root).render(
        <LandingPage
          contactEmail={contactEmail}
          cohort={cohortLabels({
            number: cohort.number,
            startDate: cohort.start_date,
            applicationDeadline: cohort.application_deadline,
            fees: feeFacts(cohort.fees),
          })}
        />,
      );
    },
  );
}
