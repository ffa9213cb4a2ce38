import { type SQL, sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import type { EntryTranslations } from "~/lib/i18n/entry-translations";
import type { NameTranslations } from "~/lib/reference-names";
import {
  ANALYTICS_KINDS,
  APPLICANT_TYPES,
  ENTRY_STATUSES,
  MAIL_KINDS,
  MAIL_STATUSES,
  NEWSLETTER_ISSUE_STATUSES,
  PROGRAM_FORMATS,
  PROPOSAL_KINDS,
  PROPOSAL_STATUSES,
  REGION_KEYS,
  RESOURCE_TYPE_VALUES,
  REVIEW_STATUSES,
  USER_ROLES,
} from "~/lib/vocabulary";

const timestamps = {
  createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
};
/**
 * When the entry last changed in any way the open data shows (decision 069): set by the database to its writing
 * transaction's start (`now()`) on every insert and every update that changes the row, whatever code writes it, so a
 * mirror reading `/api/v1/…?updated_since=` never misses a write path. Apart from `updated_at`, which is when staff
 * last changed the content (a contact's confirmation or a moved image leaves it alone).
 */
const changed = {
  changedAt: timestamp("changed_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
};
/** When staff last looked at a public entry and found it current (shown as "Last checked" on its page). */
const checked = {
  checkedAt: timestamp("checked_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
};

// ---------------------------------------------------------------------------
// Enumerations
// ---------------------------------------------------------------------------

/**
 * The address key of a name or a page address: lower case, runs of spaces and hyphens as one hyphen, none at the
 * ends. Two names with the same key would fight for one page address ("Cedar Hollow" and "cedar  hollow"), and an
 * address typed in another case ("/location/cedar-hollow") finds its entry by it. Computed by the database on both
 * sides of a comparison, so letter case folds the same way for every script.
 */
export function addressKeySql(value: SQL | AnyPgColumn | string): SQL {
  return sql`lower(btrim(regexp_replace(${value}, '[[:space:]-]+', '-', 'g'), '-'))`;
}

export const regionKeyEnum = pgEnum("region_key", REGION_KEYS);
export const resourceTypeEnum = pgEnum("resource_type", RESOURCE_TYPE_VALUES);
export const reviewStatusEnum = pgEnum("review_status", REVIEW_STATUSES);
export const userRoleEnum = pgEnum("user_role", USER_ROLES);
export const programFormatEnum = pgEnum("program_format", PROGRAM_FORMATS);
export const applicantTypeEnum = pgEnum("applicant_type", APPLICANT_TYPES);
export const analyticsKindEnum = pgEnum("analytics_kind", ANALYTICS_KINDS);
export const mailStatusEnum = pgEnum("mail_status", MAIL_STATUSES);
export const mailKindEnum = pgEnum("mail_kind", MAIL_KINDS);
export const entryStatusEnum = pgEnum("entry_status", ENTRY_STATUSES);
export const proposalKindEnum = pgEnum("proposal_kind", PROPOSAL_KINDS);
export const proposalStatusEnum = pgEnum("proposal_status", PROPOSAL_STATUSES);
export const newsletterIssueStatusEnum = pgEnum("newsletter_issue_status", NEWSLETTER_ISSUE_STATUSES);

/** Draft, published or archived: only published entries are public (ENTRY_STATUSES). */
const entryStatus = {
  status: entryStatusEnum("status").notNull().default("published"),
};

/**
 * The language an entry was written in (one of LANGUAGES, set by staff) and its translations of its name and text
 * fields, `{ "<language>": { "<field>": "text" } }`, read with the entry (decision 032).
 */
const entryLanguage = {
  language: text("language").notNull().default("en"),
  translations: jsonb("translations").$type<EntryTranslations>().notNull().default({}),
};

// ---------------------------------------------------------------------------
// Users and authentication (better-auth's tables, with the admin plugin's fields)
// ---------------------------------------------------------------------------
export const users = pgTable(
  "users",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    emailVerified: boolean("email_verified").notNull().default(false),
    image: text("image"),
    role: userRoleEnum("role").notNull().default("DEFAULT"),
    banned: boolean("banned").default(false),
    banReason: text("ban_reason"),
    banExpires: timestamp("ban_expires", { withTimezone: true }),
    /** Staff who asked to hear of each new application by e-mail. */
    notifyApplications: boolean("notify_applications").notNull().default(false),
    /** Staff who asked to hear of each new suggested place or correction by e-mail (decision 058). */
    notifyContributions: boolean("notify_contributions").notNull().default(false),
    /** Their notices come as one daily digest instead of one message each. */
    notifyDigest: boolean("notify_digest").notNull().default(false),
    /**
     * When they last saved their notice settings; null means never, and the default applies: both notices, one
     * message each, for the first administrator (the oldest active admin), none for anyone else.
     */
    noticesChosenAt: timestamp("notices_chosen_at", { withTimezone: true }),
    /** When their last daily digest was taken (claimed once a day across instances). */
    digestSentAt: timestamp("digest_sent_at", { withTimezone: true }),
    ...timestamps,
  },
  (t) => [uniqueIndex("users_email_unique").on(t.email)],
);

export const sessions = pgTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    token: text("token").notNull(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    impersonatedBy: text("impersonated_by"),
    ...timestamps,
  },
  (t) => [uniqueIndex("sessions_token_unique").on(t.token), index("sessions_user_id_idx").on(t.userId)],
);

export const accounts = pgTable(
  "accounts",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
    scope: text("scope"),
    password: text("password"),
    ...timestamps,
  },
  (t) => [index("accounts_user_id_idx").on(t.userId)],
);

