import type { StaffRole } from './roles';

/**
 * One rule for an applicant's contact details (docs/decisions/104-configured-admins.md): an admin sees
 * them everywhere (the queue, an application's page, the CSV export, the CV zip), a reviewer nowhere. The server
 * leaves them out of a reviewer's answers (absent, not blank) and the screens leave their rows and columns out.
 */
export const CONTACT_FIELDS = ['email', 'phone', 'whatsapp_phone'] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];
export const seesContact = (role: StaffRole): boolean => role === 'admin';

/** Answers as this role sees them: without the contact fields when the role does not see them. */
export type WithoutContact<T> = Omit<T, ContactField> & Partial<Pick<T, ContactField & keyof T>>;
export function contactFor<T extends object>(role: StaffRole, answers: T): WithoutContact<T> {
  if (seesContact(role)) return answers as WithoutContact<T>;
  const shown: Record<string, unknown> = { ...(answers as Record<string, unknown>) };
  for (const field of CONTACT_FIELDS) delete shown[field];
  return shown as WithoutContact<T>;
}
