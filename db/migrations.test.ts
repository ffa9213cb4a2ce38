import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { unaccent } from "@electric-sql/pglite/contrib/unaccent";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { afterAll, describe, expect, it } from "vitest";
import { mailboxOf } from "../app/lib/mailbox";
import { migrationsFolder } from "./client";

type JournalEntry = { idx: number; when: number; tag: string };
const folder = migrationsFolder();
const journal = JSON.parse(fs.readFileSync(path.join(folder, "meta", "_journal.json"), "utf8")) as {
  entries: JournalEntry[];
};
const tmpDirs: string[] = [];
afterAll(() => {
  for (const d of tmpDirs) fs.rmSync(d, { recursive: true, force: true });
});

/** The migrations folder as an earlier release shipped it: the first `count` migrations only. */
function releaseWith(count: number): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "migrations-"));
  tmpDirs.push(dir);
  fs.cpSync(folder, dir, { recursive: true });
  const trimmed = { ...journal, entries: journal.entries.slice(0, count) };
  fs.writeFileSync(path.join(dir, "meta", "_journal.json"), JSON.stringify(trimmed));
  return dir;
}

async function open() {
  const client = new PGlite({ extensions: { pg_trgm, unaccent } });
  await client.waitReady;
  return { client, db: drizzle({ client }) };
}

/** Tables and columns, indexes, enums, triggers and constraints: what the application relies on. */
async function schemaOf(client: PGlite): Promise<string[]> {
  const rows = async (q: string) => (await client.query<{ v: string }>(q)).rows.map((r) => r.v);
  return [
    ...(await rows(`SELECT table_name || '.' || column_name || ' ' || data_type || ' ' || is_nullable || ' ' ||
        coalesce(column_default, '') AS v FROM information_schema.columns WHERE table_schema = 'public'`)),
    ...(await rows(`SELECT indexdef AS v FROM pg_indexes WHERE schemaname = 'public'`)),
    ...(await rows(`SELECT t.typname || ': ' || string_agg(e.enumlabel, ',' ORDER BY e.enumsortorder) AS v
        FROM pg_type t JOIN pg_enum e ON e.enumtypid = t.oid GROUP BY t.typname`)),
    ...(await rows(`SELECT tgrelid::regclass || ' ' || tgname AS v FROM pg_trigger WHERE NOT tgisinternal`)),
    ...(await rows(`SELECT conrelid::regclass || ' ' || conname || ' ' || pg_get_constraintdef(oid) AS v
        FROM pg_constraint WHERE connamespace = 'public'::regnamespace`)),
  ].sort();
}

