import { afterAll, describe, expect, it, vi } from "vitest";
import { ALL_PAGES_VISIBLE } from "~/lib/navigation";
import { GENERAL_DOC, putSettingsDocument, saveGeneralSettings, saveNavigation } from "~/queries/settings.server";
import { testDatabaseForFile } from "~tests/helpers/database-for-file";
import { getPublicSettings } from "./site-settings.server";

const t = testDatabaseForFile({ reference: false });

afterAll(async () => {
  vi.useRealTimers();
});

describe(`public settings (${process.env.TEST_DATABASE_URL ? "postgres" : "pglite"})`, () => {
  it("shows a saved change on the next page, announced through the change bus", async () => {
    const before = await getPublicSettings(t);
    expect(before.navigation.podcast).toBe(true);
    await saveNavigation(t, { ...ALL_PAGES_VISIBLE, podcast: false });
    await saveGeneralSettings(t, { contactEmail: "hello@example.org", mapStyleUrl: "", freshnessMonths: 12 });
    // Postgres delivers notifications asynchronously.
    await vi.waitFor(async () => {
      const after = await getPublicSettings(t);
      expect(after.navigation.podcast).toBe(false);
      expect(after.general.contactEmail).toBe("hello@example.org");
    });
  });

  it("keeps what it read between changes, and catches a change nobody announced within five seconds", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const first = await getPublicSettings(t);
    // Written straight to the database (another tool, a lost notification): not announced.
    await putSettingsDocument(t.db, GENERAL_DOC, { contactEmail: "quiet@example.org", mapStyleUrl: "" });
    expect((await getPublicSettings(t)).general.contactEmail).toBe(first.general.contactEmail);
    vi.advanceTimersByTime(5_001);
    expect((await getPublicSettings(t)).general.contactEmail).toBe("quiet@example.org");
    vi.useRealTimers();
  });
});
