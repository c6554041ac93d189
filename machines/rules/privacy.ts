/**
 * The privacy notice at `/privacy` and the retention settings it quotes: one source for both (docs/privacy.md).
 * The page is prerendered with placeholders where the controller and the retention periods go
 * (scripts/prerender.ts); the server fills them from its configuration (server/privacyPage.ts), so an operator
 * who changes a period changes the notice with it. Plain data and functions only: the server imports this file.
 */
// From the prefixes alone: the contract imports this file for the notice's version.
import { API, STAFF_API } from './api';

/** How long each kind of data is kept, in days (decision 143). The server reads overrides from RETENTION_*. */
export interface RetentionSettings {
  /** CVs of applicants who were not accepted: days after their cohort starts (decision 143). */
  cvDaysAfterCohortStart: number;
  /** Applications never submitted: anonymised this many days after they were last changed (decision 143). */
  unsubmittedDays: number;
  /** The outbox's email bodies: deleted this many days after sending; who, subject and when are kept (decision 143). */
  outboxBodyDays: number;
  /** The staff audit log (decision 143). */
  auditDays: number;
  /** What a paid applicant's erasure keeps for the accounts: the payment rows, this long after payment (decision 143). */
  paymentRecordDays: number;
}

export const RETENTION_DEFAULTS: RetentionSettings = {
  cvDaysAfterCohortStart: 90,
  unsubmittedDays: 180,
  outboxBodyDays: 30,
  auditDays: 730,
  paymentRecordDays: 6 * 365,
};

/** The environment variable that overrides each setting (server/config.ts). */
export const RETENTION_ENV = {
  cvDaysAfterCohortStart: 'RETENTION_CV_DAYS',
  unsubmittedDays: 'RETENTION_UNSUBMITTED_DAYS',
  outboxBodyDays: 'RETENTION_OUTBOX_BODY_DAYS',
  auditDays: 'RETENTION_AUDIT_DAYS',
  paymentRecordDays: 'RETENTION_PAYMENT_DAYS',
} as const satisfies Record<keyof RetentionSettings, string>;

/** Who answers for the data and how to reach them (PRIVACY_CONTROLLER_NAME, PRIVACY_CONTACT_EMAIL). */
export interface NoticeFacts {
  controllerName: string;
  contactEmail: string;
  retention: RetentionSettings;
}

/** The notice's address, and "Your data", where an applicant downloads or erases what is stored about them. */
export const PRIVACY_PATH = '/privacy';
export const YOUR_DATA_PATH = '/your-data';

/** The API of one applicant's data: theirs through their session, and an admin's on their request. */
export const privacyPaths = {
  download: `${API}/bootcamp/your-data/download`,
  erase: `${API}/bootcamp/your-data/erase`,
  staffExport: `${STAFF_API}/applications/:id/export`,
  staffErase: `${STAFF_API}/applications/:id/erase`,
} as const;

/** The words of "Your data" and of its API. */
export const PRIVACY_MESSAGES = {
  confirmErase: 'Confirm that you want your data erased',
  erased: 'Your data has been erased',
  applyAgain: 'You can apply again with the same address whenever you like.',
  staffErased: "The applicant's data has been erased",
  alreadyErased: 'This application has already been erased',
  staffExported: "The applicant's data has been exported",
  staffEraseWarning:
    "This erases the applicant's answers, their CV, the emails sent to them, their sign-in and the team's notes on them, and cannot be undone. Their application stays only as an anonymous count, with a note that an erasure happened (never their address); the audit log records that you did it. They can apply again with the same address.",
  staffErasePaid:
    'This applicant paid: their payment records (reference, option, amount and dates, with no name) stay for the accounts, for as long as the privacy notice says.',
  eraseWarning:
    'This erases your answers, your CV, the emails we sent you and your sign-in, and cannot be undone. We keep anonymous counts, a note that an erasure happened (never your address) and, if you paid, the payment record our accounts need. You can apply again with the same address afterwards.',
} as const;

/**
 * What an erased application holds instead of its address (docs/privacy.md): unique, and never an address anyone
 * mails; the mail queue refuses it (server/mail/index.ts).
 */
export const ERASED_ADDRESS_PREFIX = 'erased-';
export const isErasedAddress = (address: string): boolean =>
  address.startsWith(ERASED_ADDRESS_PREFIX) && /^\d+$/.test(address.slice(ERASED_ADDRESS_PREFIX.length));

/** The payments an erasure keeps for the accounts (decision 143): paid, or paid twice and owed back. */
export const KEPT_PAYMENT_STATUSES = ['paid', 'duplicate'] as const;

/** The file a download is saved as. */
export const EXPORT_FILENAME = 'your-data.zip';

/**
 * The notice's words. `{controller}`, `{contact}` and `{<retention setting>}` are filled from NoticeFacts; every
 * other character is the text an applicant reads, and its hash is the notice's version.
 */
