/** Option lists of docs/product.md §3.3. Ordered lists run from the most positive answer to the least. */
export interface Option {
  value: string;
  label: string;
}

const asOptions = (labels: readonly string[]): Option[] => labels.map((label) => ({ value: label, label }));

export const GENDERS: Option[] = [
  { value: 'male', label: 'Male' },
  { value: 'female', label: 'Female' },
  { value: 'other', label: 'I prefer not to say' },
];

export const REFERRAL_FRIEND = 'It was recommended by a friend or a family member';
export const REFERRAL_ORGANISATION = 'Through an organisation';
export const REFERRAL_SOURCES: Option[] = asOptions([
  REFERRAL_FRIEND,
  'On social media',
  'Through email marketing',
  'At an event or from a team member',
  REFERRAL_ORGANISATION,
]);
/** Sources that name a person or an organisation, and so need the referral detail. */
export const REFERRAL_SOURCES_WITH_DETAIL: readonly string[] = [REFERRAL_FRIEND, REFERRAL_ORGANISATION];

export const NO_POST_SECONDARY = 'No post-secondary qualification';
export const HIGHEST_QUALIFICATIONS: Option[] = asOptions([
  'Vocational degree',
  'Ordinary/Higher National Diploma or Bachelors degree',
  'Post-graduate degree',
  NO_POST_SECONDARY,
]);

export const EDUCATION_FOCUS: Option[] = asOptions([
  'Applied Sciences',
  'Formal and Natural Sciences',
  'Social Sciences and Humanities',
  'Vocational',
]);

export const OPENNESS_TO_TOOLS: Option[] = asOptions([
  'I love trying new tools and pick them up quickly',
  'I am happy to learn a new tool when the work needs it',
  'I learn new tools only when I have no other choice',
  'I prefer to stick with the tools I already know',
]);

export const WORK_DISRUPTION_FEELINGS: Option[] = asOptions([
  'Excitement',
  'Determination',
  'Curiosity',
  'Anxiety',
]);

export const FEEDBACK_HANDLING: Option[] = asOptions([
  'I welcome it and act on it straight away',
  'I think it over, then act on what helps',
  'I find it hard, but I listen',
  'I usually disagree with it',
]);

export const APPROACH_TO_NEW_TASKS: Option[] = asOptions([
  'I dive in and work it out as I go',
  'I make a plan first, then start',
  'I wait for clear instructions before I start',
  'I put it off until I have to do it',
]);

export const EMPLOYMENT_UNEMPLOYED = 'I am unemployed and actively looking for a job';
export const EMPLOYMENT_EMPLOYED_LOOKING = 'I am employed but looking for another job';
export const EMPLOYMENT_FREELANCER = 'I am a freelancer/self-employed and looking for employment';
export const EMPLOYMENT_NYSC = 'I am currently serving (NYSC)';
export const EMPLOYMENT_STATUSES: Option[] = asOptions([
  EMPLOYMENT_UNEMPLOYED,
  EMPLOYMENT_EMPLOYED_LOOKING,
  EMPLOYMENT_FREELANCER,
  EMPLOYMENT_NYSC,
]);

export const UNEMPLOYMENT_DURATIONS: Option[] = asOptions([
  '1-6 months',
  '6-12 months',
  'More than one year',
]);

export const WORK_EXPERIENCE_YEARS: Option[] = asOptions([
  'None',
  'Between 1 and 4 years',
  'Between 4 and 8 years',
  'Over 8 years',
]);

/** Not listed by the spec (docs/decisions/002-option-lists-the-spec-only-sketches.md): when an employed applicant could leave their job. */
export const EXIT_TIMELINES: Option[] = asOptions([
  'Immediately',
  'Within 1 month',
  'Within 3 months',
  'More than 3 months',
]);

export const JOB_URGENCY = { min: 1, max: 10, step: 1 } as const;
export const jobUrgencyGuide = (value: number): string =>
  value <= 0
    ? 'Not set'
    : value <= 4
      ? 'Not really needed'
      : value <= 7
        ? 'I need a job'
        : 'I am desperate for a job';

/** The six eligibility questions in screen order, with the lists they are scored against. */
export const ELIGIBILITY_QUESTIONS = [
  {
    name: 'openness_to_tools',
    legend: 'How open are you to learning and using new digital tools?',
    options: OPENNESS_TO_TOOLS,
  },
  {
    name: 'work_disruption_feelings',
    legend: 'How do you feel when something new disrupts the way you work?',
    options: WORK_DISRUPTION_FEELINGS,
  },
  {
    name: 'feedback_handling',
    legend: 'How do you handle feedback on your work?',
    options: FEEDBACK_HANDLING,
  },
  {
    name: 'approach_to_new_tasks',
    legend: 'How do you approach a task you have never done before?',
    options: APPROACH_TO_NEW_TASKS,
  },
  { name: 'education_focus', legend: 'What was the focus of your education?', options: EDUCATION_FOCUS },
  {
    name: 'highest_qualification',
    legend: 'What is your highest qualification?',
    options: HIGHEST_QUALIFICATIONS,
  },
] as const;
