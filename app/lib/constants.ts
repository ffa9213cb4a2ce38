/** The site's business constants and limits, in one place so they are findable. */
export const NEWSLETTER_THROTTLE_MS = 1000;
export const TOAST_DURATION_MS = 4000;
export const EXPLORE_CLOSE_DELAY_MS = 200;
export const MOBILE_BOTTOM_BAR_PADDING_PX = 64;
export const STORAGE_OPERATION_RETRY_LIMIT_MS = 120_000;
export const STORAGE_UPLOAD_RETRY_LIMIT_MS = 600_000;
export const STORAGE_MAX_BACKOFF_FACTOR = 64;
export const STORAGE_LIST_MAX_RESULTS = { min: 1, max: 1000 } as const;
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
/** A day in milliseconds, for windows and ages counted in days. */
export const DAY_MS = 24 * 60 * 60_000;

/**
 * Live settings streams (`/api/settings/stream`) one instance keeps open: a few per client address (the tabs of one
 * visitor, or of a small office behind one address) and a ceiling in all, since each open stream holds a connection.
 * A refused page (429 or 503, with Retry-After) asks for the settings every SETTINGS_POLL_MS instead and tries the
 * stream again later: the stream is a convenience, never needed to use the site.
 */
export const SETTINGS_STREAMS_PER_CLIENT = 4;
export const SETTINGS_STREAMS_PER_INSTANCE = 500;
export const SETTINGS_STREAM_RETRY_AFTER_S = 60;
export const SETTINGS_POLL_MS = 60_000;

export const NEWSLETTER_MESSAGES = {
  submitting: "Subscribing...",
  success: "Thank you for subscribing!",
  error: "Something went wrong. Please try again.",
} as const;

export const SITE_NAME = "Permaculture Network";
export const SITE_TAGLINE =
  "Connecting permaculture educators and learners worldwide. Discover sustainable living practices and find your next learning opportunity.";
export const LOCATIONS_PAGE_SIZE = 24;

/** The error for a focus area that is not in the list (only a tampered form can post one). */
export const UNKNOWN_FOCUS_AREAS = "Please choose focus areas from the list.";

/** Distances a visitor can limit location results to, in kilometres. */
export const WITHIN_KM = [10, 25, 50, 100, 250, 500, 1000] as const;

/** Staff lists in the admin area: rows per page, and for the long lists of people (subscribers) and media. */
export const ADMIN_PAGE_SIZE = 25;
export const ADMIN_LONG_PAGE_SIZE = 50;
/** Files shown at once in the media picker of a form. */
export const MEDIA_PICKER_PAGE_SIZE = 100;

/** The longest name a location or program may have; its slug is as long, so a longer slug is never looked up. */
export const ENTRY_NAME_MAX_LENGTH = 120;

/**
 * The longest search text read, on /search and in a list page's filter alike: longer input is cut to this many
 * characters (decision 065). No real query needs more, and a 10,000-character one must cost no more than this.
 */
export const MAX_QUERY_LENGTH = 200;
/** The program list's time choices: this month, the next three months, or chosen dates. */
export const PROGRAM_WHEN = ["month", "quarter", "dates"] as const;
/** The program list's price choices. */
export const PROGRAM_PRICES = ["free", "paid"] as const;

/** A request to confirm an entry (sent to its contact) has a link that works this many days. */
export const ENTRY_CHECK_LINK_DAYS = 30;

/** A release's browser files stay shared in the database this long after the last instance of it started. */
export const RELEASE_ASSET_RETENTION_DAYS = 30;

/** The analytics download lists this many pages, and values of each dimension; the screen shows the top 10. */
export const ANALYTICS_EXPORT_TOP = 1000;

/** How large a request body an address takes, and how long it may take to arrive (decision 051). */
export type BodyLimit = { bytes: number; timeoutMs: number };

/**
 * The largest body each kind of address accepts, refused with 413 while it streams in (decision 051). Forms and JSON
 * are read whole into memory before a route sees them, so each limit fits the largest honest post of its kind.
 * Uploads (`/api/storage`) keep STORAGE_MAX_UPLOAD_BYTES; analytics events their own 4 KB.
 */
export const BODY_LIMITS = {
  /** The JSON and form APIs under /api (the newsletter sign-up: an address, a source, a language). */
  api: { bytes: 16 * 1024, timeoutMs: 15_000 },
  /**
   * Public forms and the staff's sign-in forms. The largest is the application: two answers of 4,000 characters,
   * which percent-encoded in any script take up to 9 bytes a character (72 KB), and a score of short fields.
   */
  publicForm: { bytes: 128 * 1024, timeoutMs: 30_000 },
  /** Staff's forms: the largest is a newsletter issue of 100,000 characters in five languages. */
  staffForm: { bytes: 8 * 1024 * 1024, timeoutMs: 120_000 },
} as const satisfies Record<string, BodyLimit>;
