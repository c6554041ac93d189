/** What staff read on the Messages screen and the message forms (machines/rules/mailTemplates.ts). */
export const STAFF_TEMPLATE_MESSAGES = {
  subjectEmpty: 'Please write a subject',
  subjectTooLong: (max: number) => `Please keep the subject under ${max} characters`,
  subjectOneLine: 'Please write the subject on one line',
  bodyEmpty: 'Please write the message',
  bodyTooLong: (max: number) => `Please keep the message under ${max} characters`,
  unknownVariables: (names: string[]) =>
    `We cannot fill ${names.map((n) => `{{${n}}}`).join(', ')}: use only the variables listed`,
  unknownTemplate: 'Choose one of the emails listed',
  saved: 'Template saved: the next emails use it',
  restored: 'The built-in wording is back',
  /** Per inbox (docs/decisions/012-emails.md). */
  inboxFull: (max: number, hours: number) =>
    `This applicant has had ${max} messages from the team in the last ${hours} hours: try again later`,
  erased: "This applicant's data was erased: they cannot be written to",
  noEmail: 'This applicant has no email address we can write to',
  sentOne: 'Message sent',
  sentMany: (n: number) => `${n} ${n === 1 ? 'message' : 'messages'} sent`,
  wouldSend: (n: number, of: number) => `${n} of ${of} can be sent`,
} as const;
