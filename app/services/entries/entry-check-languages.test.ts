// A request to confirm a place's entry goes to its contact in the language the entry was written in, with links to
// that language's pages, through a real SMTP server; the link opens the confirm page in that language.
import pino from "pino";
import type { AppLoadContext } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import * as confirmRoute from "~/routes/entry-confirm";
import { locations } from "~db/schema";
import { testDatabaseForFile } from "~tests/helpers/database-for-file";
import { smtpMailerForFile } from "~tests/helpers/mail-harness";
import { answer, publicContext, routeCalls } from "~tests/helpers/route-calls";
import { deliveredTo, linkIn } from "~tests/helpers/smtp";
import { ENTRY_CHECK_DAYS, requestEntryCheck, sendDueEntryChecks } from "./entry-checks.server";

let context: AppLoadContext;
const SITE = "https://permaculture.example.org";
const config = { siteUrl: SITE, authSecret: "l".repeat(32) };
const DAY = 24 * 60 * 60_000;

const t = testDatabaseForFile();
const relay = smtpMailerForFile(t, { siteUrl: config.siteUrl });

beforeAll(async () => {
  context = publicContext({ db: t.db, bus: t.bus, mail: relay.mail, config, logger: pino({ level: "silent" }) });
});

async function addPlace(name: string, language: string, contactEmail: string, checkedDaysAgo = 0): Promise<string> {
  const checkedAt = new Date(Date.now() - checkedDaysAgo * DAY);
  const [row] = await t.db
    .insert(locations)
    .values({
      name,
      language,
      country: "Chile",
      contactEmail,
      contactCity: "Valdivia",
      website: "https://example.org",
      checkedAt,
      updatedAt: checkedAt,
    })
    .returning({ id: locations.id });
  if (!row) throw new Error("not inserted");
  return row.id;
}

const delivered = (to: string) => deliveredTo(relay.mail, relay.smtp, to);

describe(`entry checks in the entry's language (${process.env.TEST_DATABASE_URL ? "postgres" : "pglite"})`, () => {
  it("asks the contact of a Spanish entry in Spanish, with links to the Spanish place and confirm pages", async () => {
    const id = await addPlace("Granja Los Robles", "es", "robles@example.org", 10);
    expect(await requestEntryCheck(context.services, id)).toEqual({ outcome: "sent", to: "robles@example.org" });
    const message = await delivered("robles@example.org");
    expect(message.subject).toBe("¿Sigue siendo correcta la ficha de Granja Los Robles en Permaculture Network?");
    expect(message.html).toContain('<html lang="es">');
    expect(message.text).toContain("Granja Los Robles figura en Permaculture Network");
    expect(message.text).toContain("La ficha dice: País: Chile; Dirección: Valdivia; Sitio web: https://example.org");
    expect(message.text).toContain(`La página completa: ${SITE}/es/location/Granja-Los-Robles`);
    expect(message.text).toContain("Sí, sigue siendo correcta");
    // No reply address is configured here: the message points to the place's correction form (decision 057).
    expect(message.text).toContain("El enlace de arriba funciona durante 30 días.");
    expect(message.text).toContain(`${SITE}/es/suggest-a-correction/location/${id}`);
    expect(message.html).toContain("Si el botón no funciona, copia esta dirección en tu navegador:");
    expect(message.text).not.toMatch(/Is Granja|The entry says|Yes, it is still right/);

    // The button's link is the Spanish confirm page, which asks about the place and confirms it.
    const link = linkIn(message.text, `${SITE}/es/entry/confirm?token=`);
    const calls = routeCalls(context);
    expect(await confirmRoute.loader(calls.get(link))).toMatchObject({ state: "ready", name: "Granja Los Robles" });
    const token = new URL(link).searchParams.get("token") ?? "";
    expect(answer(await confirmRoute.action(calls.post(`${SITE}/es/entry/confirm`, { token })))).toMatchObject({
      status: 200,
      data: { state: "confirmed" },
    });
  });

  it("the yearly job writes each contact in its entry's language: German, and English as before", async () => {
    relay.smtp.received.length = 0;
    await addPlace("Hof Lindenblick", "de", "linden@example.org", ENTRY_CHECK_DAYS + 5);
    await addPlace("Oak Hollow", "en", "oak@example.org", ENTRY_CHECK_DAYS + 5);
    // An unknown stored language reads as English (decision 032).
    await addPlace("Quinta Nova", "xx", "quinta@example.org", ENTRY_CHECK_DAYS + 5);
    expect(await sendDueEntryChecks(context.services)).toBe(3);

    const german = await delivered("linden@example.org");
    expect(german.subject).toBe("Stimmt der Eintrag von Hof Lindenblick bei Permaculture Network noch?");
    expect(german.html).toContain('<html lang="de">');
    expect(german.text).toContain("Im Eintrag steht: Land: Chile; Adresse: Valdivia");
    expect(german.text).toContain(`${SITE}/de/location/Hof-Lindenblick`);
    expect(german.text).toContain("Der Link oben gilt 30 Tage.");
    linkIn(german.text, `${SITE}/de/entry/confirm?token=`);

    const english = await delivered("oak@example.org");
    expect(english.subject).toBe("Is Oak Hollow still right on the Permaculture Network?");
    expect(english.text).toContain(
      "The entry says: Country: Chile; Address: Valdivia; Website: https://example.org; E-mail: oak@example.org.",
    );
    expect(english.text).toContain(`The whole page: ${SITE}/location/Oak-Hollow`);
    expect(english.text).toContain("The link above works for 30 days.");
    linkIn(english.text, `${SITE}/entry/confirm?token=`);

    const unknown = await delivered("quinta@example.org");
    expect(unknown.subject).toBe("Is Quinta Nova still right on the Permaculture Network?");
    linkIn(unknown.text, `${SITE}/entry/confirm?token=`);
  });
});
