/** Get Started (docs/product.md §2.2): the email, looked up; a new one starts the form, a known one asks for proof. */

export const row = {
  state: 'getStarted',
  path: '/apply',
  title: 'Get Started',
  access: 'anyone',
  wizard: true,
  group: 'email',
  screen: 'GetStarted',
  // In the first chunk already.
  prefetch: false,
} as const;

/**
 * No schema of its own: the email group is shared with every route that names an application by its email
 * (machines/rules/schemas.ts).
 */
export const schema = null;

export const spec = {
  row,
  schema,
  fields: ['email'],
} as const;
