import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { PROPOSAL_TOKEN_FIELD } from "~/lib/schemas/proposal";
import { createLocation } from "~/queries/locations.server";
import { createIssue } from "~/queries/newsletter-issues.server";
import * as newsletterApi from "~/routes/api/newsletter";
import * as applicationRoute from "~/routes/application";
import * as confirmRoute from "~/routes/subscription-confirm";
import * as unsubscribeRoute from "~/routes/subscription-unsubscribe";
import * as correctionRoute from "~/routes/suggest-correction";
import * as suggestRoute from "~/routes/suggest-place";
import { applications, newsletterSubscriptions, proposals } from "~db/schema";
import { call, dataResult, formRequest } from "~tests/helpers/admin-context";
import { applicationFields } from "~tests/helpers/form-posts";
import { adminHarnessWithSmtp } from "~tests/helpers/mail-harness";
import { deliveredTo, linkIn } from "~tests/helpers/smtp";
import { decideApplication } from "../contributions/applications.server";
import { issueFormToken } from "../contributions/form-timing.server";
import { sendIssue } from "../newsletter/newsletter-issues.server";

let ip = 0;

const h = adminHarnessWithSmtp("mail-languages@example.org");

/** A visitor's form post from a page (its own client address, so no per-client limit carries over). */
function visitorPost(route: { action: unknown }, url: string, fields: Record<string, string>, params = {}) {
  ip += 1;
  const context = { ...h.context, clientIp: `203.0.113.${ip}` } as typeof h.context;
  return call(route.action as never, formRequest(url, fields), context, params);
}

const location = (r: unknown) => (r instanceof Response ? r.headers.get("Location") : null);

const delivered = (to: string) => deliveredTo(h.mail, h.smtp, to);