export const verifications = pgTable(
  "verifications",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    ...timestamps,
  },
  (t) => [index("verifications_identifier_idx").on(t.identifier)],
);

/** Fixed-window counters shared by every server instance (login limiter, form limits). */
export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  count: integer("count").notNull().default(0),
  windowStart: bigint("window_start", { mode: "number" }).notNull(),
  blockedUntil: bigint("blocked_until", { mode: "number" }).notNull().default(0),
  /**
   * When the current window ends (ms since the epoch): after it, and after `blockedUntil`, the row counts nothing
   * and the hourly maintenance deletes it (decision 054). Null for a row written without it: kept a week.
   */
  expiresAt: bigint("expires_at", { mode: "number" }),
});

// ---------------------------------------------------------------------------
// Reference data
// ---------------------------------------------------------------------------
export const regions = pgTable("regions", {
  id: uuid("id").primaryKey().defaultRandom(),
  key: regionKeyEnum("key").notNull().unique(),
  name: text("name").notNull().unique(),
  description: text("description").notNull().default(""),
  translations: jsonb("translations").$type<NameTranslations>().notNull().default({}),
});

export const subRegions = pgTable(
  "sub_regions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    regionId: uuid("region_id")
      .notNull()
      .references(() => regions.id, { onDelete: "cascade" }),
    translations: jsonb("translations").$type<NameTranslations>().notNull().default({}),
  },
  (t) => [
    uniqueIndex("sub_regions_region_name_unique").on(t.regionId, t.name),
    index("sub_regions_name_idx").on(t.name),
  ],
);

export const focusAreas = pgTable("focus_areas", {
  id: uuid("id").primaryKey().defaultRandom(),
  name: text("name").notNull().unique(),
  categoryId: text("category_id").notNull().default(""),
  translations: jsonb("translations").$type<NameTranslations>().notNull().default({}),
});

