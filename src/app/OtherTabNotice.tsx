import { Suspense } from 'react';
import { useStale } from './otherTabs';
import { preloadable } from './preloadable';

// The dialog (and its library) loads only in the tab that needs it.
const OtherTabDialog = preloadable(() => import('./OtherTabDialog').then((m) => m.OtherTabDialog));

export function OtherTabNotice() {
  const stale = useStale();
  return stale ? (
    <Suspense>
      <OtherTabDialog />
    </Suspense>
  ) : null;
}
