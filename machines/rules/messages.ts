/**
 * The error catalogue of docs/product.md §8, word for word (its spellings included: they are the product's wording).
 * Prompts the spec only sketches ('Please tell us / let us know…') are written in the same voice. A wizard step's
 * own fields keep their messages in the step's file (machines/steps/, with its questions or in its `messages`;
 * `STEP_MESSAGES` in machines/steps/index.ts gathers them); this catalogue holds the fields that several steps or
 * routes share (the email, the CV) and those of the forms after submission.
 */
export const FIELD_MESSAGES = {
  email: 'Please provide a valid email address',
  typeOfPhone: 'Please tell us the type of phone you use',
  haveLaptop: 'Please state if you have a laptop with either Yes or No',
  parentAlive: 'Please let us know if your parents are alive',
  employed: 'Please let us know if you are employed, and for how long',
  affordableFee: 'Please let us know the amount you can afford to pay',
  whyBootcamp: 'Please tell us why you want to attend the bootcamp',
  anythingElse: 'Please let us know anything else we should know',
  cv: 'Please attach your CV as a PDF or Word file.',
} as const;

export const MESSAGES = {
  emailFormat: 'The provided email is not valid',
  phoneFormat:
    'Phone number must be 10 to 15 digits: with your country code (for example +2348012345678), or as you dial it in your country',
  phoneInvalid: 'The provided phone number is not valid',
  cvType: 'Invalid file type. Please select a PDF or Word file.',
  cvSize: 'File size should not be more than 10MB',
  cvUploadFailed: "Unable to upload CV. Please send it as an email to the programme's support address.",
  otpRequired: 'Please enter OTP',
  checkInEmail: 'Please provide a valid email',
  dateTimeRequired: 'Please select a date and time',
  dateInvalid: 'Date input not valid.',
  notRegistered: 'This email has not registered for the employment bootcamp',

  genericSave: 'An error occured. Try again',
  lookupFailed: 'An unexpected error occured. Please try again',
  signOutFailed: 'We could not sign you out. Check your connection and try again.',
  registrationFailed: 'Unable to process registration',
  verificationFailed: 'Unable to process email verification',
  reminderFailed: 'Failed to set reminder',
  paymentChoiceFailed: 'Failed to process your selection. Please try again.',
  financialAidFailed: 'An error occurred. Try again',
  financialAidSubmitFailed: 'An error occurred while submitting your application.',
  paymentFailed: 'Payment failed, please try again.',
  otpSent: 'OTP sent successfully',
  otpFormat: 'Please enter the 6-digit code from your email',
  hiddenCharacters: 'Please remove the hidden characters from this answer (copy and paste can bring them in)',

  videoError: 'Error — An error occurred while playing the video. Please try again later',
  seekTitle: 'Sorry',
  seekBlocked: "You can't skip through the video.",
  watchToEnd: 'Please watch video till the end',
  quizIncomplete: 'Please answer all questions or skip',
  noVideoSupport: 'Your browser does not support the video tag.',
  unexpectedError: 'Unexpected Application Error!',
  chunkLoadFailed: 'A part of this page failed to load. Check your connection and reload the page.',
  // The app's scripts never came to the prerendered Get Started (written into the page by scripts/prerender.ts).
  scriptsFailed:
    'The connection failed before this page could finish loading. Check your connection, then press Retry. Your email is kept.',
  retry: 'Retry',
  // The first paint of an address opened cold (scripts/prerender.ts), before the app knows which screen it may show.
  openingApplication: 'Opening your application…',
  offline: 'You are offline. Your answers are kept on this phone and will be sent when you are back online.',

  startNewApplication: 'Start new application',
  applicationFound:
    'Welcome back: we found your application. To keep your answers private, they open only after you enter the code we have just emailed you.',
} as const;

export const CONFIRM_SAVE = {
  title: 'Are you sure?',
  text: "Once you continue, you can't change these answers.",
  emailText: "Once you continue, you can't change your email.",
  confirm: 'Yes, continue',
  cancel: 'Edit',
} as const;

export const CONFIRM_VIDEO = {
  title: 'Do you want to submit your video progress?',
  text: "Once submitted, you can't change your progress.",
  confirm: 'Yes, submit',
  successTitle: 'Progress Saved!',
  successText: 'Your video progress has been submitted successfully.',
} as const;

/**
 * The eligibility screen's introduction: what the questions are for, honestly (some answers send the application to
 * a person's review before the next steps; docs/decisions/002-option-lists-the-spec-only-sketches.md).
 */
export const ELIGIBILITY_INTRO =
  'These questions help our team see whether the programme fits you now. Choose the answer closest to you: some answers mean a person on our team reviews your application before the next steps.';

export const ELIGIBILITY_RESULT = {
  eligible: 'Congratulations, you are eligible...',
  underReview:
    'Well done for coming this far. Your application is under review. You will hear back from us shortly.',
} as const;

