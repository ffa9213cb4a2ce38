import { NEWSLETTER_MESSAGES } from "../lib/constants";

/**
 * Outcomes of a plain (no-JavaScript) newsletter post, carried back to /newsletter as a short code so the page
 * never echoes free text from the URL. `message` is the English text of the e-mail check that leads to it; `key` is
 * the message a page shows, and the API answers scripts with, in the page's language.
 */
export const NEWSLETTER_ERRORS = {
  "missing-email": { message: "Please enter your e-mail address.", key: "newsletter.missingEmail", field: true },
  "invalid-email": { message: "Please enter a valid e-mail address.", key: "newsletter.invalidEmail", field: true },
  "too-many": {
    message: "Too many sign-up attempts. Please wait a minute and try again.",
    key: "newsletter.tooMany",
    field: false,
  },
  failed: { message: NEWSLETTER_MESSAGES.error, key: "newsletter.error", field: false },
} as const;
export type NewsletterErrorCode = keyof typeof NEWSLETTER_ERRORS;

export function isNewsletterErrorCode(value: string | null): value is NewsletterErrorCode {
  return value !== null && Object.hasOwn(NEWSLETTER_ERRORS, value);
}

/** Maps a validation message from EmailSchema to its code. */
export function emailErrorCode(message: string | undefined): NewsletterErrorCode {
  if (message === NEWSLETTER_ERRORS["missing-email"].message) return "missing-email";
  return "invalid-email";
}