// ---------------------------------------------------------------------------
// Directory content
// ---------------------------------------------------------------------------
export const locations = pgTable(
  "locations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    /** The public URL key: the name with spaces as hyphens. Unique, so the slug maps back to one name. */
    slug: text("slug").notNull().generatedAlwaysAs(sql`replace(name, ' ', '-')`),
    shortDescription: text("short_description").notNull().default(""),
    longDescription: text("long_description").notNull().default(""),
    originalImageUrl: text("original_image_url"),
    webpImageUrl: text("webp_image_url"),
    imageWidth: integer("image_width"),
    imageHeight: integer("image_height"),
    website: text("website"),
    country: text("country").notNull().default(""),
    regionName: text("region_name").notNull().default(""),
    regionId: uuid("region_id").references(() => regions.id, { onDelete: "set null" }),
    subRegionId: uuid("sub_region_id").references(() => subRegions.id, { onDelete: "set null" }),
    contactEmail: text("contact_email"),
    contactPhone: text("contact_phone"),
    contactAddress: text("contact_address"),
    contactCity: text("contact_city"),
    contactState: text("contact_state"),
    contactZipCode: text("contact_zip_code"),
    focusAreas: uuid("focus_areas").array().notNull().default(sql`'{}'::uuid[]`),
    latitude: doublePrecision("latitude"),
    longitude: doublePrecision("longitude"),
    markerType: text("marker_type").notNull().default("standard"),
    featured: boolean("featured").notNull().default(false),
    ...timestamps,
    ...changed,
    ...entryStatus,
    ...checked,
    /** When the contact was last asked to confirm the entry, and the one-time value of that request's link. */
    checkRequestedAt: timestamp("check_requested_at", { withTimezone: true, mode: "date" }),
    checkNonce: text("check_nonce"),
    ...entryLanguage,
  },
  (t) => [
    uniqueIndex("locations_name_unique").on(t.name),
    uniqueIndex("locations_slug_unique").on(t.slug),
    index("locations_region_id_idx").on(t.regionId, t.name),
    index("locations_sub_region_id_idx").on(t.subRegionId),
    index("locations_country_idx").on(t.country, t.name),
    index("locations_focus_areas_idx").using("gin", t.focusAreas),
    index("locations_updated_at_idx").on(t.updatedAt),
    // "Near me" and the search's "within" filter read a box of positions (decision 029).
    index("locations_position_idx").on(t.latitude, t.longitude),
    index("locations_lower_name_idx").on(sql`lower(${t.name})`),
    index("locations_address_key_idx").on(addressKeySql(t.name)),
    // The home page's featured places: a handful among all (a full scan at 500,000 without it).
    index("locations_featured_idx").on(t.updatedAt.desc(), t.name).where(sql`${t.featured}`),
    index("locations_changed_idx").on(t.changedAt, t.id),
  ],
);

export const programs = pgTable(
  "programs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    slug: text("slug").notNull().generatedAlwaysAs(sql`replace(name, ' ', '-')`),
    summary: text("summary").notNull().default(""),
    description: text("description").notNull().default(""),
    locationId: uuid("location_id").references(() => locations.id, { onDelete: "set null" }),
    startDate: date("start_date", { mode: "string" }),
    endDate: date("end_date", { mode: "string" }),
    format: programFormatEnum("format").notNull().default("in-person"),
    priceCents: integer("price_cents"),
    currency: text("currency").notNull().default("USD"),
    educators: text("educators").array().notNull().default(sql`'{}'::text[]`),
    applicationUrl: text("application_url"),
    capacity: integer("capacity"),
    focusAreas: uuid("focus_areas").array().notNull().default(sql`'{}'::uuid[]`),
    imageUrl: text("image_url"),
    /**
     * The languages the course is taught in: ISO 639-1 codes of app/lib/instruction-languages.ts (decision 060), not
     * the language the entry is written in (`language`).
     */
    instructionLanguages: text("instruction_languages").array().notNull().default(sql`'{}'::text[]`),
    ...timestamps,
    ...changed,
    ...entryStatus,
    ...checked,
    ...entryLanguage,
  },
  (t) => [
    uniqueIndex("programs_name_unique").on(t.name),
    uniqueIndex("programs_slug_unique").on(t.slug),
    index("programs_address_key_idx").on(addressKeySql(t.name)),
    index("programs_start_date_idx").on(t.startDate),
    index("programs_location_id_idx").on(t.locationId),
    // The list's "Language of instruction" filter asks `instruction_languages @> ARRAY[code]`.
    index("programs_instruction_languages_idx").using("gin", t.instructionLanguages),
    index("programs_changed_idx").on(t.changedAt, t.id),
  ],
);

