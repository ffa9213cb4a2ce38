import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createIssue, getIssue } from "~/queries/newsletter-issues.server";
import * as issueRoute from "~/routes/admin/newsletter-issue";
import * as previewRoute from "~/routes/admin/newsletter-issue-preview";
import { mailMessages, newsletterIssues, newsletterSubscriptions } from "~db/schema";
import { call, dataResult, formRequest, getRequest, settle } from "~tests/helpers/admin-context";
import { adminHarnessWithSmtp } from "~tests/helpers/mail-harness";
import { deliveredTo, type ReceivedMail } from "~tests/helpers/smtp";
import { issueProgress } from "./newsletter-issues.server";

const READERS = { "ana@example.org": "es", "jonas@example.org": "de", "ruth@example.org": "en" } as const;

const h = adminHarnessWithSmtp("issue-translations@example.org");

beforeAll(async () => {
  const now = new Date();
  await h.t.db.insert(newsletterSubscriptions).values(
    Object.entries(READERS).map(([email, language]) => ({
      email,
      source: "test",
      language,
      timestamp: now,
      confirmedAt: now,
    })),
  );
});

const URL_OF = (id: string) => `/admin/dashboard/newsletter/issues/${id}`;

/** The header block of a received message, folded lines joined. */
const headersOf = (m: ReceivedMail) => (m.raw.split(/\r?\n\r?\n/)[0] ?? "").replace(/\r?\n[ \t]+/g, " ");

/** Posts the issue's form as its screen sends it: subject, text, original language and every translation field. */
function post(id: string, fields: Record<string, string>, query = "") {
  const blank: Record<string, string> = {};
  for (const lang of ["en", "es", "pt", "fr", "de"]) {
    blank[`tr.${lang}.subject`] = "";
    blank[`tr.${lang}.body`] = "";
  }
  delete blank["tr.en.subject"];
  delete blank["tr.en.body"];
  return settle(() =>
    call(
      issueRoute.action as never,
      formRequest(`${URL_OF(id)}${query}`, {
        intent: "save",
        language: "en",
        ...blank,
        ...fields,
      }),
      h.context,
      { id },
    ),
  );
}

const delivered = (to: string) => deliveredTo(h.mail, h.smtp, to);