/**
 * What the 'under review' panel promises an application scored action_required or ineligible: exactly what the
 * review chart allows from `eligibility_review` (an admin accepts, waitlists or rejects it, and the applicant is
 * emailed as with any decision; docs/decisions/008-route-guards-beyond-the-spec-s-table.md).
 */
export const ELIGIBILITY_REVIEW = {
  heading: 'What happens next',
  saved: 'There is nothing more to fill in: your answers and your CV are with our admissions team now.',
  /** Around the applicant's email address. */
  decision: [
    'A person on our team reads your application and writes to ',
    ' with the decision: a place, a place on the waitlist, or not this time. Check your spam folder too.',
  ],
  place:
    'If we offer you a place, you do not answer the remaining questions: the email links to your confirmation page, where you choose how to pay the commitment fee.',
  ineligible:
    'From your answers, this cohort may not be the right fit for you now, and our team still reads your application. Applications are rolling: if your situation changes, you can apply for a later cohort.',
  standingLink: 'See where your application stands',
} as const;

/** A field → messages map, the shape of `data.error` in the server's failures. */
export type ErrorMap = Partial<Record<string, string[]>>;

/** The back office's cohort settings (machines/rules/cohortSettings.ts, decision 235): each refusal names the fix. */
/** Financial aid decided (machines/rules/aidDecision.ts, decision 238). */
export const AID_MESSAGES = {
  ceiling: 'Please enter the aid ceiling as a whole percentage from 0 to 100',
  awards: 'Please enter the number of aid awards as a whole number, 0 or more',
  awardsBelowMade: (made: number) => `This cohort has ${made} aid awards already: it needs at least ${made}`,
  share: 'Please enter the share to award as a whole percentage from 1 to 100',
  aboveCeiling: (ceiling: number) => `This applicant may be awarded at most ${ceiling}% of the fee`,
  noAwardsLeft: (awards: number) => `This cohort's ${awards} aid awards are all given`,
  notApplied: 'This applicant has not applied for financial aid',
  decision: 'Choose award, decline or undo',
  nothingToUndo: 'There is no aid decision to undo',
  undoFirst: 'This application has an aid decision in its undo window: undo it first',
  alreadyDecided: 'Financial aid for this application is decided and the applicant told',
  emailAwardedSubject: (share: number) => `Your financial aid: ${share}% off the fee`,
  emailAwarded: (share: number) =>
    `We have reviewed your financial aid request and awarded you ${share}% off the commitment fee. The payment options on your confirmation page now charge the reduced amount:`,
  emailDeclinedSubject: 'Your financial aid request',
  emailDeclined:
    'We have reviewed your financial aid request. We could not award you aid this time: a limited number of awards exists per cohort. Your place is not affected, and the standard payment options are on your confirmation page:',
  awarded: (share: number) => `Aid of ${share}% awarded: the applicant is told once the undo window is over`,
  declined: 'Aid declined: the applicant is told once the undo window is over',
  undone: 'Aid decision undone',
  optionAfterAid: (share: number, fee: string) => `With your ${share}% financial aid the fee is ${fee}.`,
  standingReceived: 'We have your financial aid request and are reviewing it. We will write to you by email.',
  standingAwarded: (share: number) => `You were awarded financial aid of ${share}% off the fee.`,
  standingDeclined: 'We could not award you financial aid this time.',
  /** What the confirmation page adds under the payment options it shows (the standing page shows none). */
  optionsAwarded: 'The payment options below charge the reduced amount.',
  optionsDeclined: 'The payment options below are the standard ones.',
  /** The payment reminder's fee sentence, each ending on the link to the confirmation page. */
  reminderNoRequest: 'You can also apply for financial aid. Choose on your confirmation page:',
  reminderUnderReview:
    'Your financial aid request is still being reviewed, so what you would pay is not settled yet: we will write to you by email once it is decided. You can wait for that email, or choose another way to pay on your confirmation page:',
  reminderAwarded: (share: number, amounts: string) =>
    `With the financial aid you were awarded (${share}% off the fee), ${amounts}. Choose on your confirmation page:`,
  reminderDeclined: (amounts: string) =>
    `We could not award you financial aid this time, so the standard amounts apply: ${amounts}. Choose on your confirmation page:`,
  /** The amounts a reminder quotes after a decision: each region's, as its payment options charge them. */
  reminderAmounts: (
    full: string,
    fullAbroad: string,
    instalments: { count: number; each: string; total: string } | null,
  ) =>
    `paying in full costs ${full} (Nigeria) or ${fullAbroad} (international)` +
    (instalments
      ? `; in Nigeria you may instead pay ${instalments.total} in ${instalments.count} instalments of ${instalments.each}`
      : ''),
} as const;

