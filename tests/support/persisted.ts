/** What a browser keeps of an application in storage: a fresh visit's, with the fields a test sets laid over it. */
import type { PersistedApplication } from '../../machines/application.machine';
import { emptyApplication, type ApplicationForm } from '../../machines/applicationForm';

export const persisted = (
  over: Omit<Partial<PersistedApplication>, 'form'> & { form?: Partial<ApplicationForm> } = {},
): PersistedApplication => ({
  cohort: null,
  started: false,
  existing: false,
  submitted: false,
  reminderSet: false,
  reminderDate: '',
  videoProgressSubmitted: false,
  otp: { availableAt: 0, resendCount: 0 },
  submitResult: null,
  ...over,
  form: { ...emptyApplication(), ...over.form },
});
