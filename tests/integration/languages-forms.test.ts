import { beforeAll, describe, expect, it } from "vitest";
import { PROPOSAL_TOKEN_FIELD } from "~/lib/schemas/proposal";
import { serverForFile } from "~tests/helpers/data-dir";
import { formBody, formToken } from "../helpers/form-posts";

const AUTH_SECRET = "forms-in-five-languages-test-secret-0123456789";
const server = serverForFile("languages-forms-", { AUTH_SECRET });
/** A published place's correction page (English address) and a focus area's id, from the demo content. */
let correctionPath: string;
let focusAreaId: string;

/** A fill-time token issued five seconds ago, as the page would have given a person filling the form. */
const token = (form: string) => formToken(AUTH_SECRET, form);

const get = (p: string) => fetch(`${server.url}${p}`, { redirect: "manual" });
/** A form post as a browser sends it from the site's own page. */
const post = (p: string, fields: Record<string, string | string[]>) =>
  fetch(`${server.url}${p}`, {
    method: "POST",
    body: formBody(fields),
    redirect: "manual",
    headers: { Origin: server.url, "Sec-Fetch-Site": "same-origin" },
  });
/** The page's text as read: inline elements joined to their words, blocks apart, quotes and apostrophes read back. */
const text = (html: string) =>
  html
    .replace(/<(script|style)[\s\S]*?<\/\1>|<!--[\s\S]*?-->/g, "")
    .replace(/<\/?(a|span|strong|em|label)\b[^>]*>/g, "")
    .replace(/<[^>]+>/g, " ")
    .replaceAll("&#x27;", "'")
    .replaceAll("&quot;", '"')
    .replaceAll("&amp;", "&")
    .replace(/\s+/g, " ");

