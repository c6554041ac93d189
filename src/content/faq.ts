/** Frequently asked questions (section id `faq`): fourteen entries on the programme's facts. */
import { FINANCIAL_AID_MAX_DISCOUNT } from '../../machines/rules/payments';
import type { CohortLabels } from '../../machines/rules/landingCohort';

export interface FaqEntry {
  question: string;
  answer: string;
}

/** The questions, one of them about the cohort open now. */
export const faq = (cohort: CohortLabels): readonly FaqEntry[] => [
  {
    question: 'What is The Employment Bootcamp?',
    answer:
      'A 12-week, 100% virtual, live career programme run by an early-career accelerator that connects work-ready graduates to decent jobs. It is not self-paced: you learn in live sessions with facilitators and your cohort.',
  },
  {
    question: 'Who can apply?',
    answer:
      'Post-secondary graduates with 0 to 8 years of work experience (internships count), who need a job within 12 weeks and have an internet-enabled device.',
  },
  {
    question: 'When does the next cohort start?',
    answer: `Cohort ${cohort.number} starts on ${cohort.start}, with a 5-day onboarding for everyone selected. Applications close on ${cohort.deadline}.`,
  },
  {
    question: 'What happens if I miss the deadline for a cohort?',
    answer: 'You are put on the waitlist for the next cohort automatically; you do not need to apply again.',
  },
  {
    question: 'How is the programme organised?',
    answer:
      'One week of onboarding, eight weeks of a complete learning game in eight levels, one Handshake week of panel sessions (Creating Opportunities, Thriving Abroad, Switching Careers, Remote Work), then graduation.',
  },
  {
    question: 'How much does it cost?',
    answer: `The commitment fee is ${cohort.fee}, paid once you are selected. ${cohort.full}.`,
  },
  {
    question: 'Can I pay in instalments?',
    answer: `${cohort.instalments} through our instalment partner, with no extra fee. Applicants outside Nigeria pay in full.`,
  },
  {
    question: 'Are there scholarships or financial aid?',
    answer: `A limited number of scholarships exist for each cohort. You can also apply for financial aid of up to ${FINANCIAL_AID_MAX_DISCOUNT * 100}% off the fee; places are limited and aid is not guaranteed.`,
  },
  {
    question: 'I applied through a partner organisation. Do I get a discount?',
    answer: 'Partner applicants get the discounts agreed with their organisation.',
  },
  {
    question: 'What do I need to take part?',
    answer:
      'Good English, a smart device, internet access and time: the sessions are live, so plan to attend them.',
  },
  {
    question: 'What happens after I submit my application?',
    answer:
      'You watch a short welcome video with a few questions in it. Once you are accepted you see your confirmation with the payment options.',
  },
  {
    question: 'What do I get at the end?',
    answer:
      'A shareable, verifiable digital badge for each challenge, a completion certificate and a private page for your credentials.',
  },
  {
    question: 'Will I meet employers?',
    answer:
      'Yes. Recruiters are available throughout the programme, and the Handshake week and graduate career network put you in front of leaders, mentors and coaches.',
  },
  {
    question: 'Is there a community?',
    answer:
      'Every cohort shares a chat community for questions, team challenges and support, and graduates join the graduate career network.',
  },
];
