/**
 * An applicant withdrawing their own application (docs/decisions/250-an-applicant-withdraws-their-application.md):
 * the confirmation page's button and dialog, the server's answers and refusals, and the confirmation email, in the
 * catalogue's voice.
 */
export const WITHDRAWAL_MESSAGES = {
  /** The confirmation page's quiet button. */
  button: 'Withdraw my application',
  dialogTitle: 'Withdraw your application?',
  /** What happens, said before it does: the place, the email, and that only the team can undo it. */
  dialogText: (cohort: string) =>
    `We will stop considering your application for ${cohort}. If we offered you a place, it goes to someone else. We will email you to confirm. You cannot undo this yourself: if you change your mind, write to us.`,
  confirm: 'Withdraw',
  keep: 'Keep my application',
  busy: 'Withdrawing…',
  /** The server's answer once it is done (and to a repeat: it is done already). */
  done: 'Your application has been withdrawn',
  already: 'Your application was already withdrawn',
  /** The call failed and no answer said why (a dropped connection, after the retries). */
  failed: 'We could not withdraw your application. Check your connection and try again.',
  /** 409: the fee is paid; the chart keeps a paid place (docs/product.md §2.2). */
  paid: 'Your fee is paid, so your place cannot be withdrawn here. Write to us and we will help.',
  /** 409: the application was decided and is not being considered any more. */
  decided: 'This application has been decided, so there is nothing to withdraw.',
  /** 409: the review is at a step that allows no change just now (a decision being recorded). */
  notNow: 'Your application cannot be withdrawn at this moment. Please try again in a few minutes.',
  emailSubject: (programme: string) => `We have withdrawn your application to ${programme}`,
  emailWithdrawn: (programme: string, cohort: string) =>
    `As you asked, we have withdrawn your application to ${programme} for ${cohort}. We will not consider it any further.`,
  /** Only to an applicant who held a place: it is free again. */
  emailSeat: 'The place we offered you now goes to someone else.',
  emailMistake:
    'If you did not ask for this, or you change your mind, reply to this email and we will look into it.',
} as const;