beforeAll(async () => {
  const locations = await (await get("/locations")).text();
  const place = locations.match(/href="(\/location\/[^"?#]+)"/)?.[1] ?? "";
  expect(place).not.toBe("");
  correctionPath =
    (await (await get(place)).text()).match(/href="(\/suggest-a-correction\/location\/[^"?#]+)"/)?.[1] ?? "";
  expect(correctionPath).not.toBe("");
  focusAreaId =
    (await (await get("/application")).text()).match(/name="focusAreas" value="([0-9a-f-]{36})"/)?.[1] ?? "";
  expect(focusAreaId).not.toBe("");
}, 120_000);

describe("the public forms in the page's language", () => {
  it("show their titles, labels, hints and buttons in Spanish, German, French and Portuguese", async () => {
    const es = text(await (await get("/es/application")).text());
    expect(es).toContain("Únete a la red");
    expect(es).toContain("Nombre completo");
    expect(es).toContain("Enviar solicitud");
    expect(es).toContain("Solo lo usamos para responder a tu solicitud.");
    expect(es).toContain("Agricultura y producción de alimentos");
    const de = await (await get("/de/suggest-a-place")).text();
    expect(de).toContain("<title>Einen Ort vorschlagen |");
    expect(text(de)).toContain("Name des Ortes (Pflichtfeld)");
    expect(text(de)).toContain("Vorschlag senden");
    expect(text(de)).toContain("Landwirtschaft und Lebensmittelproduktion");
    expect(de).toContain('action="/de/suggest-a-place"');
    const fr = text(await (await get(`/fr${correctionPath}`)).text());
    expect(fr).toContain("Proposer une correction :");
    expect(fr).toContain("Existe-t-il toujours ?");
    expect(fr).toContain("Envoyer la correction");
    const pt = text(await (await get("/pt/application")).text());
    expect(pt).toContain("Participe da rede");
    expect(pt).toContain("Enviar candidatura");
  }, 60_000);

  it("say in the page's language that an entry's confirmation link does not work", async () => {
    const es = await get("/es/entry/confirm?token=nope");
    expect(es.status).toBe(410);
    const esText = text(await es.text());
    expect(esText).toContain("Este enlace no funciona");
    // A new link comes with the next check; a correction goes through the form (no reply that reaches nobody).
    expect(esText).toContain("usa «Sugerir una corrección» en su página");
    const de = text(await (await get("/de/entry/confirm?token=nope")).text());
    expect(de).toContain("Dieser Link funktioniert nicht");
  }, 60_000);

  it("answer an application with mistakes in Spanish and in German, keeping what was typed", async () => {
    const bad = { form_token: token("application"), fullName: "Ana", email: "not-an-email", experience: "short" };
    const es = await post("/es/application", bad);
    expect(es.status).toBe(400);
    const esText = text(await es.text());
    expect(esText).toContain("Hay 8 problemas en tu solicitud");
    expect(esText).toContain("Correo electrónico: Escribe una dirección de correo electrónico válida.");
    expect(esText).toContain("Escribe un poco más sobre tu experiencia con la permacultura (al menos 20 caracteres).");
    expect(esText).toContain("Elige tu región.");
    const de = await post("/de/application", bad);
    expect(de.status).toBe(400);
    const deHtml = await de.text();
    expect(text(deHtml)).toContain("Deine Bewerbung hat 8 Probleme");
    expect(text(deHtml)).toContain("Bitte wähle, ob du dich als lehrende oder als lernende Person bewirbst.");
    expect(deHtml).toContain('value="Ana"');
  }, 60_000);

  it("answer a suggested place with mistakes in Spanish and in German", async () => {
    const bad = { [PROPOSAL_TOKEN_FIELD]: token("suggest-place"), name: "", country: "", latitude: "95" };
    const de = await post("/de/suggest-a-place", bad);
    expect(de.status).toBe(400);
    const deText = text(await de.text());
    expect(deText).toContain("Es gibt 4 Probleme");
    expect(deText).toContain("Name des Ortes: „Name“ ist ein Pflichtfeld.");
    expect(deText).toContain("„Breitengrad“ muss zwischen -90 und 90 liegen.");
    expect(deText).toContain("Längengrad: Gib Breiten- und Längengrad an, oder keins von beiden.");
    const es = await post("/es/suggest-a-place", bad);
    expect(es.status).toBe(400);
    const esText = text(await es.text());
    expect(esText).toContain("El campo «País» es obligatorio.");
    expect(esText).toContain("Nombre del lugar (obligatorio)");
  }, 60_000);

  it("answer a correction with mistakes in Spanish and in German", async () => {
    const bad = {
      [PROPOSAL_TOKEN_FIELD]: token("suggest-correction"),
      website: "ftp://example.org",
      proposerEmail: "a@b.org",
    };
    const es = await post(`/es${correctionPath}`, bad);
    expect(es.status).toBe(400);
    const esText = text(await es.text());
    expect(esText).toContain("El campo «Sitio web» debe ser una dirección web que empiece por http:// o https://.");
    expect(esText).toContain("Acepta la política de privacidad o deja vacío tu correo electrónico.");
    const de = await post(`/de${correctionPath}`, { [PROPOSAL_TOKEN_FIELD]: token("suggest-correction") });
    expect(de.status).toBe(400);
    expect(text(await de.text())).toContain("Nichts hat sich geändert");
  }, 60_000);

  it("lands a valid post on the thank-you page in the language it was sent in", async () => {
    const applied = await post("/es/application", {
      form_token: token("application"),
      fullName: "Lucía Pérez",
      email: "lucia@example.org",
      applicantType: "learner",
      country: "España",
      region: "Europe",
      focusAreas: focusAreaId,
      experience: "Llevo dos años cuidando un huerto comunitario en mi barrio.",
      seeking: "Un curso de diseño en permacultura cerca de Madrid.",
      consent: "on",
    });
    expect(applied.status).toBe(303);
    expect(applied.headers.get("location")).toBe("/es/application?submitted=1");
    const thanks = text(await (await get("/es/application?submitted=1")).text());
    expect(thanks).toContain("Gracias por tu solicitud");
    expect(thanks).toContain("Qué pasa ahora");

    const suggested = await post("/es/suggest-a-place", {
      [PROPOSAL_TOKEN_FIELD]: token("suggest-place"),
      name: "Huerta La Semilla",
      country: "España",
    });
    expect(suggested.status).toBe(303);
    expect(suggested.headers.get("location")).toBe("/es/suggest-a-place?submitted=1");
    expect(text(await (await get("/es/suggest-a-place?submitted=1")).text())).toContain("Gracias por tu sugerencia");

    const corrected = await post(`/de${correctionPath}`, {
      [PROPOSAL_TOKEN_FIELD]: token("suggest-correction"),
      comment: "Der Hof hat jetzt auch einen Hofladen.",
    });
    expect(corrected.status).toBe(303);
    expect(corrected.headers.get("location")).toBe(`/de${correctionPath}?submitted=1`);
    expect(text(await (await get(`/de${correctionPath}?submitted=1`)).text())).toContain("Danke für deine Korrektur");
  }, 60_000);

  it("keeps the English forms exactly as they were", async () => {
    const res = await post("/application", { form_token: token("application"), fullName: "" });
    expect(res.status).toBe(400);
    const en = text(await res.text());
    expect(en).toContain("There are 9 problems with your application");
    expect(en).toContain("Full name: Please enter your full name.");
    const place = await post("/suggest-a-place", { [PROPOSAL_TOKEN_FIELD]: token("suggest-place"), name: "" });
    expect(text(await place.text())).toContain("Name of the place: Name is required.");
  }, 60_000);
});
