/** The hero's rotating headline and sub-headline pairs: seven pairs, 6 s each, looping. */
import type { CohortLabels } from '../../machines/rules/landingCohort';

export interface HeroPair {
  headline: string;
  subheadline: string;
}

export const HERO_ROTATION_MS = 6000;

/** The pairs, the last one about the cohort open now. */
export const heroPairs = (cohort: CohortLabels): readonly HeroPair[] => [
  {
    headline: 'Get a decent job in 12 weeks with THE EMPLOYMENT BOOTCAMP',
    subheadline:
      'A 12-week, 100% virtual and live career programme for work-ready graduates with 0 to 8 years of experience.',
  },
  {
    headline: 'Just graduated? THE EMPLOYMENT BOOTCAMP turns your degree into a job',
    subheadline: 'Learn what employers look for, build your persona and tell your story with confidence.',
  },
  {
    headline: 'Out of work? THE EMPLOYMENT BOOTCAMP gets you hired',
    subheadline: 'Hands-on challenges, coaches and recruiters who help you land a role within 12 weeks.',
  },
  {
    headline: 'Unsure of your next move? THE EMPLOYMENT BOOTCAMP gives you clarity',
    subheadline:
      'Understand who you are, design your career and walk into interviews knowing where you are going.',
  },
  {
    headline: 'Stuck in a job you have outgrown? THE EMPLOYMENT BOOTCAMP opens doors',
    subheadline: 'Switch careers with a plan, a network of mentors and a panel of people who have done it.',
  },
  {
    headline: 'Living abroad? THE EMPLOYMENT BOOTCAMP is built for global citizens',
    subheadline:
      'Live sessions you can join from anywhere, and a Handshake week on thriving abroad and remote work.',
  },
  {
    headline: `Cohort ${cohort.number} of THE EMPLOYMENT BOOTCAMP starts ${cohort.start}`,
    subheadline: `Applications close ${cohort.deadline}. Apply now; if you miss this cohort you join the waitlist for the next.`,
  },
];
