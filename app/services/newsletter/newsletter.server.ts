/**
 * The newsletter's subscribers as staff's screens read them. Signing up, confirming and unsubscribing are the
 * mailing lists' (subscription-links.server.ts); issues are newsletter-issues.server.ts's.
 */
// Queries the screens use as they are (decision 068).
export {
  countNewsletterSubscriptionsMatching,
  countSubscriptionsByState,
  deleteNewsletterSubscription,
  getNewsletterSubscriptionById,
  listNewsletterSubscriptions,
} from "~/queries/newsletter.server";
