/** Bio Data (docs/product.md §2.2): the applicant's name, gender, country and city. */
import { object } from 'yup';
import { required, text } from '../rules/fields';

export const row = {
  state: 'biodata',
  path: '/apply/biodata',
  title: 'Bio Data',
  access: 'ownAnswers',
  wizard: true,
  group: 'biodata',
  screen: 'Biodata',
  prefetch: true,
} as const;

/** The catalogue's words for each answer missing or wrong (docs/product.md §8). */
export const messages = {
  firstname: 'Please tell us your first name',
  lastname: 'Please tell us your last name',
  gender: 'Choose a gender',
  country: 'What country are you from?',
  city: 'Country and city of residence is required',
} as const;
const F = messages;

export const schema = object({
  firstname: required(F.firstname),
  middlename: text(),
  lastname: required(F.lastname),
  gender: required(F.gender).oneOf(['male', 'female', 'other'], F.gender),
  country: required(F.country),
  city: required(F.city),
});

export const spec = {
  row,
  schema,
  messages,
  fields: ['firstname', 'middlename', 'lastname', 'gender', 'country', 'city'],
} as const;
