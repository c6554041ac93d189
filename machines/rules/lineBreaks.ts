/**
 * The line breaks a one-line field refuses (docs/decisions/017-server-input.md): CR and LF, NEL, and
 * the line and paragraph separators U+2028 and U+2029, which no one types on purpose in a name or an email's
 * subject. A file of its own, so that the staff screens' template check reads it without the applicant's field kinds.
 */

/** U+2028 and U+2029, as the body of a regular expression character class (the others are control characters). */
export const LINE_SEPARATORS = '\\u2028\\u2029';

/** Any line break. */
export const LINE_BREAK = /[\r\n\u0085\u2028\u2029]/;