export const changeMakers = pgTable(
  "change_makers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    role: text("role").notNull().default(""),
    bio: text("bio").notNull().default(""),
    country: text("country").notNull().default(""),
    photoUrl: text("photo_url"),
    webpPhotoUrl: text("webp_photo_url"),
    links: jsonb("links").$type<{ label: string; url: string }[]>().notNull().default([]),
    relatedLocationIds: uuid("related_location_ids").array().notNull().default(sql`'{}'::uuid[]`),
    focusAreas: uuid("focus_areas").array().notNull().default(sql`'{}'::uuid[]`),
    ...timestamps,
    ...changed,
    ...entryStatus,
    ...checked,
    ...entryLanguage,
  },
  (t) => [index("change_makers_name_idx").on(t.name), index("change_makers_changed_idx").on(t.changedAt, t.id)],
);

export const resources = pgTable(
  "resources",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    title: text("title").notNull(),
    type: resourceTypeEnum("type").notNull(),
    url: text("url").notNull(),
    description: text("description").notNull().default(""),
    author: text("author").notNull().default(""),
    imageUrl: text("image_url"),
    focusAreas: uuid("focus_areas").array().notNull().default(sql`'{}'::uuid[]`),
    ...timestamps,
    ...changed,
    ...entryStatus,
    ...entryLanguage,
  },
  (t) => [
    index("resources_type_title_idx").on(t.type, t.title),
    index("resources_title_idx").on(t.title),
    index("resources_changed_idx").on(t.changedAt, t.id),
  ],
);

export const podcastEpisodes = pgTable(
  "podcast_episodes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    number: integer("number").notNull(),
    title: text("title").notNull(),
    summary: text("summary").notNull().default(""),
    showNotes: text("show_notes").notNull().default(""),
    guest: text("guest").notNull().default(""),
    audioUrl: text("audio_url"),
    audioType: text("audio_type").notNull().default("audio/mpeg"),
    audioBytes: integer("audio_bytes"),
    durationSeconds: integer("duration_seconds").notNull().default(0),
    imageUrl: text("image_url"),
    publishedAt: timestamp("published_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    /**
     * When the episode was e-mailed to the confirmed podcast subscribers, and to how many (decision 057): set in the
     * transaction that queues the messages, only while null, so an episode is announced once however many staff,
     * instances or restarts try. Null: never e-mailed (staff choose to when they save it).
     */
    announcedAt: timestamp("announced_at", { withTimezone: true, mode: "date" }),
    announcedTo: integer("announced_to").notNull().default(0),
    ...timestamps,
    ...changed,
    ...entryLanguage,
  },
  (t) => [
    uniqueIndex("podcast_episodes_number_unique").on(t.number),
    index("podcast_episodes_published_idx").on(t.publishedAt),
    index("podcast_episodes_changed_idx").on(t.changedAt, t.id),
  ],
);

// ---------------------------------------------------------------------------
// Visitors' submissions
// ---------------------------------------------------------------------------
export const newsletterSubscriptions = pgTable(
  "newsletter_subscriptions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: text("email").notNull(),
    /** The subscription's `timestamp`: when the address subscribed. */
    timestamp: timestamp("timestamp", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    source: text("source").notNull().default("footer"),
    /** When the address confirmed the subscription (double opt-in); until then it receives nothing but the
     * confirmation message. */
    confirmedAt: timestamp("confirmed_at", { withTimezone: true, mode: "date" }),
    /** The one confirmation link that is valid: a new request replaces it, confirming clears it. */
    confirmNonce: text("confirm_nonce"),
    confirmSentAt: timestamp("confirm_sent_at", { withTimezone: true, mode: "date" }),
    /** Kept after unsubscribing (for per-issue counts); an unsubscribed address receives nothing. */
    unsubscribedAt: timestamp("unsubscribed_at", { withTimezone: true, mode: "date" }),
    /** The language of the page the address signed up on (one of LANGUAGES): every message to it is in it. */
    language: text("language").notNull().default("en"),
  },
  (t) => [
    uniqueIndex("newsletter_email_unique").on(sql`lower(${t.email})`),
    index("newsletter_timestamp_idx").on(t.timestamp),
    index("newsletter_confirmed_idx").on(t.confirmedAt),
  ],
);

