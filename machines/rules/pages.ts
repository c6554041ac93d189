/** Page paths that belong to no flow's machine (the flows' paths live in their machines' `meta.path`). */

/** The instalment button on its own, to try the payment provider or its sandbox. */
export const INSTALMENT_TEST_PATH = '/test/klump-payment';

/** Where 'Join the waitlist' leads: where a submitted applicant stands (cohort, waitlist). */
export const WAITLIST_PATH = '/apply/waitlist';
