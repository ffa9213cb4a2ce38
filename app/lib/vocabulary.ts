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