/** An issue of the newsletter: written in Markdown by staff, sent once to every confirmed subscriber. */
export const newsletterIssues = pgTable(
  "newsletter_issues",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    subject: text("subject").notNull(),
    body: text("body").notNull().default(""),
    /**
     * The language subject and body are written in (one of LANGUAGES, set by staff) and their translations,
     * `{ "<language>": { "subject": "…", "body": "…" } }`: each subscriber gets their language's (decision 040).
     */
    language: text("language").notNull().default("en"),
    translations: jsonb("translations").$type<EntryTranslations>().notNull().default({}),
    status: newsletterIssueStatusEnum("status").notNull().default("draft"),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    /** When sending began: subscribers who leave after it count as "unsubscribed since". */
    sendStartedAt: timestamp("send_started_at", { withTimezone: true, mode: "date" }),
    sentAt: timestamp("sent_at", { withTimezone: true, mode: "date" }),
    recipients: integer("recipients").notNull().default(0),
    ...timestamps,
  },
  (t) => [index("newsletter_issues_created_idx").on(t.createdAt)],
);

/**
 * The outbox: every e-mail the site sends is a row here, written in the same transaction as the change that causes
 * it, and handed to the mail server by the mail worker (decision 014). Without a mail server the messages are kept
 * here (status "held") and shown in the admin Outbox.
 */
export const mailMessages = pgTable(
  "mail_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: mailKindEnum("kind").notNull(),
    toAddress: text("to_address").notNull(),
    /**
     * The mailbox the address delivers to (lower case, no +tag, no dots Gmail ignores: `mailboxOf`) and its domain:
     * what the per-recipient caps count, so `victim+1@…` and `Victim@…` are one recipient (decision 054).
     */
    toMailbox: text("to_mailbox").notNull(),
    toDomain: text("to_domain").notNull(),
    subject: text("subject").notNull(),
    textBody: text("text_body").notNull(),
    htmlBody: text("html_body").notNull(),
    /** Extra headers (List-Unsubscribe and the like), as name → value. */
    headers: jsonb("headers").$type<Record<string, string>>().notNull().default({}),
    messageId: text("message_id").notNull(),
    status: mailStatusEnum("status").notNull().default("queued"),
    attempts: integer("attempts").notNull().default(0),
    /** Not before this time (exponential backoff after a temporary failure; throttling of newsletters). */
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    /** While "sending": the claim's end; a worker that died mid-send leaves a claim that runs out. */
    lockedUntil: timestamp("locked_until", { withTimezone: true, mode: "date" }),
    lastError: text("last_error"),
    /** Sending is given up after this (a day after queueing). */
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true, mode: "date" }),
    newsletterIssueId: uuid("newsletter_issue_id").references(() => newsletterIssues.id, { onDelete: "set null" }),
    /** One message per purpose (e.g. an issue to one subscriber): a second enqueue of the same key is ignored. */
    dedupeKey: text("dedupe_key"),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [
    index("mail_messages_due_idx").on(t.status, t.nextAttemptAt),
    index("mail_messages_created_idx").on(t.createdAt),
    index("mail_messages_issue_idx").on(t.newsletterIssueId, t.status),
    index("mail_messages_to_idx").on(sql`lower(${t.toAddress})`, t.createdAt),
    index("mail_messages_mailbox_idx").on(t.toMailbox, t.kind, t.createdAt),
    index("mail_messages_domain_idx").on(t.toDomain, t.kind, t.createdAt),
    uniqueIndex("mail_messages_dedupe_unique").on(t.dedupeKey),
  ],
);

/**
 * Addresses that asked for an e-mail per new episode: double opt-in like the newsletter's (decision 057). Until the
 * address confirms it gets nothing but the confirmation message; sign-ups from before confirmation existed have no
 * `confirmSentAt` and are asked once by the hourly maintenance. Unsubscribing deletes the row.
 */
