/** The emailed code (docs/product.md §2.2): proves the email; resend after a wait; a mistyped address starts again. */

export const row = {
  state: 'verifyEmail',
  path: '/apply/verify-email',
  title: 'Verify your email address',
  access: 'unproved',
  wizard: true,
  group: 'code',
  screen: 'VerifyEmail',
  prefetch: true,
} as const;

/** No schema of its own: the code group is shared with the server's verify route (machines/rules/schemas.ts). */
export const schema = null;

export const spec = {
  row,
  schema,
  fields: ['token'],
  // The code is part of Communications: its screen shows that step's number.
  continuesStep: true,
} as const;