describe(`newsletter issues in the subscriber's language (${process.env.TEST_DATABASE_URL ? "postgres" : "pglite"})`, () => {
  it("saves the original language and translations from the issue's screen, and shows them side by side", async () => {
    const id = await createIssue(h.t.db, { subject: "Spring", body: "", createdBy: h.userId });
    const saved = await post(id, {
      subject: "Spring",
      body: "# Seeds\n\nNew places near you.",
      "tr.es.subject": "Primavera",
      "tr.es.body": "# Semillas\n\nNuevos lugares cerca de ti.",
      // A subject only: the French translation is incomplete, French readers get the original.
      "tr.fr.subject": "Printemps",
    });
    expect((saved.value as Response | undefined)?.status ?? (saved.thrown as Response).status).toBe(302);
    const row = await getIssue(h.t.db, id);
    expect(row?.language).toBe("en");
    expect(row?.translations).toEqual({
      es: { body: "# Semillas\n\nNuevos lugares cerca de ti.", subject: "Primavera" },
      fr: { subject: "Printemps" },
    });

    const screen = (await call(issueRoute.loader as never, getRequest(`${URL_OF(id)}?language=es`), h.context, {
      id,
    })) as { data: { values: Record<string, string>; languages: Record<string, string>; preview: string } };
    expect(screen.data.values["tr.es.subject"]).toBe("Primavera");
    expect(screen.data.languages).toEqual({
      en: "original",
      es: "translated",
      pt: "untranslated",
      fr: "incomplete",
      de: "untranslated",
    });
    // The preview as a Spanish subscriber gets it: Spanish text, Spanish words around it.
    expect(screen.data.preview).toContain('<html lang="es">');
    expect(screen.data.preview).toContain("Semillas");
    expect(screen.data.preview).toContain("/es/newsletter/unsubscribe");
    // As a French subscriber: the whole original, never a French subject above an English text.
    const fr = (await call(issueRoute.loader as never, getRequest(`${URL_OF(id)}?language=fr`), h.context, {
      id,
    })) as { data: { preview: string } };
    expect(fr.data.preview).toContain('<html lang="en">');
    expect(fr.data.preview).toContain("<title>Spring</title>");
    expect(fr.data.preview).not.toContain("Printemps");
  });

  it("refuses an unknown language or a too long translation with a message on the field, and keeps what is stored", async () => {
    const id = await createIssue(h.t.db, { subject: "Summer", body: "Hot days.", createdBy: h.userId });
    await post(id, { subject: "Summer", body: "Hot days.", "tr.es.subject": "Verano", "tr.es.body": "Días de calor." });
    const before = await getIssue(h.t.db, id);

    const unknown = dataResult<{ errors: Record<string, string> }>(
      (await post(id, { subject: "Summer", body: "Hot days.", language: "xx" })).value,
    );
    expect(unknown.status).toBe(400);
    expect(unknown.data.errors.language).toBe("Please choose one of the site's languages.");

    const field = dataResult<{ errors: Record<string, string> }>(
      (await post(id, { subject: "Summer", body: "Hot days.", "tr.xx.subject": "?" })).value,
    );
    expect(field.status).toBe(400);
    expect(field.data.errors["tr.xx.subject"]).toBe("Please choose one of the site's languages.");

    const long = dataResult<{ errors: Record<string, string>; values: Record<string, string> }>(
      (await post(id, { subject: "Summer", body: "Hot days.", "tr.de.subject": "S".repeat(201) })).value,
    );
    expect(long.status).toBe(400);
    expect(long.data.errors["tr.de.subject"]).toMatch(/Subject in German.*200/);
    // What was typed comes back to the form; nothing stored changed.
    expect(long.data.values["tr.de.subject"]).toBe("S".repeat(201));
    expect(await getIssue(h.t.db, id)).toEqual(before);

    // The live preview refuses the same.
    const preview = await settle(() =>
      call(
        previewRoute.action as never,
        formRequest(`${URL_OF(id)}/preview`, { subject: "Summer", body: "", previewLanguage: "xx" }),
        h.context,
      ),
    );
    expect(dataResult(preview.value).status).toBe(400);
  });

  it("sends each subscriber the issue in their language when translated, the original otherwise, over SMTP", async () => {
    await h.t.db.update(newsletterIssues).set({ status: "sent" }).where(eq(newsletterIssues.status, "draft"));
    h.smtp.received.length = 0;
    const id = await createIssue(h.t.db, { subject: "Autumn", body: "# Harvest\n\nApples.", createdBy: h.userId });
    await post(id, {
      subject: "Autumn",
      body: "# Harvest\n\nApples.",
      "tr.es.subject": "Otoño",
      "tr.es.body": "# Cosecha\n\nManzanas.",
    });
    const sent = await settle(() =>
      call(issueRoute.action as never, formRequest(URL_OF(id), { intent: "send", confirmed: "yes" }), h.context, {
        id,
      }),
    );
    expect((sent.thrown as Response).status).toBe(302);
    // Every message is complete in the outbox before any is handed over, so a restart resumes with the same texts.
    const queued = await h.t.db
      .select({ to: mailMessages.toAddress, subject: mailMessages.subject, headers: mailMessages.headers })
      .from(mailMessages)
      .where(eq(mailMessages.newsletterIssueId, id));
    expect(Object.fromEntries(queued.map((m) => [m.to, [m.subject, m.headers["Content-Language"]]]))).toEqual({
      "ana@example.org": ["Otoño", "es"],
      "jonas@example.org": ["Autumn", "en"],
      "ruth@example.org": ["Autumn", "en"],
    });

    const spanish = await delivered("ana@example.org");
    expect(spanish.subject).toBe("Otoño");
    expect(spanish.text).toContain("# Cosecha\n\nManzanas.");
    expect(spanish.text).not.toContain("Apples");
    expect(spanish.html).toContain('<html lang="es">');
    expect(spanish.html).toContain("Cosecha");
    expect(headersOf(spanish)).toMatch(/^Content-Language: es$/im);
    expect(spanish.text).toContain("Darse de baja: http://localhost/es/newsletter/unsubscribe?token=");

    // No German translation: the English original, marked English, with the German words around it.
    const german = await delivered("jonas@example.org");
    expect(german.subject).toBe("Autumn");
    expect(german.text).toContain("# Harvest\n\nApples.");
    expect(german.html).toContain('<html lang="en">');
    expect(german.html).toMatch(/<p lang="de"[^>]*>[^<]*Newsletter/);
    expect(headersOf(german)).toMatch(/^Content-Language: en$/im);
    expect(german.text).toContain("http://localhost/de/newsletter/unsubscribe?token=");

    const english = await delivered("ruth@example.org");
    expect(english.subject).toBe("Autumn");
    expect(english.html).toContain('<html lang="en">');
    expect(english.html).not.toContain('<p lang="');

    // One message to each, and the counts say so.
    await h.mail.runOnce();
    const issue = await getIssue(h.t.db, id);
    if (!issue) throw new Error("no issue");
    expect(issue.recipients).toBe(3);
    const progress = await issueProgress(h.services, issue);
    expect(progress.counts.sent).toBe(3);
    expect(progress.done).toBe(3);
    expect(h.smtp.received.filter((m) => m.subject === "Otoño" || m.subject === "Autumn")).toHaveLength(3);
    expect((await getIssue(h.t.db, id))?.status).toBe("sent");

    // The sent issue's screen still shows the message as each language's subscribers got it.
    const after = (await call(issueRoute.loader as never, getRequest(`${URL_OF(id)}?language=es`), h.context, {
      id,
    })) as { data: { issue: { status: string }; preview: string } };
    expect(after.data.issue.status).toBe("sent");
    expect(after.data.preview).toContain("Cosecha");

    // A sent issue's translations cannot be changed any more.
    const late = await post(id, { subject: "Autumn", body: "x", "tr.es.subject": "Otro" });
    expect(dataResult(late.value).status).toBe(409);
    expect((await getIssue(h.t.db, id))?.translations).toEqual(issue.translations);
  });

  it("sends a staff test as a subscriber of the previewed language gets it", async () => {
    h.smtp.received.length = 0;
    const id = await createIssue(h.t.db, { subject: "Winter", body: "Rest.", createdBy: h.userId });
    const tested = await post(
      id,
      {
        intent: "test",
        subject: "Winter",
        body: "Rest.",
        "tr.es.subject": "Invierno",
        "tr.es.body": "Descanso.",
        previewLanguage: "es",
      },
      "?language=es",
    );
    expect((tested.value as Response | undefined)?.headers.get("Location") ?? "").toContain("?language=es");
    const test = await delivered("issue-translations@example.org");
    expect(test.subject).toBe("[Test] Invierno");
    expect(test.text).toContain("Descanso.");
  });
});
