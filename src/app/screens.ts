/**
 * The screens the shell shows, one line for each key of the screen table (machines/screens.ts): a screen missing
 * here is a type error. The shell picks a row's screen from here and fetches ahead the rows marked `prefetch`
 * (src/app/ApplicationShell.tsx), so it names no step. One line per screen, because the bundler splits a chunk
 * only at an `import()` written out.
 */
import type { ComponentType } from 'react';
import type { ScreenKey } from '../../machines/screens';
import { GetStartedScreen } from '../wizard/GetStartedScreen';
import { preloadable } from './preloadable';

/** A screen the shell can show: loaded on demand and fetched ahead (`preload`), or in the first chunk. */
export type ShellScreen = ComponentType & { preload?: () => unknown };

// Get Started is in the first chunk; every other screen is loaded on demand, and fetched ahead once the browser is
// idle so that the next step is there when Save and continue is pressed.
export const SCREENS: Readonly<Record<ScreenKey, ShellScreen>> = {
  GetStarted: GetStartedScreen,
  Biodata: preloadable(() => import('../wizard/BiodataScreen').then((m) => m.BiodataScreen)),
  Communications: preloadable(() =>
    import('../wizard/CommunicationsScreen').then((m) => m.CommunicationsScreen),
  ),
  VerifyEmail: preloadable(() => import('../wizard/VerifyEmailScreen').then((m) => m.VerifyEmailScreen)),
  Eligibility: preloadable(() => import('../wizard/EligibilityScreen').then((m) => m.EligibilityScreen)),
  Employment: preloadable(() => import('../wizard/EmploymentScreen').then((m) => m.EmploymentScreen)),
  Other: preloadable(() => import('../wizard/OtherScreen').then((m) => m.OtherScreen)),
  Success: preloadable(() => import('../after-submission/SuccessScreen').then((m) => m.SuccessScreen)),
  SelectionVideo: preloadable(() =>
    import('../after-submission/postSubmissionRoutes').then((m) => m.SelectionVideoRoute),
  ),
  Confirmation: preloadable(() =>
    import('../after-submission/postSubmissionRoutes').then((m) => m.ConfirmationRoute),
  ),
  Failed: preloadable(() => import('../after-submission/FailedRoute').then((m) => m.FailedRoute)),
};
