import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { currentScreen } from '../../machines/application.machine';
import { screenAt } from '../../machines/screens';
import { useApplication, useApplicationActor } from './ApplicationProvider';

/** A path of the screen table ('/apply/' is '/apply'). */
export const isMachinePath = (path: string) => screenAt(path) !== undefined;

/**
 * The URL follows the machine, and the machine hears every URL change. A URL the person asked for (a link,
 * back/forward, a typed address, a reload) becomes NAVIGATE and the machine's guards answer it; if they answer with
 * another screen, that screen's path replaces the asked-for one in the history. A move the machine makes by itself
 * (after a save) is pushed, so the browser's Back button walks the steps.
 */
export function useRouteSync(): void {
  const actor = useApplicationActor();
  const location = useLocation();
  const navigate = useNavigate();
  const machinePath = useApplication((s) => currentScreen(s)?.path ?? null);
  const lastSeenUrl = useRef<string | null>(null);

  useEffect(() => {
    const here = location.pathname;
    if (lastSeenUrl.current !== here) {
      lastSeenUrl.current = here;
      if (!isMachinePath(here)) return;
      const before = currentScreen(actor.getSnapshot())?.path;
      if (here !== before) actor.send({ type: 'NAVIGATE', path: here });
      const after = currentScreen(actor.getSnapshot())?.path;
      if (after && after !== here) navigate({ pathname: after, search: location.search }, { replace: true });
      return;
    }
    if (machinePath && machinePath !== here) navigate(machinePath);
  }, [actor, location.pathname, location.search, machinePath, navigate]);
}
