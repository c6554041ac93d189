/**
 * Programme facts and the short card copy of the landing page. The cohort's number and dates are the live
 * cohort's (machines/rules/landingCohort.ts), never written here; the key information cards' words are an admin's
 * (machines/rules/landingWords.ts).
 */
import {
  BUILT_LANDING_WORDS,
  withCohort,
  type KeyInfoCard,
  type LandingWords,
} from '../../machines/rules/landingWords';
import { PRIVACY_PATH } from '../../machines/rules/privacy';
import type { CohortLabels } from '../../machines/rules/landingCohort';

export interface Card {
  title: string;
  body: string;
}

/** 'The bootcamp is for you if you are': four cards. */
export const audience: readonly Card[] = [
  {
    title: 'A Beginner',
    body: 'A recent graduate with little or no work experience who wants a first real job, not just another internship.',
  },
  {
    title: 'Unemployed',
    body: 'Out of work and needing a job within 12 weeks. We work to your deadline with a plan, practice and introductions.',
  },
  {
    title: 'Confused About Your Next Move',
    body: 'Employed but unhappy or stagnant, or unsure which path fits you. Get clarity before you make the jump.',
  },
  {
    title: 'Global Citizen',
    body: 'A young African living abroad who wants to build a career where you are, or work remotely for teams anywhere.',
  },
];

export type { KeyInfoCard as KeyInfo } from '../../machines/rules/landingWords';

/**
 * Key Information (section id `gant`) as the page shows it: the four cards' published words (decision 246; the build's
 * are machines/rules/landingWords.ts `BUILT_LANDING_WORDS`) with the cohort open now in place of its tokens.
 */
export const keyInformation = (
  cohort: CohortLabels,
  words: LandingWords = BUILT_LANDING_WORDS,
): readonly KeyInfoCard[] =>
  words.cards.map((card) => ({
    title: withCohort(card.title, cohort),
    lead: withCohort(card.lead, cohort),
    details: card.details.map((detail) => withCohort(detail, cohort)),
  }));

/** 'Why you should apply' (section id `services`): four cards. */
export const reasons: readonly Card[] = [
  {
    title: 'Clarity',
    body: 'Know your strengths, the roles that fit them and the story that makes employers listen.',
  },
  {
    title: 'Hands-on challenges',
    body: 'Weekly challenges on your own and in teams, built from the tasks real employers set.',
  },
  {
    title: 'Certification',
    body: 'A shareable, verifiable digital badge for every challenge, a completion certificate and a private page for your credentials.',
  },
  {
    title: 'Opportunities',
    body: 'Meet recruiters, leaders, mentors and coaches, and join a graduate career network when you finish.',
  },
];

/** The intro video and its poster; both can point elsewhere through Vite env variables at build time. */
export const media = {
  introVideo: import.meta.env.VITE_INTRO_VIDEO_URL || '/media/intro.mp4',
  introPoster: import.meta.env.VITE_INTRO_POSTER_URL || '/media/intro-poster.svg',
} as const;

export const designLead = {
  name: 'Ifeoma Chukwu',
  role: 'Programme Design Lead',
  welcome: [
    'Welcome! I designed this bootcamp for the graduate who has sent a hundred applications and heard nothing back.',
    'For 12 weeks you will work live with facilitators and with your cohort: you will find out who you are, build the persona employers hire, and practise telling your story until it lands. Then we put you in front of the people who hire.',
  ],
} as const;

/** The phone line; the contact address is configuration (SUPPORT_EMAIL, written into the page by the server). */
export const contact = {
  phone: '+234 800 123 4567',
  phoneHref: '+2348001234567',
} as const;

export interface SocialLink {
  network: 'LinkedIn' | 'Instagram' | 'X';
  url: string;
}

export const socialLinks: readonly SocialLink[] = [
  { network: 'LinkedIn', url: 'https://www.linkedin.com/company/the-employment-bootcamp' },
  { network: 'Instagram', url: 'https://www.instagram.com/theemploymentbootcamp' },
  { network: 'X', url: 'https://x.com/employbootcamp' },
];

export const footerLinks = {
  shop: 'https://shop.theemploymentbootcamp.org',
  // The notice in the product (machines/rules/privacy.ts), not an outside page.
  privacy: PRIVACY_PATH,
  terms: 'https://theemploymentbootcamp.org/terms-of-service',
  founder: { label: 'Meet our founder', url: 'https://funmilayoadeyemi.com' },
} as const;
