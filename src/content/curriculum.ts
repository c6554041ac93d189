/** 'Here's what awaits you': the programme's phases (the icon strip) and its eight levels (docs/product.md §3.4, §9). */
export interface Phase {
  id: 'onboarding' | 'learning' | 'handshake' | 'graduation';
  title: string;
  duration: string;
  body: string;
}

export const phases: readonly Phase[] = [
  {
    id: 'onboarding',
    title: 'Onboarding',
    duration: '1 week',
    body: 'Meet your cohort, your facilitators and the tools you will use.',
  },
  {
    id: 'learning',
    title: 'The learning game',
    duration: '8 weeks',
    body: 'Eight levels of live sessions and hands-on challenges.',
  },
  {
    id: 'handshake',
    title: 'Handshake',
    duration: '1 week',
    body: 'Panels on Creating Opportunities, Thriving Abroad, Switching Careers and Remote Work.',
  },
  {
    id: 'graduation',
    title: 'Graduation',
    duration: 'Wrap up',
    body: 'A briefing with the Program Director, a commencement event and the graduate career network.',
  },
];

export interface Level {
  number: number;
  title: string;
  description: string;
}

export const levels: readonly Level[] = [
  {
    number: 1,
    title: 'Understand Who You Are',
    description: 'Map your strengths, values and working style, so the jobs you chase are jobs you can win.',
  },
  {
    number: 2,
    title: 'Build Your Persona',
    description:
      'Shape the professional you: your CV, your LinkedIn profile and the first impression you leave.',
  },
  {
    number: 3,
    title: 'Design Your Career',
    description:
      'Choose target roles and industries, and plan the steps from where you are to where you want to be.',
  },
  {
    number: 4,
    title: 'Craft Your Story',
    description:
      'Turn your experience, internships included, into stories that answer the questions employers ask.',
  },
  {
    number: 5,
    title: 'Scout The Terrain',
    description:
      'Research employers, find the hidden job market and reach the people who make hiring decisions.',
  },
  {
    number: 6,
    title: 'Rise To The Challenge',
    description:
      'Take on assessments, case studies and team tasks like the ones in real recruitment processes.',
  },
  {
    number: 7,
    title: 'Claim Your Victory',
    description: 'Interview with confidence, weigh offers and negotiate the start you deserve.',
  },
  {
    number: 8,
    title: 'Thrive',
    description: 'Settle into your new role, keep learning and grow with the graduate career network.',
  },
];