export const NOTICE_SECTIONS: ReadonlyArray<{ heading: string; paragraphs: readonly string[] }> = [
  {
    heading: 'Who is responsible for your data',
    paragraphs: [
      '{controller} decides how the data you give in this application is used (the data controller). Write to {contact} with any question about your data.',
    ],
  },
  {
    heading: 'What we collect, at each step, and why',
    paragraphs: [
      'Get Started and your details: your email address, name, gender, country, city, phone and WhatsApp numbers, and how you heard of us. We need them to tell applicants apart, to contact you about your application and, if you agreed, about the programme.',
      'Verify your email: a one-time code we email you, stored only as a hash. It proves the address is yours.',
      'Eligibility and employment: your answers about your education, work and availability, and your CV. We use them to decide whether you can join the cohort.',
      'Other questions and the agreements: your answers and the agreements you accepted, with the time you accepted them.',
      'After you submit: whether you watched the selection video and your quiz answers, your payment choice and payments, a reminder date if you asked for one, and financial-aid answers if you applied for aid. We need them to run the selection, take payment and consider aid.',
      'Emails we send you are kept in our outbox so that they can be delivered and retried.',
    ],
  },
  {
    heading: 'Who sees it',
    paragraphs: [
      "The programme's staff in the back office. Reviewers see your answers and CV, not your email address or phone numbers. Admins also see your contact details, and can export or erase your data when you ask them to. Every view, download and decision by staff is written to an audit log.",
      'Payment providers see what they need to take a payment. We sell your data to no one.',
    ],
  },
  {
    heading: 'Where it is stored',
    paragraphs: [
      "Your answers and our emails are stored in the programme's database; your CV in the programme's file storage. Both are run by or for {controller}.",
    ],
  },
  {
    heading: 'How long we keep it',
    paragraphs: [
      'If you were not accepted, your CV is deleted {cvDaysAfterCohortStart} days after your cohort starts.',
      'An application never submitted is anonymised {unsubmittedDays} days after it was last changed.',
      'The text of each email we send you is deleted {outboxBodyDays} days after it is sent; we keep only that it was sent.',
      'Sign-in codes and sessions are deleted as soon as they expire.',
      'The staff audit log is kept {auditDays} days.',
      'If you paid, the record of the payment (its reference, amount and date, without your name) is kept {paymentRecordDays} days for our accounts, even after you erase your data.',
    ],
  },
  {
    heading: 'Your rights, and how to use them',
    paragraphs: [
      'See and take your data: on Your data, after we email you a code, download everything we hold about you in one file.',
      'Erase your data: on Your data, erase everything that identifies you. We keep anonymous counts and a note that an erasure happened, never your address. You can apply again afterwards.',
      'Correct your data, object to its use or withdraw your consent: write to {contact}. You may also complain to the data-protection authority of your country (in Nigeria, the Nigeria Data Protection Commission).',
    ],
  },
];

/** The values written where the notice's placeholders are. */
const fillings = (facts: NoticeFacts): Record<string, string> => ({
  controller: facts.controllerName,
  contact: facts.contactEmail,
  ...Object.fromEntries(Object.entries(facts.retention).map(([key, days]) => [key, String(days)])),
});

/** One paragraph of the notice with its placeholders filled. */
export const fillNoticeText = (text: string, facts: NoticeFacts): string => {
  const values = fillings(facts);
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
};

/** The placeholder the prerendered page holds for one filling; the server replaces it (server/privacyPage.ts). */
export const noticePlaceholder = (name: string) => `%%PRIVACY_${name}%%`;

/** Facts made of placeholders: what the build writes into the page. */
export const PLACEHOLDER_FACTS: NoticeFacts = {
  controllerName: noticePlaceholder('controller'),
  contactEmail: noticePlaceholder('contact'),
  retention: Object.fromEntries(
    Object.keys(RETENTION_DEFAULTS).map((key) => [key, noticePlaceholder(key)]),
  ) as unknown as RetentionSettings,
};

/** The prerendered page with its placeholders filled; `escape` makes each value safe for where it is written. */
export const fillNoticePage = (
  html: string,
  facts: NoticeFacts,
  escape: (text: string) => string,
): string => {
  const values = fillings(facts);
  return html.replace(/%%PRIVACY_(\w+)%%/g, (whole, name: string) =>
    values[name] === undefined ? whole : escape(values[name]),
  );
};

/** FNV-1a, 32 bits: the same on the server and in the browser, with no library. */
function fnv1a(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, '0');
}

/**
 * The notice's version: a hash of its words (not of the operator's settings), so that a changed text is a new version
 * and the same text is the same version on every server. For the consent the wizard will record.
 */
export const noticeVersion = (sections: typeof NOTICE_SECTIONS): string =>
  `notice-${fnv1a(JSON.stringify(sections))}`;

let version: string | undefined;
/** This notice's version, hashed at its first use: not as the module loads, on every page that imports the rules. */
export const privacyNoticeVersion = (): string => (version ??= noticeVersion(NOTICE_SECTIONS));
