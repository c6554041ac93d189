/**
 * The faculty (docs/product.md §3.4): a programme director, 17 facilitators and 16 assessors. Each entry has a name, a photo
 * (a small local SVG in public/img/faculty), a title and a profile link. The people are placeholders until the
 * programme team supplies the real faculty.
 */
export interface FacultyMember {
  name: string;
  image: string;
  url: string;
  title: string;
}

export interface Director extends FacultyMember {
  biography: readonly string[];
  social: readonly { network: 'LinkedIn' | 'X'; url: string }[];
}

export const slugOf = (name: string): string =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

const member = (name: string, title: string): FacultyMember => ({
  name,
  title,
  image: `/img/faculty/${slugOf(name)}.svg`,
  url: `https://www.linkedin.com/in/${slugOf(name)}`,
});

export const director: Director = {
  ...member('Adaeze Okonkwo', 'Program Director'),
  biography: [
    'Adaeze has spent fifteen years hiring and developing early-career talent across banking, consulting and technology in Lagos, Nairobi and London.',
    'She leads the bootcamp’s faculty and meets every cohort at the start and at the wrap up briefing.',
  ],
  social: [
    { network: 'LinkedIn', url: 'https://www.linkedin.com/in/adaeze-okonkwo' },
    { network: 'X', url: 'https://x.com/adaezeokonkwo' },
  ],
};

export const facilitators: readonly FacultyMember[] = [
  member('Tunde Bakare', 'Career Strategy Facilitator'),
  member('Ngozi Eze', 'Personal Branding Coach'),
  member('Kwame Mensah', 'Talent Acquisition Lead'),
  member('Amina Bello', 'Communication Coach'),
  member('Chidi Nwosu', 'Product Manager'),
  member('Zainab Yusuf', 'HR Business Partner'),
  member('Emeka Obi', 'Data Analyst'),
  member('Folake Adebayo', 'Learning Designer'),
  member('Kofi Asante', 'Sales Leader'),
  member('Halima Sani', 'Interview Coach'),
  member('Ifeanyi Okafor', 'Software Engineer'),
  member('Wanjiru Kamau', 'Remote Work Consultant'),
  member('Segun Adeyemi', 'Finance Analyst'),
  member('Bisola Ogunleye', 'Marketing Manager'),
  member('Musa Ibrahim', 'Operations Lead'),
  member('Nana Owusu', 'Customer Success Manager'),
  member('Yetunde Alabi', 'Career Counsellor'),
];

export const assessors: readonly FacultyMember[] = [
  member('Obinna Umeh', 'Senior Recruiter'),
  member('Fatima Abubakar', 'People Operations Manager'),
  member('Kunle Ajayi', 'Engineering Manager'),
  member('Esi Boateng', 'Head of Talent'),
  member('Uche Madu', 'Management Consultant'),
  member('Aisha Lawal', 'Hiring Manager'),
  member('Tobi Olatunji', 'Business Analyst'),
  member('Akosua Darko', 'Programme Manager'),
  member('Gbenga Fashola', 'Brand Strategist'),
  member('Rukayat Salami', 'Recruitment Partner'),
  member('Dapo Oyelaran', 'Design Lead'),
  member('Chiamaka Eze', 'Account Director'),
  member('Yaw Osei', 'Supply Chain Manager'),
  member('Hauwa Garba', 'Compliance Officer'),
  member('Femi Akande', 'Venture Associate'),
  member('Nkechi Onyeka', 'Learning and Development Lead'),
];
