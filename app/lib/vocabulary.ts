/**
 * The closed sets of values the site stores, each declared once: the database enums (db/schema.ts), the Zod schemas
 * and the labels people read all come from here.
 */

export const REVIEW_STATUSES = ["NEEDS_REVIEW", "UNDER_REVIEW", "APPROVED", "REJECTED"] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];
export const REVIEW_STATUS_LABELS: Record<ReviewStatus, string> = {
  NEEDS_REVIEW: "Needs review",
  UNDER_REVIEW: "Under review",
  APPROVED: "Approved",
  REJECTED: "Rejected",
};

export const REGION_KEYS = ["NorthAmerica", "SouthAmerica", "Europe", "Africa", "Asia", "Oceania"] as const;
export const RESOURCE_TYPE_VALUES = ["website", "youtube channel", "book", "podcast", "article", "app"] as const;
export const PROGRAM_FORMATS = ["in-person", "online", "hybrid"] as const;
export type ProgramFormat = (typeof PROGRAM_FORMATS)[number];
export const USER_ROLES = ["ADMIN", "DEFAULT"] as const;
export const APPLICANT_TYPES = ["educator", "learner"] as const;
export const ANALYTICS_KINDS = ["page_view", "user_interaction", "form_submission"] as const;
export const MARKER_TYPES = ["standard", "school", "farm", "ecovillage"] as const;
export type MarkerType = (typeof MARKER_TYPES)[number];

/** A message's way through the outbox: waiting, being handed to the mail server, delivered to it, given up, or
 * kept in the database because no mail server is configured (shown in the admin Outbox). */
export const MAIL_STATUSES = ["queued", "sending", "sent", "failed", "held"] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];
export const MAIL_STATUS_LABELS: Record<MailStatus, string> = {
  queued: "Queued",
  sending: "Sending",
  sent: "Sent",
  failed: "Failed",
  held: "Kept (no mail server)",
};

/** What a message is, for the Outbox's filter and the per-kind limits. */
export const MAIL_KINDS = [
  "newsletter-confirm",
  "newsletter-issue",
  "newsletter-test",
  "application-received",
  "application-decision",
  "application-notice",
  "password-reset",
  "staff-invite",
  "entry-check",
  "contribution-received",
  "podcast-confirm",
  "podcast-episode",
  "contribution-notice",
  "contribution-outcome",
  "staff-digest",
] as const;
export type MailKind = (typeof MAIL_KINDS)[number];
export const MAIL_KIND_LABELS: Record<MailKind, string> = {
  "newsletter-confirm": "Newsletter confirmation",
  "newsletter-issue": "Newsletter",
  "newsletter-test": "Newsletter test",
  "application-received": "Application received",
  "application-decision": "Application decision",
  "application-notice": "New application notice",
  "password-reset": "Password reset",
  "staff-invite": "Staff invitation",
  "entry-check": "Entry check",
  "contribution-received": "Contribution received",
  "podcast-confirm": "Podcast confirmation",
  "podcast-episode": "Podcast episode",
  "contribution-notice": "New contribution notice",
  "contribution-outcome": "Contribution outcome",
  "staff-digest": "Daily digest for staff",
};

/**
 * Where a directory entry (location, program, change-maker, resource) stands: only published entries reach public
 * pages, lists, the map, search, the sitemap and the feeds; drafts and archived entries are seen by staff only.
 */
export const ENTRY_STATUSES = ["draft", "published", "archived"] as const;
export type EntryStatus = (typeof ENTRY_STATUSES)[number];
export const ENTRY_STATUS_LABELS: Record<EntryStatus, string> = {
  draft: "Draft",
  published: "Published",
  archived: "Archived",
};

/** What a visitor's contribution is: a new place to list, or a correction to an entry. */
export const PROPOSAL_KINDS = ["new-place", "correction"] as const;
export type ProposalKind = (typeof PROPOSAL_KINDS)[number];
/** Where a contribution stands in the moderation queue. */
export const PROPOSAL_STATUSES = ["pending", "accepted", "rejected"] as const;
export type ProposalStatus = (typeof PROPOSAL_STATUSES)[number];
export const PROPOSAL_STATUS_LABELS: Record<ProposalStatus, string> = {
  pending: "Waiting",
  accepted: "Accepted",
  rejected: "Declined",
};

export const NEWSLETTER_ISSUE_STATUSES = ["draft", "sending", "sent"] as const;
export type NewsletterIssueStatus = (typeof NEWSLETTER_ISSUE_STATUSES)[number];

/** Where a newsletter subscription stands: only confirmed ones receive the newsletter and count. */
export const SUBSCRIBER_STATES = ["confirmed", "awaiting", "unsubscribed"] as const;
export type SubscriberState = (typeof SUBSCRIBER_STATES)[number];
export const SUBSCRIBER_STATE_LABELS: Record<SubscriberState, string> = {
  confirmed: "Confirmed",
  awaiting: "Awaiting confirmation",
  unsubscribed: "Unsubscribed",
};

export function subscriberState(s: { confirmedAt: Date | null; unsubscribedAt: Date | null }): SubscriberState {
  if (s.unsubscribedAt) return "unsubscribed";
  return s.confirmedAt ? "confirmed" : "awaiting";
}

/** The review outcomes an applicant is told of by e-mail (approval and rejection). */
export function isDecision(status: ReviewStatus): boolean {
  return status === "APPROVED" || status === "REJECTED";
}