describe(`mail in the recipient's language (${process.env.TEST_DATABASE_URL ? "postgres" : "pglite"})`, () => {
  it("signs up from /es/newsletter: the confirmation is Spanish and links to the Spanish confirm page; issues follow in Spanish", async () => {
    const email = "lucia@example.org";
    // The form without JavaScript: a plain post from the Spanish page, sent back to it.
    const answer = await visitorPost(newsletterApi, "/api/newsletter", {
      email,
      source: "newsletter-page",
      language: "es",
    });
    expect(location(answer)).toBe("/es/newsletter?subscribed=1");
    // Stored once the answer is out.
    await h.mail.settled();
    const [stored] = await h.t.db
      .select({ language: newsletterSubscriptions.language })
      .from(newsletterSubscriptions)
      .where(eq(newsletterSubscriptions.email, email));
    expect(stored?.language).toBe("es");

    const confirmation = await delivered(email);
    expect(confirmation.subject).toBe("Confirma tu suscripción al boletín de Permaculture Network");
    expect(confirmation.text).toContain("Alguien, esperamos que tú, ha pedido recibir el boletín");
    expect(confirmation.text).toContain("El enlace funciona durante 7 días.");
    expect(confirmation.html).toContain('<html lang="es">');
    expect(confirmation.html).toContain("Si el botón no funciona, copia esta dirección en tu navegador:");
    const link = linkIn(confirmation.text, "http://localhost/es/newsletter/confirm?token=");
    expect(confirmation.html).toContain(link.replace(/&/g, "&#38;"));

    // The Spanish confirm page asks, then confirms.
    expect(await call(confirmRoute.loader as never, new Request(link), h.context)).toMatchObject({ state: "ready" });
    const token = new URL(link).searchParams.get("token") ?? "";
    expect(
      dataResult(await call(confirmRoute.action as never, formRequest("/es/newsletter/confirm", { token }), h.context)),
    ).toEqual({ status: 200, data: { state: "confirmed" } });

    // An English subscriber beside them, for comparison.
    const english = "oliver@example.org";
    expect(location(await visitorPost(newsletterApi, "/api/newsletter", { email: english, source: "footer" }))).toBe(
      "/newsletter?subscribed=1",
    );
    const englishLink = linkIn((await delivered(english)).text, "http://localhost/newsletter/confirm?token=");
    await call(
      confirmRoute.action as never,
      formRequest("/newsletter/confirm", { token: new URL(englishLink).searchParams.get("token") ?? "" }),
      h.context,
    );

    h.smtp.received.length = 0;
    const issueId = await createIssue(h.t.db, { subject: "Spring", body: "# Seeds\n\nNew places.", createdBy: null });
    expect(await sendIssue(h.services, issueId)).toEqual({ outcome: "started", recipients: 2 });
    const spanishIssue = await delivered(email);
    // Untranslated, the issue is the original as staff wrote it (marked as English); what surrounds it is the
    // subscriber's language, marked as such.
    expect(spanishIssue.subject).toBe("Spring");
    expect(spanishIssue.html).toContain('<html lang="en">');
    expect(spanishIssue.html).toContain('<p lang="es"');
    expect(spanishIssue.text).toContain(
      "Recibes este correo porque te suscribiste al boletín de Permaculture Network y confirmaste tu dirección.",
    );
    const unsubscribe = linkIn(spanishIssue.text, "Darse de baja: http://localhost/es/newsletter/unsubscribe?token=")
      .replace("Darse de baja: ", "")
      .trim();
    const raw = (spanishIssue.raw.split(/\r?\n\r?\n/)[0] ?? "").replace(/\r?\n[ \t]+/g, " ");
    expect(raw).toMatch(/^List-Unsubscribe: <http:\/\/localhost\/es\/newsletter\/unsubscribe\?token=/im);
    const englishIssue = await delivered(english);
    expect(englishIssue.text).toContain(
      "You receive this because you subscribed to the Permaculture Network newsletter and confirmed your address.",
    );
    expect(englishIssue.text).toContain("Unsubscribe: http://localhost/newsletter/unsubscribe?token=");

    // The Spanish unsubscribe link works on the Spanish page.
    expect(await call(unsubscribeRoute.loader as never, new Request(unsubscribe), h.context)).toMatchObject({
      state: "ask",
      email,
    });
  });

  it("keeps a sign-up with a language the site does not speak in English, and a repeat sign-up takes the new page's", async () => {
    const email = "nadia@example.org";
    expect(location(await visitorPost(newsletterApi, "/api/newsletter", { email, language: "xx" }))).toBe(
      "/newsletter?subscribed=1",
    );
    const languageOf = async () => {
      // The sign-up is stored once the answer is out.
      await h.mail.settled();
      const [row] = await h.t.db
        .select({ language: newsletterSubscriptions.language })
        .from(newsletterSubscriptions)
        .where(eq(newsletterSubscriptions.email, email));
      return row?.language;
    };
    expect(await languageOf()).toBe("en");
    expect((await delivered(email)).subject).toBe("Confirm your subscription to the Permaculture Network newsletter");
    h.smtp.received.length = 0;
    expect(location(await visitorPost(newsletterApi, "/api/newsletter", { email, language: "de" }))).toBe(
      "/de/newsletter?subscribed=1",
    );
    expect(await languageOf()).toBe("de");
    expect((await delivered(email)).subject).toBe("Bestätige dein Abonnement des Newsletters von Permaculture Network");
  });

  it("acknowledges an application sent from /de/application in German, and its decision later too", async () => {
    h.smtp.received.length = 0;
    const email = "jonas@example.org";
    const answer = await visitorPost(
      applicationRoute,
      "/de/application",
      await applicationFields(h.t.db, { fullName: "Jonas Becker", email, country: "Germany" }),
    );
    expect(answer instanceof Response ? answer.status : answer).toBe(303);
    const ack = await delivered(email);
    expect(ack.subject).toBe("Wir haben deine Bewerbung bei Permaculture Network erhalten");
    // Only the site's words to an address nobody confirmed: no name from the form (decision 054).
    expect(ack.text).toContain("Hallo,");
    expect(ack.text).not.toContain("Jonas");
    expect(ack.text).toContain("als lernende Person");
    expect(ack.html).toContain('<html lang="de">');

    const [row] = await h.t.db.select().from(applications).where(eq(applications.email, email));
    expect(row?.language).toBe("de");
    h.smtp.received.length = 0;
    if (!row) throw new Error("no application");
    await decideApplication(h.services, row, "UNDER_REVIEW", { notify: true, note: "" });
    expect(await decideApplication(h.services, row, "APPROVED", { notify: true, note: "Bis bald!" })).toEqual({
      outcome: "ok",
      notified: true,
    });
    const decision = await delivered(email);
    expect(decision.subject).toBe("Deine Bewerbung bei Permaculture Network ist angenommen");
    expect(decision.text).toContain("Eine Nachricht von unserem Team: Bis bald!");
    expect(decision.text).toContain("Permaculture Network besuchen:\nhttp://localhost/de");
  });

  it("acknowledges a suggested place from /de and a correction from /fr in their languages, and nobody without an address", async () => {
    h.smtp.received.length = 0;
    const suggested = await visitorPost(suggestRoute, "/de/suggest-a-place", {
      [PROPOSAL_TOKEN_FIELD]: issueFormToken("test", "suggest-place", Date.now() - 5_000),
      name: "Hof am Hang",
      markerType: "farm",
      country: "Germany",
      proposerEmail: "mia@example.org",
      consent: "on",
    });
    expect(suggested instanceof Response ? suggested.status : suggested).toBe(303);
    const ack = await delivered("mia@example.org");
    // The place's name as typed is not repeated: it could be anyone's words, sent to anyone's address.
    expect(ack.subject).toBe("Danke für deinen Vorschlag an Permaculture Network");
    expect(ack.text).toContain("Danke für deinen Vorschlag eines Ortes für Permaculture Network.");
    expect(ack.text).not.toContain("Hof am Hang");
    expect(ack.html).toContain('<html lang="de">');

    const placeId = await createLocation(h.t.db, {
      name: "Jardin des Collines",
      shortDescription: "Un jardin",
      longDescription: "",
      originalImageUrl: null,
      webpImageUrl: null,
      website: null,
      country: "France",
      regionName: "",
      regionId: null,
      subRegionId: null,
      contactEmail: null,
      contactPhone: "+33 1 11 11 11 11",
      contactAddress: null,
      contactCity: "Lyon",
      contactState: null,
      contactZipCode: null,
      focusAreas: [],
      latitude: 45.7,
      longitude: 4.8,
    });
    const loaded = (await call(
      correctionRoute.loader as never,
      new Request(`http://localhost/fr/suggest-a-correction/location/${placeId}`),
      h.context,
      { kind: "location", id: placeId },
    )) as { entry: { current: Record<string, string> } };
    const corrected = await visitorPost(
      correctionRoute,
      `/fr/suggest-a-correction/location/${placeId}`,
      {
        [PROPOSAL_TOKEN_FIELD]: issueFormToken("test", "suggest-correction", Date.now() - 5_000),
        ...loaded.entry.current,
        contactPhone: "+33 4 22 22 22 22",
        proposerEmail: "leo@example.org",
        consent: "on",
      },
      { kind: "location", id: placeId },
    );
    expect(corrected instanceof Response ? corrected.status : corrected).toBe(303);
    const correction = await delivered("leo@example.org");
    // A correction names the entry as the site shows it, and links to its page in French.
    expect(correction.subject).toBe("Merci pour votre correction de Jardin des Collines");
    expect(correction.html).toContain('<html lang="fr">');
    expect(correction.text).toContain("Voir Jardin des Collines sur Permaculture Network");
    linkIn(correction.text, "http://localhost/fr/location/");

    // A suggestion without an address is stored and acknowledged to no visitor.
    h.smtp.received.length = 0;
    await visitorPost(suggestRoute, "/es/suggest-a-place", {
      [PROPOSAL_TOKEN_FIELD]: issueFormToken("test", "suggest-place", Date.now() - 5_000),
      name: "Finca Sin Correo",
      markerType: "farm",
      country: "Spain",
    });
    await h.mail.runOnce();
    // Only staff hear of it (the first administrator's notice of new contributions, decision 058).
    expect(h.smtp.received.map((m) => [m.envelopeTo, m.subject])).toEqual([
      [["mail-languages@example.org"], "New suggested place: Finca Sin Correo"],
    ]);
    expect(await h.t.db.$count(proposals)).toBe(3);
  });
});