export const podcastSubscriptions = pgTable(
  "podcast_subscriptions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: text("email").notNull(),
    timestamp: timestamp("timestamp", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true, mode: "date" }),
    /** The one-time value the confirmation links carry: kept until used, so every link sent works until then. */
    confirmNonce: text("confirm_nonce"),
    confirmSentAt: timestamp("confirm_sent_at", { withTimezone: true, mode: "date" }),
    /** The language of the page the address signed up on (one of LANGUAGES): its messages are written in it. */
    language: text("language").notNull().default("en"),
  },
  (t) => [
    uniqueIndex("podcast_sub_email_unique").on(sql`lower(${t.email})`),
    index("podcast_sub_timestamp_idx").on(t.timestamp),
    index("podcast_sub_confirmed_idx").on(t.confirmedAt),
  ],
);

export const applications = pgTable(
  "applications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    fullName: text("full_name").notNull(),
    email: text("email").notNull(),
    applicantType: applicantTypeEnum("applicant_type").notNull(),
    organization: text("organization").notNull().default(""),
    country: text("country").notNull(),
    regionId: uuid("region_id").references(() => regions.id, { onDelete: "set null" }),
    focusAreas: uuid("focus_areas").array().notNull().default(sql`'{}'::uuid[]`),
    experience: text("experience").notNull().default(""),
    seeking: text("seeking").notNull().default(""),
    website: text("website"),
    consentAt: timestamp("consent_at", { withTimezone: true, mode: "date" }).notNull(),
    status: reviewStatusEnum("status").notNull().default("NEEDS_REVIEW"),
    notes: text("notes").notNull().default(""),
    /** The draft place and profile staff made from this application (each links back here). */
    locationId: uuid("location_id").references(() => locations.id, { onDelete: "set null" }),
    changeMakerId: uuid("change_maker_id").references(() => changeMakers.id, { onDelete: "set null" }),
    /** The language of the page the application was sent from (one of LANGUAGES): messages to the applicant use it. */
    language: text("language").notNull().default("en"),
    ...timestamps,
  },
  (t) => [
    index("applications_location_idx").on(t.locationId),
    index("applications_change_maker_idx").on(t.changeMakerId),
    index("applications_status_created_idx").on(t.status, t.createdAt),
    index("applications_created_idx").on(t.createdAt),
  ],
);

/**
 * A visitor's contribution waiting for staff: a place to list, or a correction to an entry. The proposed values are
 * kept as the visitor sent them (after validation) and never touch an entry until staff accept them, field by field.
 */
export const proposals = pgTable(
  "proposals",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: proposalKindEnum("kind").notNull(),
    /** "location" for proposed places; the corrected entry's kind for corrections. */
    entity: text("entity").notNull(),
    /** The corrected entry, or the draft an accepted place became. */
    entityId: uuid("entity_id"),
    fields: jsonb("fields").$type<Record<string, string | string[] | null>>().notNull().default({}),
    /** For corrections: the entry's values as the visitor saw them when proposing. */
    seen: jsonb("seen").$type<Record<string, string | string[] | null>>().notNull().default({}),
    /** For corrections: the visitor says the place has closed or moved. */
    closure: text("closure"),
    comment: text("comment").notNull().default(""),
    email: text("email"),
    consentAt: timestamp("consent_at", { withTimezone: true, mode: "date" }),
    /**
     * The language of the page the visitor sent it from: a proposed place's original language when it becomes an
     * entry, and the language of the mail that tells the visitor the outcome (decision 058).
     */
    language: text("language").notNull().default("en"),
    /** When the visitor was told the outcome (or found not to be told): a place once published, a correction once decided. */
    outcomeSentAt: timestamp("outcome_sent_at", { withTimezone: true, mode: "date" }),
    status: proposalStatusEnum("status").notNull().default("pending"),
    /** Why staff declined (optional), and staff's own note. */
    reason: text("reason").notNull().default(""),
    note: text("note").notNull().default(""),
    decidedBy: text("decided_by"),
    decidedAt: timestamp("decided_at", { withTimezone: true, mode: "date" }),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [
    index("proposals_status_created_idx").on(t.status, t.createdAt),
    index("proposals_entity_idx").on(t.entity, t.entityId),
  ],
);

/**
 * One change to a directory entry: each field's value before and after, who made it (staff, or the accepted
 * correction it came from) and, for a revert, the revision it undid. Shown on the entry's admin screen.
 */