export const COHORT_MESSAGES = {
  name: 'Please give the cohort a name',
  nameTooLong: 'Please keep the name to 80 characters or fewer',
  startDate: 'Please enter the start date as a day of the calendar',
  deadline: 'Please enter the application deadline as a day of the calendar',
  seats: 'Please enter the seats as a whole number from 1 to 100000',
  deadlineAfterStart: 'The application deadline must be on or before the start date',
  startNotFuture: 'Please choose a start date after today',
  startBeforePrevious: (previous: string, start: string) =>
    `Please choose a start date after ${previous}'s, ${start}`,
  startAfterNext: (next: string, start: string) => `Please choose a start date before ${next}'s, ${start}`,
  seatsBelowTaken: (taken: number) =>
    `This cohort has ${taken} acceptances already: it needs at least ${taken} seats`,
  started: 'This cohort has started: its settings can no longer change',
  reopenDate: 'Please enter the reopen date as a day after today, or leave it empty',
  action: 'Choose pause, close or reopen',
  notFound: 'There is no such cohort',
  created: (name: string) => `${name} created`,
  saved: (name: string) => `${name} saved`,
  intakeSaved: (name: string, action: 'pause' | 'close' | 'reopen') =>
    action === 'pause'
      ? `Applications for ${name} are paused`
      : action === 'close'
        ? `Applications for ${name} are closed`
        : `Applications for ${name} are open again`,
} as const;

/** A cohort's fee table as an admin sets it (decision 244: machines/rules/cohortFees.ts). */
export const FEE_MESSAGES = {
  feeNgn: 'Please enter the fee in naira as a whole number from 0 to 100000000',
  feeUsd: 'Please enter the fee in dollars as a whole number from 0 to 100000000',
  fullDiscount: 'Please enter the discount for paying in full as a whole number from 0 to 100',
  instalments: 'Please enter the number of instalments as a whole number from 1 to 12',
} as const;

/** The programme's bank details and support address in the back office (decision 247). */
export const PROGRAMME_SETTINGS_MESSAGES = {
  bankName: 'Please give the name of the bank',
  bankAccountName: 'Please give the name the account is held in',
  bankAccountNumber: 'Please enter the account number as its 10 digits (NUBAN)',
  supportEmail: 'Please enter the support address as an email address, like hello@example.org',
  tooLong: (max: number) => `Please keep this to ${max} characters or fewer`,
  saved: 'Bank details and support address saved',
} as const;

/** The selection video and its quiz as an admin publishes them (machines/rules/selectionQuiz.ts, decision 245). */
export const QUIZ_MESSAGES = {
  videoUrl:
    "Please enter the video's address as an https:// address or a path on this site, such as /media/video.mp4",
  posterUrl:
    "Please enter the poster's address as an https:// address or a path on this site, or leave it empty",
  captionsUrl:
    "Please enter the captions' address as an https:// address or a path on this site, such as /media/video.vtt",
  noQuestions: 'Please keep at least one question',
  tooManyQuestions: (max: number) => `Please keep the quiz to ${max} questions or fewer`,
  questionText: (n: number) => `Please write question ${n}`,
  textTooLong: (max: number) => `Please keep each question and choice to ${max} characters or fewer`,
  tooFewChoices: (n: number, min: number) => `Please give question ${n} at least ${min} choices`,
  tooManyChoices: (n: number, max: number) => `Please give question ${n} ${max} choices or fewer`,
  choiceLabel: (n: number, letter: string) => `Please write choice ${letter} of question ${n}, or remove it`,
  noRightAnswer: (n: number) => `Please mark the right answer of question ${n}`,
  unchanged: (version: number) => `Nothing changed: version ${version} is still the current one`,
  published: (version: number) =>
    `Version ${version} published: new applicants get it, and applicants who started keep theirs`,
  unavailable: 'The quiz could not be loaded. Please reload the page.',
} as const;

/** The landing page's words as an admin edits them (machines/rules/landingWords.ts, decision 246). */
export const LANDING_WORDS_MESSAGES = {
  noFaq: 'Please keep at least one question in the FAQ',
  tooManyFaq: (max: number) => `Please keep the FAQ to ${max} questions or fewer`,
  question: 'Please write the question',
  answer: 'Please write the answer',
  cards: (count: number) => `The key information has exactly ${count} cards`,
  title: "Please write the card's title",
  lead: "Please write the card's first line",
  noDetails: 'Please give the card at least one line',
  tooManyDetails: (max: number) => `Please keep a card to ${max} lines or fewer`,
  detail: 'Please write the line, or remove it',
  tooLong: (max: number) => `Please keep this to ${max} characters or fewer`,
  preview: 'Preview saved: it opens in a new tab',
  published: 'Published: the landing page shows these words now',
  stale: 'Someone else published the landing words since you opened them: reload to see theirs',
  noPage: 'This server has no landing page to preview',
} as const;
