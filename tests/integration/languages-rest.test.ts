import { describe, expect, it } from "vitest";
import { serverForFile } from "~tests/helpers/data-dir";

// What a visitor reads in Spanish, German, French or Portuguese where the site used to answer in English: a form
// refused for a NUL character, the newsletter's JSON answers, the podcast feed's link in the page's head, an address
// refused for a NUL, and a place that is not there. The English answers stay as they were.
const server = serverForFile("languages-rest-");

const get = (p: string, headers: Record<string, string> = {}) =>
  fetch(`${server.url}${p}`, { redirect: "manual", headers });

/** A browser's form post from the site's own page. */
const post = (p: string, body: URLSearchParams | string, headers: Record<string, string> = {}) =>
  fetch(`${server.url}${p}`, {
    method: "POST",
    body,
    redirect: "manual",
    headers: { Origin: server.url, "Sec-Fetch-Site": "same-origin", ...headers },
  });

/** The page's text as read: tags gone, entities for quotes and apostrophes read back. */
const text = (html: string) =>
  html
    .replace(/<(script|style)[\s\S]*?<\/\1>|<!--[\s\S]*?-->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replaceAll("&#x27;", "'")
    .replaceAll("&quot;", '"')
    .replaceAll("&amp;", "&")
    .replace(/\s+/g, " ");

/** The newsletter's JavaScript path: JSON in, JSON out. */
async function subscribe(body: Record<string, unknown> | string, headers: Record<string, string> = {}) {
  const res = await post("/api/newsletter", typeof body === "string" ? body : JSON.stringify(body), {
    Accept: "application/json",
    "Content-Type": "application/json",
    ...headers,
  });
  return {
    status: res.status,
    body: (await res.json()) as { ok: boolean; message: string; errors?: { email?: string } },
  };
}

describe("a form refused for a NUL character answers in the page's language", () => {
  const nul = new URLSearchParams({ email: "a\u0000b@example.org", name: "x", token: "x" });

  it.each([
    ["/es/application", "El formulario contiene un carácter (NUL) que no está permitido. Quítalo y envíalo de nuevo."],
    [
      "/de/suggest-a-place",
      "Das Formular enthält ein Zeichen (NUL), das nicht erlaubt ist. Bitte entferne es und schicke das Formular noch einmal ab.",
    ],
    [
      "/fr/podcast",
      "Le formulaire contient un caractère (NUL) qui n’est pas autorisé. Veuillez le supprimer et envoyer à nouveau.",
    ],
    [
      "/pt/newsletter/confirm",
      "O formulário contém um caractere (NUL) que não é permitido. Remova-o e envie novamente.",
    ],
    ["/es/entry/confirm", "El formulario contiene un carácter (NUL) que no está permitido."],
    ["/de/newsletter/unsubscribe", "Das Formular enthält ein Zeichen (NUL), das nicht erlaubt ist."],
    ["/application", "The form contains a character (NUL) that is not allowed. Please remove it and submit again."],
  ])("%s", async (page, message) => {
    const res = await post(page, nul);
    expect(res.status).toBe(400);
    const body = text(await res.text());
    expect(body).toContain(message);
    if (page !== "/application") expect(body).not.toContain("The form contains");
  });

  it("an unreadable body on a Spanish contribution form is answered in Spanish", async () => {
    const res = await post("/es/suggest-a-place", "x", { "Content-Type": "multipart/form-data" });
    expect(res.status).toBe(400);
    expect(text(await res.text())).toContain("No se pudo leer el formulario. Inténtalo de nuevo.");
  });
});

describe("/api/newsletter answers scripts in the language of the page that posted", () => {
  it("takes the form's own language first", async () => {
    const de = await subscribe({ email: "not an address", source: "footer", language: "de" });
    expect(de.status).toBe(400);
    expect(de.body.message).toBe("Bitte gib eine gültige E-Mail-Adresse ein.");
    expect(de.body.errors?.email).toBe("Bitte gib eine gültige E-Mail-Adresse ein.");

    // Even from an English page's Referer: the form knows the page it was on.
    const es = await subscribe(
      { email: "lengua@example.org", source: "newsletter-page", language: "es" },
      { Referer: `${server.url}/newsletter` },
    );
    expect(es).toEqual({
      status: 200,
      body: {
        ok: true,
        message:
          "¡Gracias por suscribirte! Revisa tu bandeja de entrada: el boletín empieza cuando hagas clic en el enlace de nuestro correo para confirmar tu dirección.",
      },
    });
  });

  it("else the referring page's path, else Accept-Language", async () => {
    const fr = await subscribe("{not json", { Referer: `${server.url}/fr/newsletter` });
    expect(fr).toEqual({ status: 400, body: { ok: false, message: "Veuillez saisir une adresse e-mail valide." } });

    const pt = await subscribe({ email: "" }, { "Accept-Language": "pt-BR,pt;q=0.9,en;q=0.5" });
    expect(pt.status).toBe(400);
    expect(pt.body.message).toBe("Informe seu endereço de e-mail.");
    expect(pt.body.errors?.email).toBe("Informe seu endereço de e-mail.");

    // A Referer on an English page is English, whatever the browser prefers.
    const en = await subscribe({ email: "x" }, { Referer: `${server.url}/`, "Accept-Language": "de" });
    expect(en.body.message).toBe("Please enter a valid e-mail address.");
  });

  it("keeps its English answers as they were, the thank-you saying to confirm (decision 057)", async () => {
    expect(await subscribe({ email: "nope" })).toEqual({
      status: 400,
      body: {
        ok: false,
        message: "Please enter a valid e-mail address.",
        errors: { email: "Please enter a valid e-mail address." },
      },
    });
    expect(await subscribe({ email: "" })).toMatchObject({
      status: 400,
      body: { ok: false, message: "Please enter your e-mail address." },
    });
    expect(await subscribe({ email: "english@example.org", source: "footer" })).toEqual({
      status: 200,
      body: {
        ok: true,
        message:
          "Thank you for subscribing! Please check your inbox: the newsletter starts once you click the link in our e-mail to confirm your address.",
      },
    });
  });
});

describe("the podcast feed's link in the head", () => {
  const feedLink = (html: string) => html.match(/<link[^>]*type="application\/rss\+xml"[^>]*>/)?.[0] ?? "";

  it("is named in the page's language, and says the feed is English", async () => {
    const es = feedLink(await (await get("/es/podcast")).text());
    expect(es).toContain('title="Pódcast de Permaculture Network (en inglés)"');
    expect(es).toContain('href="/podcast.xml"');
    expect(feedLink(await (await get("/de/podcast")).text())).toContain(
      'title="Permaculture Network Podcast (auf Englisch)"',
    );
    expect(feedLink(await (await get("/podcast")).text())).toContain('title="Permaculture Network Podcast"');
  });
});

describe("refusals and missing pages in other languages", () => {
  it("a NUL in the address is refused in the path's language", async () => {
    const es = await get("/es/search?q=a%00b");
    expect(es.status).toBe(400);
    expect(await es.text()).toBe(
      "La dirección contiene un carácter (NUL, %00) que no está permitido. Quítalo y vuelve a intentarlo.",
    );
    const de = await get("/de/location/a%00b");
    expect(de.status).toBe(404);
    expect(await de.text()).toBe("Unter dieser Adresse gibt es keine Seite.");
    expect(await (await get("/search?q=a%00b")).text()).toBe(
      "The address contains a character (NUL, %00) that is not allowed. Please remove it and try again.",
    );
  });

  it("a place that is not there says so in the page's language", async () => {
    const es = await get("/es/location/No-Existe-Este-Lugar");
    expect(es.status).toBe(404);
    const html = await es.text();
    expect(html).toContain("<title>Página no encontrada | Permaculture Network</title>");
    expect(text(html)).toContain(
      "Lugar no encontrado. Puede que la página haya cambiado de dirección o se haya eliminado.",
    );
    expect(text(html)).not.toContain("It may have been renamed");

    const program = text(await (await get("/fr/program/aucun-programme-ici")).text());
    expect(program).toContain("Programme introuvable. La page a peut-être changé d’adresse ou été supprimée.");

    const en = await (await get("/location/No-Such-Place-Here")).text();
    expect(en).toContain("<title>Page not found | Permaculture Network</title>");
    expect(text(en)).toContain("Location not found. It may have been renamed or removed.");
  });

  it("a post to a page without a form says so in the page's language, not in React Router's words", async () => {
    const es = await post("/es/about", new URLSearchParams({ a: "b" }));
    expect(es.status).toBe(405);
    const body = text(await es.text());
    expect(body).toContain("Esa acción no está disponible aquí");
    expect(body).toContain("Esta página no recibe formularios. Vuelve a la página y usa su propio formulario o botón.");
    expect(body).not.toContain("did not provide an `action`");
    const en = text(await (await post("/about", new URLSearchParams({ a: "b" }))).text());
    expect(en).toContain("This page does not take a form. Go back to the page and use its own form or button.");
    expect(en).not.toContain("did not provide an `action`");
  });

  it("an unknown address under /es is the Spanish 404 page", async () => {
    const res = await get("/es/esta-pagina-no-existe");
    expect(res.status).toBe(404);
    const body = text(await res.text());
    expect(body).not.toContain("We could not find the page");
    expect(body).not.toContain("Page not found");
  });

  it("the newsletter's e-mail field shows an example address in the page's language", async () => {
    expect(await (await get("/es/newsletter")).text()).toContain('placeholder="nombre@example.org"');
    expect(await (await get("/newsletter")).text()).toContain('placeholder="you@example.org"');
  });
});
