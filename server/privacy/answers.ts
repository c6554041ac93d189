/**
 * What the "Your data" routes answer when they succeed; server/openapi.ts's table adds the refusals each gives, by
 * the same rule as every other route.
 */
import { closed, envelope, int, nothing } from '../routes/answers';

export const zipAnswer = {
  description: 'One zip: your-data.json and the CV',
  type: 'string',
  format: 'binary',
};
export const erasedAnswer = envelope('Erased: nothing that identifies the applicant is left', nothing);
export const staffErasedAnswer = envelope(
  'Erased; `id`: the application, kept anonymous for the counts',
  closed({ id: int }),
);
