import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { adminHarnessForFile } from "~tests/helpers/admin-context";
import { notifyContentChanged } from "../entries/content-events.server";
import { loadHomePage } from "./home.server";

const h = adminHarnessForFile("home-page@example.org", { reference: false });

beforeAll(async () => {
  await h.t.db.execute(sql`
    INSERT INTO programs (name, summary, start_date, status, language, translations) VALUES
      ('Soil Week', 'Five days on living soil.', '2099-03-01', 'published', 'en',
        '{"es": {"name": "Semana del suelo", "summary": "Cinco días sobre el suelo vivo."}}'),
      ('Water Day', 'One day on water.', '2099-03-02', 'published', 'en', '{}')`);
  await h.t.db.execute(sql`
    INSERT INTO podcast_episodes (number, title, summary, published_at, language, translations) VALUES
      (1, 'Hedges', 'Why hedges matter.', now(), 'en', '{"es": {"title": "Setos", "summary": "Por qué importan los setos."}}')`);
});

describe(`the home page's data (${process.env.TEST_DATABASE_URL ? "postgres" : "pglite"})`, () => {
  it("shows programs and episodes in the page's language where translated, else the original marked with its language", async () => {
    const es = await loadHomePage(h.context.services, "es", "2099-01-01");
    const soil = es.upcoming.find((p) => p.name === "Soil Week");
    expect(soil).toMatchObject({
      shownName: "Semana del suelo",
      nameLang: null,
      summary: "Cinco días sobre el suelo vivo.",
    });
    expect(es.upcoming.find((p) => p.name === "Water Day")).toMatchObject({
      shownName: "Water Day",
      nameLang: "en",
      summaryLang: "en",
    });
    expect(es.episodes[0]).toMatchObject({ title: "Setos", titleLang: null, summary: "Por qué importan los setos." });

    const en = await loadHomePage(h.context.services, "en", "2099-01-01");
    expect(en.upcoming.find((p) => p.name === "Soil Week")).toMatchObject({ shownName: "Soil Week", nameLang: null });
    expect(en.episodes[0]).toMatchObject({ title: "Hedges", titleLang: null });
  });

  it("keeps its lists until an episode, program, place or picture changes, then shows the change", async () => {
    const services = h.context.services;
    const before = await loadHomePage(services, "en", "2099-01-01");
    expect(before.episodes.map((e) => e.title)).toEqual(["Hedges"]);
    await h.t.db.execute(sql`
      INSERT INTO podcast_episodes (number, title, summary, published_at, language, translations)
      VALUES (2, 'Ponds', 'Why ponds matter.', now(), 'en', '{}')`);
    // Until the change is announced, the home page keeps the lists it read: no query for them per render.
    expect((await loadHomePage(services, "en", "2099-01-01")).episodes.map((e) => e.title)).toEqual(["Hedges"]);
    // Announced like every edit in the admin area: the next home page shows the new episode first.
    await notifyContentChanged(services, "podcast");
    await expect
      .poll(async () => (await loadHomePage(services, "en", "2099-01-01")).episodes.map((e) => e.title))
      .toEqual(["Ponds", "Hedges"]);
    // Another day reads the upcoming programs again: a program that has started is no longer listed.
    const later = await loadHomePage(services, "en", "2099-03-02");
    expect(later.upcoming.map((p) => p.name)).toEqual(["Water Day"]);
  });
});
