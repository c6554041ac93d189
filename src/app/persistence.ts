/**
 * What the wizard keeps in local storage (docs/product.md §3.1–3.2): the form under `form-data`, and the flags beside it.
 * A value that fails to parse is dropped, never trusted.
 */
import type { PersistedApplication } from '../../machines/application.machine';
import type { ApplicationForm } from '../../machines/applicationForm';
import type { Cohort } from '../../machines/rules';

export const KEYS = {
  form: 'form-data',
  cohort: 'cohort',
  started: 'application-started',
  existing: 'application-exists',
  submitted: 'application-submitted',
  reminderSet: 'reminderSet',
  reminderDate: 'reminderDate',
  videoProgressSubmitted: 'video-progress-submitted',
  otp: 'otp-countdown',
  submitResult: 'submit-result',
  progress: 'progress',
  percentage: 'percentage',
  referral: 'referral-code',
  /** This browser erased its applicant's data on Your data (markErased); a new application here ends it. */
  erased: 'data-erased',
} as const;

const read = <T>(storage: Storage, key: string): T | undefined => {
  try {
    const raw = storage.getItem(key);
    return raw === null ? undefined : (JSON.parse(raw) as T);
  } catch {
    storage.removeItem(key);
    return undefined;
  }
};

export function loadPersisted(storage: Storage = localStorage): Partial<PersistedApplication> {
  const form = read<Partial<ApplicationForm>>(storage, KEYS.form);
  return {
    form: form && typeof form === 'object' ? (form as ApplicationForm) : undefined,
    cohort: read<Cohort>(storage, KEYS.cohort) ?? null,
    started: read<boolean>(storage, KEYS.started) === true,
    existing: read<boolean>(storage, KEYS.existing) === true,
    submitted: read<boolean>(storage, KEYS.submitted) === true,
    reminderSet: read<boolean>(storage, KEYS.reminderSet) === true,
    reminderDate: read<string>(storage, KEYS.reminderDate) ?? '',
    videoProgressSubmitted: read<boolean>(storage, KEYS.videoProgressSubmitted) === true,
    otp: read<PersistedApplication['otp']>(storage, KEYS.otp),
    submitResult: read<PersistedApplication['submitResult']>(storage, KEYS.submitResult) ?? null,
  };
}

export function savePersisted(
  state: PersistedApplication,
  progress: { step: number; percentage: number } | null,
  storage: Storage = localStorage,
): void {
  const write = (key: string, value: unknown) => {
    const next = JSON.stringify(value);
    if (storage.getItem(key) !== next) storage.setItem(key, next);
  };
  try {
    if (state.started) storage.removeItem(KEYS.erased);
    write(KEYS.form, state.form);
    write(KEYS.cohort, state.cohort);
    write(KEYS.started, state.started);
    write(KEYS.existing, state.existing);
    write(KEYS.submitted, state.submitted);
    write(KEYS.reminderSet, state.reminderSet);
    write(KEYS.reminderDate, state.reminderDate);
    write(KEYS.videoProgressSubmitted, state.videoProgressSubmitted);
    write(KEYS.otp, state.otp);
    write(KEYS.submitResult, state.submitResult);
    if (progress) {
      write(KEYS.progress, progress.step);
      write(KEYS.percentage, progress.percentage);
    }
  } catch {
    // Storage full or disabled (private mode): the wizard still works, it just will not survive a reload.
  }
}

/** After sign-out: nothing of the application stays in this browser (the referral code is not personal). */
export function clearPersisted(storage: Storage = localStorage): void {
  try {
    for (const [name, key] of Object.entries(KEYS)) if (name !== 'referral') storage.removeItem(key);
  } catch {
    // Storage disabled: there is nothing to clear.
  }
}

/**
 * After an erasure on Your data (docs/privacy.md): the answers this browser kept go too, and it remembers that the
 * data was erased, so the confirmation address says so instead of asking to sign in.
 */
export function markErased(storage: Storage = localStorage): void {
  clearPersisted(storage);
  try {
    storage.setItem(KEYS.erased, 'true');
  } catch {
    // Storage disabled: the page still said the data was erased.
  }
}

/** Whether this browser erased its applicant's data and has begun no application since. */
export const wasErasedHere = (storage: Storage = localStorage): boolean => {
  try {
    return storage.getItem(KEYS.erased) === 'true';
  } catch {
    return false;
  }
};

/** `?ref=CODE` on any URL is kept as the referral code until the application is created. */
export function captureReferral(search: string, storage: Storage = localStorage): string | null {
  const code = new URLSearchParams(search).get('ref')?.trim().slice(0, 120);
  try {
    if (code) storage.setItem(KEYS.referral, code);
    return code || storage.getItem(KEYS.referral);
  } catch {
    return code || null;
  }
}