export const entryRevisions = pgTable(
  "entry_revisions",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    entity: text("entity").notNull(),
    entityId: uuid("entity_id").notNull(),
    changes: jsonb("changes").$type<Record<string, { from: unknown; to: unknown }>>().notNull(),
    userId: text("user_id"),
    userEmail: text("user_email").notNull().default(""),
    proposalId: uuid("proposal_id"),
    reverts: bigint("reverts", { mode: "number" }),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [index("entry_revisions_entity_idx").on(t.entity, t.entityId, t.createdAt)],
);

/**
 * An old public address of an entry: the slug it had before a rename, or the slug of an entry merged into it.
 * A page request that finds no entry by its slug looks here and answers 301 to the entry's address now.
 */
export const entryRedirects = pgTable(
  "entry_redirects",
  {
    entity: text("entity").notNull(),
    slug: text("slug").notNull(),
    targetId: uuid("target_id").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.entity, t.slug] }), index("entry_redirects_target_idx").on(t.targetId)],
);

/**
 * An entry that left the open data (decision 069): deleted, unpublished, or merged into another (`mergedInto`).
 * Written by the database in the transaction that removes it (a trigger on each entry table), dropped when the entry
 * is published again, kept at least a year (the hourly maintenance prunes older ones). `/api/v1/…?updated_since=`
 * lists them among the changes, so a mirror deletes what the site no longer shows.
 */
export const openDataTombstones = pgTable(
  "open_data_tombstones",
  {
    /** The open-data collection: place, program, change-maker, resource, episode. */
    kind: text("kind").notNull(),
    id: uuid("id").notNull(),
    deletedAt: timestamp("deleted_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    mergedInto: uuid("merged_into"),
  },
  (t) => [
    primaryKey({ columns: [t.kind, t.id] }),
    index("open_data_tombstones_order_idx").on(t.kind, t.deletedAt, t.id),
  ],
);

// ---------------------------------------------------------------------------
// Settings, media, audit, analytics
// ---------------------------------------------------------------------------
/** One row per settings document; the `navigation` document lives here. */
export const siteSettings = pgTable("site_settings", {
  key: text("key").primaryKey(),
  value: jsonb("value").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  updatedBy: text("updated_by"),
});

/**
 * The site's own texts (site name, home heading and introduction, footer tagline, About, Privacy, Terms), one row per
 * saved revision: the newest row of a key and language is the text shown. Restoring an old revision writes a new
 * row with its text, so the history only grows. Every write bumps the "settings" content version (a trigger).
 */
export const pageTextRevisions = pgTable(
  "page_text_revisions",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    key: text("key").notNull(),
    language: text("language").notNull().default("en"),
    body: text("body").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    createdBy: text("created_by"),
    createdByEmail: text("created_by_email").notNull().default(""),
    /** The revision whose text this one put back, when it was a restore. */
    restoredFrom: bigint("restored_from", { mode: "number" }),
  },
  (t) => [index("page_text_revisions_key_idx").on(t.key, t.language, t.id)],
);

/**
 * A version number per kind of public content, bumped by a statement trigger on every write to its tables (from the
 * site, `seed:scale`, a migration or `psql`) and visible at commit. Each instance compares it every few seconds with
 * what its caches were built from, so a lost change notification leaves no instance stale for long.
 */
