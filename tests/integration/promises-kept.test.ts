import { describe, expect, it } from "vitest";
import { serverWithMail } from "../helpers/server-with-mail";
import type { ReceivedMail } from "../helpers/smtp";

/**
 * Issue 37's "promises the site does not keep", against the built server through a real SMTP server, as a visitor,
 * a subscriber's mail client and staff meet them (decision 057): podcast e-mails (confirm, one per episode, one-click
 * unsubscribe), Reply-To from MAIL_REPLY_TO, sign-up answers that say to confirm, the terms' open licence.
 */
const site = serverWithMail("promises-kept", {
  siteUrl: "http://promises.test",
  env: { SEED: "none", MAIL_REPLY_TO: "Network team <team@example.org>" },
});
const { get, post, local, inbox, arrived } = site;

/** A header as sent (mailparser turns List-* headers into objects). */
function header(m: ReceivedMail | undefined, name: string): string {
  const head = (m?.raw ?? "").split(/\r?\n\r?\n/)[0]?.replace(/\r?\n[ \t]+/g, " ") ?? "";
  return head.match(new RegExp(`^${name}: (.*)$`, "im"))?.[1]?.trim() ?? "";
}
const visible = (html: string) =>
  html
    .replace(/<script[\s\S]*?<\/script>/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/\s+/g, " ");

async function addEpisode(number: number, title: string) {
  return post(
    "/admin/dashboard/podcast",
    {
      intent: "save",
      number: String(number),
      title,
      summary: `What episode ${number} is about.`,
      showNotes: "",
      guest: "",
      audioUrl: "",
      imageUrl: "",
      duration: "12:00",
      publishedAt: "2026-11-27",
      language: "en",
      announce: "on",
    },
    true,
  );
}

describe("promises the site keeps, against the built server", () => {
  it("a Spanish podcast sign-up is confirmed by its link, gets one Spanish e-mail per episode, and one click stops them", async () => {
    const listener = "oyente@example.org";
    const signUp = await post("/es/podcast", { email: listener });
    expect(signUp.status).toBe(200);
    expect(visible(await signUp.text())).toContain("Revisa tu bandeja de entrada");
    const [confirmation] = await arrived(listener, 1);
    expect(confirmation?.subject).toBe(
      "Confirma los correos sobre episodios nuevos del pódcast de Permaculture Network",
    );
    const link = confirmation?.text?.match(/http:\/\/promises\.test\/es\/podcast\/confirm\?token=\S+/)?.[0] ?? "";
    // Nothing is sent about an episode before the address is confirmed.
    expect((await addEpisode(1, "Before confirming")).status).toBe(302);

    const page = await site.open(link);
    expect(page.status).toBe(200);
    const token = new URL(link).searchParams.get("token") ?? "";
    const confirmed = await post("/es/podcast/confirm", { token });
    expect(confirmed.status).toBe(200);
    expect(visible(await confirmed.text())).toContain("Recibirás los episodios nuevos");

    expect((await addEpisode(2, "Seeds that travel")).status).toBe(302);
    const [, episode] = await arrived(listener, 2);
    expect(episode?.subject).toBe("Nuevo episodio 2 del pódcast de Permaculture Network: Seeds that travel");
    expect(inbox(listener)).toHaveLength(2);
    const unsubscribe = header(episode, "List-Unsubscribe").slice(1, -1);
    expect(unsubscribe).toMatch(/^http:\/\/promises\.test\/es\/podcast\/unsubscribe\?token=/);
    expect(header(episode, "List-Unsubscribe-Post")).toBe("List-Unsubscribe=One-Click");

    // The mail provider's one-click POST (RFC 8058), from its own servers.
    const oneClick = await fetch(`${site.server.url}${local(unsubscribe)}`, {
      method: "POST",
      headers: { Origin: "https://mail.example.net", "Sec-Fetch-Site": "cross-site" },
      body: new URLSearchParams({ "List-Unsubscribe": "One-Click" }),
    });
    expect(oneClick.status).toBe(200);
    expect((await addEpisode(3, "After leaving")).status).toBe(302);
    await new Promise((r) => setTimeout(r, 2500));
    expect(inbox(listener)).toHaveLength(2);

    // Staff see each episode's e-mailing and the confirmed count.
    const admin = visible(await (await get("/admin/dashboard/podcast", true)).text());
    expect(admin).toContain("0 confirmed subscribers get an e-mail");
    expect(admin).toMatch(/Seeds that travel .*?\d{4}-\d{2}-\d{2} , to 1/);
  }, 60_000);

  it("an acknowledgement that asks for a reply names MAIL_REPLY_TO as Reply-To", async () => {
    const ack = await site.acknowledgedSuggestion("Hillside Orchard", "helper@example.org");
    expect(ack?.replyTo?.value.map((a) => a.address)).toEqual(["team@example.org"]);
    expect(ack?.from?.value[0]?.address).toBe("no-reply@promises.test");
    expect(ack?.text).toContain("reply to let us know");
  }, 30_000);

  it("the footer's sign-up answer says to confirm in the page's language, and the dashboard counts confirmed subscribers", async () => {
    const res = await site.postJson("/api/newsletter", {
      email: "leser@example.org",
      source: "footer",
      language: "de",
    });
    expect(await res.json()).toEqual({
      ok: true,
      message:
        "Danke für dein Abonnement! Schau in dein Postfach: Der Newsletter beginnt, sobald du den Link in unserer E-Mail anklickst und damit deine Adresse bestätigst.",
    });
    await arrived("leser@example.org", 1);
    const dashboard = visible(await (await get("/admin/dashboard", true)).text());
    expect(dashboard).toContain("Newsletter subscribers (confirmed) 0 Not counted: 1 awaiting confirmation");
  }, 30_000);

  it("the terms name an open licence in every language, not a non-commercial one", async () => {
    for (const lang of ["", "/es", "/pt", "/fr", "/de"]) {
      const html = await (await get(`${lang}/terms`)).text();
      expect(html).toContain('href="https://creativecommons.org/licenses/by/4.0/"');
      expect(html).not.toContain("non-commercial");
    }
  }, 30_000);
});
