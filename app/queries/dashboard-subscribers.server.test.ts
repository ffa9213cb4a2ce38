import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { testDatabaseForFile } from "~tests/helpers/database-for-file";
import { getDashboardCounts } from "./dashboard.server";
import { countSubscriptionsByState } from "./newsletter.server";

const t = testDatabaseForFile({ reference: false });

describe("the dashboard's subscriber counts", () => {
  it("count confirmed subscribers who have not left, as the newsletter screen does, and the others apart", async () => {
    // The review's site: two confirmed, one waiting for confirmation (the dashboard said 3), plus one who left.
    await t.db.execute(sql`
      insert into newsletter_subscriptions (email, confirmed_at, unsubscribed_at) values
        ('ana@example.org', now(), null),
        ('ben@example.org', now(), null),
        ('cy@example.org', null, null),
        ('dee@example.org', now(), now())
    `);
    await t.db.execute(sql`
      insert into podcast_subscriptions (email, confirmed_at, confirm_sent_at) values
        ('listener@example.org', now(), now()),
        ('waiting@example.org', null, now())
    `);
    const counts = await getDashboardCounts(t.db);
    expect(counts.newsletterSubscribers).toBe((await countSubscriptionsByState(t.db)).confirmed);
    expect(counts).toMatchObject({
      newsletterSubscribers: 2,
      newsletterAwaiting: 1,
      newsletterUnsubscribed: 1,
      podcastSubscribers: 1,
      podcastAwaiting: 1,
    });
  });
});