export const contentVersions = pgTable("content_versions", {
  entity: text("entity").primaryKey(),
  version: bigint("version", { mode: "number" }).notNull().default(0),
  changedAt: timestamp("changed_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
});

/** Stored file metadata for the media library. */
export const mediaObjects = pgTable(
  "media_objects",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    bucket: text("bucket").notNull(),
    fullPath: text("full_path").notNull(),
    name: text("name").notNull(),
    size: bigint("size", { mode: "number" }).notNull(),
    generation: text("generation").notNull(),
    metageneration: text("metageneration").notNull().default("1"),
    contentType: text("content_type"),
    md5Hash: text("md5_hash"),
    cacheControl: text("cache_control"),
    contentDisposition: text("content_disposition"),
    contentEncoding: text("content_encoding"),
    contentLanguage: text("content_language"),
    customMetadata: jsonb("custom_metadata").$type<Record<string, string>>().notNull().default({}),
    downloadTokens: text("download_tokens").notNull(),
    storageKey: text("storage_key").notNull(),
    timeCreated: timestamp("time_created", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    updated: timestamp("updated", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("media_bucket_path_unique").on(t.bucket, t.fullPath),
    index("media_time_created_idx").on(t.timeCreated),
  ],
);

export const auditLog = pgTable(
  "audit_log",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: text("user_id"),
    userEmail: text("user_email").notNull().default(""),
    action: text("action").notNull(),
    entity: text("entity").notNull(),
    entityId: text("entity_id"),
    summary: text("summary").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [index("audit_log_created_idx").on(t.createdAt)],
);

export const analyticsEvents = pgTable(
  "analytics_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    kind: analyticsKindEnum("kind").notNull(),
    path: text("path").notNull().default(""),
    title: text("title"),
    category: text("category"),
    action: text("action"),
    label: text("label"),
    value: doublePrecision("value"),
    formName: text("form_name"),
    referrer: text("referrer"),
    visitorHash: text("visitor_hash"),
    device: text("device"),
    country: text("country"),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [index("analytics_created_idx").on(t.createdAt), index("analytics_kind_created_idx").on(t.kind, t.createdAt)],
);

/** Request statistics per route pattern and time bucket. */
export const requestStats = pgTable(
  "request_stats",
  {
    bucketStart: timestamp("bucket_start", { withTimezone: true, mode: "date" }).notNull(),
    route: text("route").notNull(),
    method: text("method").notNull(),
    count: integer("count").notNull().default(0),
    count2xx: integer("count_2xx").notNull().default(0),
    count3xx: integer("count_3xx").notNull().default(0),
    count4xx: integer("count_4xx").notNull().default(0),
    count5xx: integer("count_5xx").notNull().default(0),
    /** Latency histogram: counts per bucket boundary in ms, so percentiles survive merging. */
    histogram: jsonb("histogram").$type<number[]>().notNull().default([]),
    totalMs: doublePrecision("total_ms").notNull().default(0),
    maxMs: doublePrecision("max_ms").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.bucketStart, t.route, t.method] }),
    index("request_stats_bucket_idx").on(t.bucketStart),
  ],
);

// ---------------------------------------------------------------------------
// Analytics rollups: one row per day (and per page / dimension). Raw events are rolled up once a day is over and
// deleted after the retention period; rollups are kept for ever and keep the dashboard fast.
// ---------------------------------------------------------------------------
export const analyticsDailyTotals = pgTable("analytics_daily_totals", {
  day: date("day", { mode: "string" }).primaryKey(),
  pageViews: integer("page_views").notNull().default(0),
  visitors: integer("visitors").notNull().default(0),
  interactions: integer("interactions").notNull().default(0),
  formSubmissions: integer("form_submissions").notNull().default(0),
});

export const analyticsDailyPages = pgTable(
  "analytics_daily_pages",
  {
    day: date("day", { mode: "string" }).notNull(),
    path: text("path").notNull(),
    views: integer("views").notNull().default(0),
    visitors: integer("visitors").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.path] })],
);

/** Counts per day for one dimension: referrer, device, country, form, interaction ("category/action"). */
export const analyticsDailyDims = pgTable(
  "analytics_daily_dims",
  {
    day: date("day", { mode: "string" }).notNull(),
    dim: text("dim").notNull(),
    key: text("key").notNull(),
    count: integer("count").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.dim, t.key] })],
);

/** Bytes (bytea): Postgres hands them back as Buffers, the embedded database as Uint8Arrays; callers get Buffers. */
const bytes = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * The browser files (/assets/: scripts, styles, map data) of every release started on this database, by their
 * content-hashed names (decision 050). During a rolling upgrade a page from one release may ask an instance of the
 * other for its files, and a tab opened before an upgrade may load a file the new release no longer has: an
 * instance serves what its own build lacks from here. Files not part of any release started for 30 days are dropped.
 */
export const releaseAssets = pgTable("release_assets", {
  name: text("name").primaryKey(),
  body: bytes("body").notNull(),
  lastSeen: timestamp("last_seen", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
});