describe("database migrations", () => {
  it("every migration added after the ordering fix is dated after all earlier ones, so existing databases run it", () => {
    // Drizzle's migrator runs only migrations dated after the newest one a database recorded (decision 016).
    const fixed = journal.entries.findIndex((e) => e.tag.startsWith("0006_"));
    expect(fixed).toBeGreaterThan(0);
    for (let i = fixed; i < journal.entries.length; i++) {
      const earlier = Math.max(...journal.entries.slice(0, i).map((e) => e.when));
      const entry = journal.entries[i] as JournalEntry;
      expect(entry.when, entry.tag).toBeGreaterThan(earlier);
    }
  });

  it("a database upgraded from any earlier release ends with the same schema as a new one", async () => {
    const fresh = await open();
    await migrate(fresh.db, { migrationsFolder: folder });
    const expected = await schemaOf(fresh.client);
    await fresh.client.close();
    expect(expected.some((l) => l.startsWith("content_versions.version"))).toBe(true);

    for (let count = 1; count < journal.entries.length; count++) {
      const { client, db } = await open();
      await migrate(db, { migrationsFolder: releaseWith(count) });
      await migrate(db, { migrationsFolder: folder });
      expect(await schemaOf(client), `upgraded from ${journal.entries[count - 1]?.tag}`).toEqual(expected);
      await client.close();
    }
    // One fresh database per release, each migrated twice: minutes on a busy machine, and more with every release.
  }, 600_000);

  /** A subscriber stored by the release before `tag`: whether they count as confirmed once the database is upgraded. */
  async function confirmedAfterUpgrade(tag: string, email: string) {
    const { client, db } = await open();
    const release = journal.entries.findIndex((e) => e.tag.startsWith(tag));
    await migrate(db, { migrationsFolder: releaseWith(release) });
    await client.query("INSERT INTO newsletter_subscriptions (email) VALUES ($1)", [email]);
    await migrate(db, { migrationsFolder: folder });
    const { rows } = await client.query<{ confirmed: boolean }>(
      "SELECT confirmed_at IS NOT NULL AS confirmed FROM newsletter_subscriptions WHERE email = $1",
      [email],
    );
    await client.close();
    return rows;
  }

  it("upgrading keeps newsletter subscribers as they were: old ones stay subscribed, pending ones stay pending", async () => {
    // From the release before confirmation existed: that subscriber agreed under the terms of the time.
    expect(await confirmedAfterUpgrade("0004_", "early@example.org")).toEqual([{ confirmed: true }]);
    // From the release just before the repair: someone who has not confirmed yet must not be confirmed by it.
    expect(await confirmedAfterUpgrade("0006_", "pending@example.org")).toEqual([{ confirmed: false }]);
  });

  it("upgrading names the mailbox of every stored message as the mail caps count it (0021)", async () => {
    const { client, db } = await open();
    const caps = journal.entries.findIndex((e) => e.tag.startsWith("0021_"));
    await migrate(db, { migrationsFolder: releaseWith(caps) });
    const addresses = [
      "Victim+1@Example.org",
      " victim@example.org. ",
      "V.i.c.t.i.m+x@GoogleMail.com",
      "a.b@example.org",
      "+only@example.org",
      "...@gmail.com",
    ];
    for (const [i, a] of addresses.entries()) {
      await client.query(
        `INSERT INTO mail_messages (kind, to_address, subject, text_body, html_body, message_id, expires_at)
         VALUES ('newsletter-confirm', $1, 's', 't', 'h', $2, now())`,
        [a, `<m${i}@example.org>`],
      );
    }
    await migrate(db, { migrationsFolder: folder });
    const rows = await client.query<{ to_address: string; to_mailbox: string; to_domain: string }>(
      "SELECT to_address, to_mailbox, to_domain FROM mail_messages ORDER BY message_id",
    );
    expect(rows.rows.map((r) => ({ mailbox: r.to_mailbox, domain: r.to_domain }))).toEqual(
      rows.rows.map((r) => mailboxOf(r.to_address)),
    );
    await client.close();
  });

  it("upgrading keeps podcast sign-ups from before double opt-in unconfirmed and not yet asked (0023)", async () => {
    const { client, db } = await open();
    const optIn = journal.entries.findIndex((e) => e.tag.startsWith("0023_"));
    await migrate(db, { migrationsFolder: releaseWith(optIn) });
    await client.query(`INSERT INTO podcast_subscriptions (email) VALUES ('early@example.org')`);
    await client.query(`INSERT INTO podcast_episodes (number, title) VALUES (1, 'Before e-mails')`);
    await migrate(db, { migrationsFolder: folder });
    const subs = await client.query(
      "SELECT email, confirmed_at, confirm_nonce, confirm_sent_at, language FROM podcast_subscriptions",
    );
    expect(subs.rows).toEqual([
      { email: "early@example.org", confirmed_at: null, confirm_nonce: null, confirm_sent_at: null, language: "en" },
    ]);
    // Nothing was e-mailed about an episode published before subscriptions could be confirmed.
    const episodes = await client.query("SELECT announced_at, announced_to FROM podcast_episodes");
    expect(episodes.rows).toEqual([{ announced_at: null, announced_to: 0 }]);
    await client.close();
  });
  it("upgrading keeps staff's application notices and gives the first administrator the new default (0024)", async () => {
    const { client, db } = await open();
    const notices = journal.entries.findIndex((e) => e.tag.startsWith("0024_"));
    await migrate(db, { migrationsFolder: releaseWith(notices) });
    const user = (id: string, role: string, on: boolean, created: string) =>
      client.query(
        `INSERT INTO users (id, name, email, role, notify_applications, created_at, updated_at)
         VALUES ($1, $1, $1 || '@example.org', $2, $3, $4, $4)`,
        [id, role, on, created],
      );
    await user("first", "ADMIN", false, "2026-01-01T00:00:00Z");
    await user("keen", "ADMIN", true, "2026-02-01T00:00:00Z");
    await user("quiet", "ADMIN", false, "2026-03-01T00:00:00Z");
    await client.query(
      `INSERT INTO proposals (kind, entity, fields) VALUES ('new-place', 'location', '{"name":"Old Farm"}')`,
    );
    await migrate(db, { migrationsFolder: folder });
    const rows = await client.query(
      `SELECT id, notify_applications, notify_contributions, notify_digest, notices_chosen_at IS NOT NULL AS chosen
       FROM users ORDER BY created_at`,
    );
    expect(rows.rows).toEqual([
      // Never chose: the default, which is on for the first administrator.
      { id: "first", notify_applications: false, notify_contributions: false, notify_digest: false, chosen: false },
      // Had turned application notices on: kept as a choice.
      { id: "keen", notify_applications: true, notify_contributions: false, notify_digest: false, chosen: true },
      { id: "quiet", notify_applications: false, notify_contributions: false, notify_digest: false, chosen: false },
    ]);
    const proposals = await client.query("SELECT language, outcome_sent_at FROM proposals");
    expect(proposals.rows).toEqual([{ language: "en", outcome_sent_at: null }]);
    await client.close();
  });
  it("upgrading leaves existing programs without languages of instruction, and the filter reads new ones (0025)", async () => {
    const { client, db } = await open();
    const languages = journal.entries.findIndex((e) => e.tag.startsWith("0025_"));
    await migrate(db, { migrationsFolder: releaseWith(languages) });
    await client.query(`INSERT INTO programs (name, language) VALUES ('Written in Portuguese', 'pt')`);
    await migrate(db, { migrationsFolder: folder });
    // Nothing is guessed from the language the entry is written in.
    const before = await client.query("SELECT name, instruction_languages FROM programs");
    expect(before.rows).toEqual([{ name: "Written in Portuguese", instruction_languages: [] }]);
    await client.query(`INSERT INTO programs (name, instruction_languages) VALUES ('Taught in two', '{en,pt}')`);
    const taught = await client.query(
      "SELECT name FROM programs WHERE instruction_languages @> ARRAY['pt']::text[] ORDER BY name",
    );
    expect(taught.rows).toEqual([{ name: "Taught in two" }]);
    await client.close();
  });

  it("upgrading dates stored entries' change time from their last edit, with no tombstones; deletes leave one (0026)", async () => {
    const { client, db } = await open();
    const changes = journal.entries.findIndex((e) => e.tag.startsWith("0026_"));
    await migrate(db, { migrationsFolder: releaseWith(changes) });
    await client.query(
      `INSERT INTO locations (name, updated_at) VALUES ('Old Farm', '2025-03-01T10:00:00Z'), ('Gone Farm', now())`,
    );
    await migrate(db, { migrationsFolder: folder });
    const old = await client.query<{ changed_at: Date }>("SELECT changed_at FROM locations WHERE name = 'Old Farm'");
    expect(old.rows[0]?.changed_at.toISOString()).toBe("2025-03-01T10:00:00.000Z");
    expect((await client.query("SELECT * FROM open_data_tombstones")).rows).toEqual([]);
    await client.query(`DELETE FROM locations WHERE name = 'Gone Farm'`);
    expect((await client.query("SELECT kind FROM open_data_tombstones")).rows).toEqual([{ kind: "place" }]);
    await client.close();
  });
});
