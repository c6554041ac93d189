import { STAFF_MESSAGES } from '../../machines/rules/staff/messages';
import { Brand } from '../components/Brand';
import { SiteHeader } from '../components/SiteHeader';
import { FORM_TITLE } from './ApplicationShell';
import { Opening } from './Opening';

/**
 * What an address opened cold paints from its first response (scripts/prerender.ts), before the app has come and
 * knows which screen this person may see: the header and frame of the page, and words that claim nothing more than
 * that the page is opening. Someone without an application is taken to Get Started once the app runs, so no step's
 * heading is shown here (docs/decisions/085-apply-prerendered.md). The selection video's page
 * also shows the video's poster (decision 224).
 */
export function OpeningShell({ staff, poster }: { staff: boolean; poster?: string }) {
  if (staff)
    return (
      <>
        <header className="shell__header">
          <Brand href="/staff" name="Bootcamp staff" />
        </header>
        <main id="main" className="shell">
          <h1 className="opening">{STAFF_MESSAGES.opening}</h1>
        </main>
      </>
    );
  return (
    <>
      <SiteHeader />
      <main id="main" className="shell">
        <p className="shell__title">{FORM_TITLE}</p>
        <Opening poster={poster} />
      </main>
    </>
  );
}
