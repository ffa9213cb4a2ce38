import { describe, expect, it } from "vitest";
import { fieldsAlwaysSent } from "~/lib/schemas/form";
import { LocationSchema } from "~/lib/schemas/location";
import { PROPOSAL_TOKEN_FIELD } from "~/lib/schemas/proposal";
import { OWNER, serverWithMail } from "../helpers/server-with-mail";

/**
 * Contributions and staff against the built server (issue 37, decision 058), through a real SMTP server: a place
 * suggested from the Portuguese page reaches the first administrator at once, becomes a Portuguese draft, and its
 * visitor is told in Portuguese when it is published; the form offers countries in the page's language and asks
 * "Is it one of these?" before storing a look-alike.
 */
const site = serverWithMail("contributions-and-staff");
const { get, post, arrived } = site;

describe("contributions and staff notices, against the built server", () => {
  it("offers the countries in the page's language and never sends the old world drawing with the form", async () => {
    const html = await (await get("/pt/suggest-a-place")).text();
    expect(html).toMatch(/<select[^>]*name="country"/);
    expect(html).toContain('<option value="DE">Alemanha</option>');
    expect(html).toContain("Encontrar uma cidade");
    expect(html).toContain("Escolher o local em um mapa");
    // The map's code is loaded when the picker is opened, not with the page.
    expect(html).not.toMatch(/picker-map\.client|map-style\.client/);
  });

  it("asks 'Is it one of these?' about a published look-alike before storing anything", async () => {
    const places = await (await get("/locations.geojson?limit=5")).json();
    const [first] = (places as { features: { properties: { name: string }; geometry: { coordinates: number[] } }[] })
      .features;
    if (!first) throw new Error("no demo place");
    const [lng, lat] = first.geometry.coordinates as [number, number];
    const asked = await post("/es/suggest-a-place", {
      [PROPOSAL_TOKEN_FIELD]: site.formToken("suggest-place"),
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
      [PROPOSAL_TOKEN_FIELD]: site.formToken("suggest-place"),
      name: "Quinta do Teste Integrado",
      country: "PT",
      proposerEmail: "visitante@example.net",
      consent: "on",
    });
    expect(sent.status).toBe(303);
    // The first administrator hears of it without having asked (their default).
    const [notice] = await arrived(OWNER.email, 1);
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
    expect(await (await get(edit, true)).text()).toMatch(/<option value="pt" selected="">/);

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
    expect(mail[1]?.text).toContain(`${site.siteUrl}/pt/location/Quinta-do-Teste-Integrado`);
    expect(mail[1]?.text).not.toContain("Quinta do Teste");
  }, 60_000);
});
