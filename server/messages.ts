/** Server-only wording: answers the browser shows as they are, in the catalogue's voice. */
export const SERVER_MESSAGES = {
  codeWrong: 'The code is not correct. Check your email and try again.',
  codeExpired: 'This code has expired. Ask for a new one.',
  codeTooManyTries: 'Too many wrong tries. Ask for a new code.',
  codeUsed: 'This code has already been used. Ask for a new one.',
  emailTaken:
    'An application with this email already exists. Enter your email on the start page to continue it.',
  needSession: 'Please verify your email to continue',
  notYours: 'You can only change your own application',
  incomplete: 'Your application is not complete yet',
  eligibilityFirst: 'Please answer the eligibility questions first',
  eligibilityFinal: 'Your eligibility answers are with our team already and can no longer be changed',
  invalidJson: 'The request body is not valid JSON',
  invalidRequest: 'Some answers are not valid',
  notFound: 'Not found',
  tooLarge: 'The request is too large',
  unsupportedType: 'This kind of request body is not accepted',
  tooManyRequests: (seconds: number) => `Too many requests. Please wait ${seconds} seconds and try again.`,
  resendTooSoon: (seconds: number) => `Please wait ${seconds} seconds before asking for a new code`,
  tooManyCodes: (seconds: number) => {
    const minutes = Math.ceil(seconds / 60);
    return `We have sent several codes to this email address in the last hour. Please wait ${minutes} ${minutes === 1 ? 'minute' : 'minutes'} before asking for another one.`;
  },
  reminderPast: 'Please choose a date and time in the future',
  columnName: "column_name must be 'Financial Info'",
  paymentOption: 'Please choose one of the payment options shown',
  paymentNotOnline:
    'This option is not paid online. Use the bank transfer details, or choose another option.',
  paymentNotSubmitted: 'Please submit your application before paying the commitment fee',
  paymentAlreadyPaid: 'Your payment has already been received',
  paymentNotAccepted:
    'Payment opens once your application is accepted. We will email you as soon as a decision is made.',
  paymentUnavailable: 'Online payment is not available right now. Please try again later.',
  paymentUnknown: 'We could not find this payment. Please start the payment again.',
  paymentSandboxOnly: 'A test payment cannot confirm a place: start the payment again',
  paymentReferenceUsed:
    'This payment has already been used for another order. If money left your account, write to us and quote your reference.',
  paymentDuplicate:
    'Your fee was already paid, so this second payment will be refunded. We have emailed you the details.',
  paymentNotConfirmed:
    'We could not confirm your payment yet. If money left your account, please try again in a minute.',
  videoData: 'The video progress is not valid',
  geoUnavailable: 'Location lookup is not available',
  geoLimited: 'Location lookup limit reached',
  serverError: 'Something went wrong on our side. Please try again.',
  crossSite: 'This change can only be made on The Employment Bootcamp website',
  uploadIncomplete: 'The upload did not arrive complete. Please try again.',
  uploadsAtOnce: 'Your CV is already being uploaded. Please wait for that upload to finish, then try again.',
  tooSlow: 'The request took too long to arrive. Please check your connection and try again.',
  metricsToken: 'The metrics need the token set in METRICS_TOKEN, sent as Authorization: Bearer <token>',
} as const;
