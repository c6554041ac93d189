/** Six cohort participants (docs/product.md §3.4): name, cohort, preview, full text and a local avatar. */
export interface Testimonial {
  name: string;
  cohort: string;
  preview: string;
  text: string;
  avatar: string;
}

const avatar = (file: string): string => `/img/testimonials/${file}.svg`;

export const testimonials: readonly Testimonial[] = [
  {
    name: 'Blessing Okoro',
    cohort: 'Cohort 3',
    preview: 'I had sent out over eighty applications with no reply…',
    text: 'I had sent out over eighty applications with no reply. Level 2 showed me my CV was hiding everything good about me. I rewrote it with my coach, and three weeks later I had two interviews. I started as a customer success associate before the bootcamp ended.',
    avatar: avatar('blessing-okoro'),
  },
  {
    name: 'Samuel Adjei',
    cohort: 'Cohort 4',
    preview: 'The team challenges felt exactly like the assessment centre…',
    text: 'The team challenges felt exactly like the assessment centre I walked into in week ten. I knew how to lead without talking over people, and the assessor feedback had already shown me my blind spots. I got the graduate role.',
    avatar: avatar('samuel-adjei'),
  },
  {
    name: 'Maryam Suleiman',
    cohort: 'Cohort 2',
    preview: 'I was two years into a job I had outgrown…',
    text: 'I was two years into a job I had outgrown and too scared to leave. Design Your Career gave me a plan I could follow, and the Switching Careers panel made it feel possible. I now work as a junior data analyst.',
    avatar: avatar('maryam-suleiman'),
  },
  {
    name: 'David Eze',
    cohort: 'Cohort 5',
    preview: 'Living in Manchester, I thought a programme from home…',
    text: 'Living in Manchester, I thought a programme from home would not fit my situation. The Thriving Abroad panel and the global citizen group proved me wrong. Every session was live, so I could ask my questions, and I found a remote role in operations.',
    avatar: avatar('david-eze'),
  },
  {
    name: 'Grace Mwangi',
    cohort: 'Cohort 4',
    preview: 'Craft Your Story changed how I answer interview questions…',
    text: 'Craft Your Story changed how I answer interview questions. I used to list my duties; now I tell what I did and what changed because of it. My internship stories finally counted as experience, and I landed an HR assistant role.',
    avatar: avatar('grace-mwangi'),
  },
  {
    name: 'Ibrahim Lawal',
    cohort: 'Cohort 5',
    preview: 'The badges were my proof when I had no job title…',
    text: 'The badges were my proof when I had no job title to show. Recruiters clicked through to my credentials page and saw real work. One of them introduced me to the startup where I now work as a business analyst.',
    avatar: avatar('ibrahim-lawal'),
  },
];
