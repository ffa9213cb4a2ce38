import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fieldsAlwaysSent } from "~/lib/schemas/form";
import { LocationSchema } from "~/lib/schemas/location";
import { PROPOSAL_TOKEN_FIELD } from "~/lib/schemas/proposal";
import { issueFormToken } from "~/services/form-timing.server";
import { deriveSecret } from "~server/config";
import { type RunningServer, signIn, startServer } from "../helpers/server-process";
import { type ReceivedMail, startTestSmtpServer, type TestSmtpServer } from "../helpers/smtp";

/**
 * Contributions and staff against the built server (issue 37, decision 058), through a real SMTP server: a place
 * suggested from the Portuguese page reaches the first administrator at once, becomes a Portuguese draft, and its
 * visitor is told in Portuguese when it is published; the form offers countries in the page's language and asks
 * "Is it one of these?" before storing a look-alike.
 */
const SITE = "http://permaculture.test";
const AUTH_SECRET = "contributions-and-staff-secret-0123456789abcdef";
const owner = { email: "owner@example.org", password: "the owner's password 1" };
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "contributions-"));
let server: RunningServer;
let smtp: TestSmtpServer;
let cookie: string;

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  server = await startServer({
    DATA_DIR: dataDir,
    SITE_URL: SITE,
    AUTH_SECRET,
    SMTP_URL: smtp.url,
    ADMIN_EMAIL: owner.email,
    ADMIN_PASSWORD: owner.password,
  });
  cookie = await signIn(server.url, SITE, owner);
}, 120_000);

afterAll(async () => {
  await server?.stop();
  await smtp?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const token = (form: string) =>
  issueFormToken(deriveSecret(AUTH_SECRET, "form-and-visitor-hash"), form, Date.now() - 5_000);
const get = (p: string) => fetch(`${server.url}${p}`, { redirect: "manual", headers: { Cookie: cookie } });
function post(p: string, fields: Record<string, string | string[]>, signedIn = false) {
  const body = new URLSearchParams();
  for (const [k, v] of Object.entries(fields)) for (const one of [v].flat()) body.append(k, one);
  return fetch(`${server.url}${p}`, {
    method: "POST",
    body,
    redirect: "manual",
    headers: { Origin: SITE, ...(signedIn ? { Cookie: cookie } : {}) },
  });
}
const inbox = (address: string): ReceivedMail[] => smtp.received.filter((m) => m.envelopeTo.includes(address));
async function arrived(address: string, n: number): Promise<ReceivedMail[]> {
  for (let i = 0; i < 300 && inbox(address).length < n; i++) await new Promise((r) => setTimeout(r, 50));
  return inbox(address);
}

describe("contributions and staff notices, against the built server", () => {
  it("offers the countries in the page's language and never sends the old world drawing with the form", async () => {
    const html = await (await fetch(`${server.url}/pt/suggest-a-place`)).text();
    expect(html).toMatch(/<select[^>]*name="country"/);
    expect(html).toContain('<option value="DE">Alemanha</option>');
    expect(html).toContain("Encontrar uma cidade");
    expect(html).toContain("Escolher o local em um mapa");
    // The map's code is loaded when the picker is opened, not with the page.
    expect(html).not.toMatch(/picker-map\.client|map-style\.client/);
  });

  it("asks 'Is it one of these?' about a published look-alike before storing anything", async () => {
    const places = await (await fetch(`${server.url}/locations.geojson?limit=5`)).json();
    const [first] = (places as { features: { properties: { name: string }; geometry: { coordinates: number[] } }[] })
      .features;
    if (!first) throw new Error("no demo place");
    const [lng, lat] = first.geometry.coordinates as [number, number];
    const asked = await post("/es/suggest-a-place", {
      [PROPOSAL_TOKEN_FIELD]: token("suggest-place"),
      name: first.properties.name,
      country: "ES",
      latitude: String(lat),
      longitude: String(lng),
    });
    expect(asked.status).toBe(200);
    const html = await asked.text();
    expect(html).toContain("¿Es uno de estos?");
    expect(html).toContain(`/es/location/${encodeURI(first.properties.name.replaceAll(" ", "-"))}`);
    expect(html).toContain('name="duplicatesSeen" value="1"');
    expect(html).toContain("No es ninguno de estos: enviar mi sugerencia");
  });

  it("a place suggested in Portuguese: staff hear of it at once, it becomes a Portuguese draft, its visitor is told when it is published", async () => {
    const sent = await post("/pt/suggest-a-place", {
      [PROPOSAL_TOKEN_FIELD]: token("suggest-place"),
      name: "Quinta do Teste Integrado",
      country: "PT",
      proposerEmail: "visitante@example.net",
      consent: "on",
    });
    expect(sent.status).toBe(303);
    // The first administrator hears of it without having asked (their default).
    const [notice] = await arrived(owner.email, 1);
    expect(notice?.subject).toBe("New suggested place: Quinta do Teste Integrado");
    const review = notice?.text?.match(/\/admin\/dashboard\/moderation\/[0-9a-f-]{36}/)?.[0] ?? "";
    expect(review).not.toBe("");

    const accepted = await post(
      review,
      { intent: "accept", use_name: "on", name: "Quinta do Teste Integrado", use_country: "on", country: "Portugal" },
      true,
    );
    expect(accepted.status).toBe(302);
    const edit = accepted.headers.get("location") ?? "";
    expect(edit).toMatch(/^\/admin\/dashboard\/edit\/[0-9a-f-]{36}$/);
    expect(await (await get(edit)).text()).toMatch(/<option value="pt" selected="">/);

    const blank = Object.fromEntries(fieldsAlwaysSent(LocationSchema).map((k) => [k, ""]));
    const published = await post(
      edit,
      {
        ...blank,
        name: "Quinta do Teste Integrado",
        country: "Portugal",
        markerType: "farm",
        status: "published",
        language: "pt",
      },
      true,
    );
    expect(published.status).toBe(302);
    const mail = await arrived("visitante@example.net", 2);
    expect(mail.map((m) => m.subject)).toEqual([
      expect.stringContaining("Agradecemos"),
      "O lugar que você sugeriu já está na Permaculture Network",
    ]);
    expect(mail[1]?.text).toContain(`${SITE}/pt/location/Quinta-do-Teste-Integrado`);
    expect(mail[1]?.text).not.toContain("Quinta do Teste");
  }, 60_000);
});
