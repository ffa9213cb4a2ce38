import { describe, expect, it } from "vitest";
import { serverTranslate } from "~/server-lib/messages.server";
import { fieldErrors } from "../schemas";
import { CORRECTION_FIELDS } from "./correction";
import { optionalNumber, requiredText } from "./form";
import { isMessageCode, messageCode, translateErrors, translateMessage } from "./message-codes";
import { PlaceProposalSchema } from "./proposal";

const en = serverTranslate("en");
const es = serverTranslate("es");
const de = serverTranslate("de");

describe("validation message codes", () => {
  it("carry a key and its values; the label is a key of its own, numbers format in the page's language", () => {
    const code = messageCode("validation.tooLong", { label: "formCommon.field.country", max: 10000 });
    expect(isMessageCode(code)).toBe(true);
    expect(translateMessage(en, code)).toBe("Country must be 10000 characters or fewer.");
    expect(translateMessage(es, code)).toBe("El campo «País» admite como máximo 10.000 caracteres.");
    expect(translateMessage(de, code)).toBe("„Land“ darf höchstens 10.000 Zeichen lang sein.");
  });

  it("leave a sentence that is not a code as it is", () => {
    expect(translateMessage(es, "Name is required.")).toBe("Name is required.");
    expect(isMessageCode("Please choose. validation.required")).toBe(false);
  });

  it("give staff's forms (text labels) the English sentences they always had", () => {
    const r = requiredText("Name", 120).safeParse("");
    expect(r.success ? null : r.error.issues[0]?.message).toBe("Name is required.");
    const n = optionalNumber("Latitude", -90, 90).safeParse("100");
    expect(n.success ? null : n.error.issues[0]?.message).toBe("Latitude must be between -90 and 90.");
    const staff = CORRECTION_FIELDS.location.find((f) => f.key === "website");
    const s = staff?.schema.safeParse("ftp://x");
    expect(s?.success ? null : s?.error.issues[0]?.message).toBe(
      "Website must be a web address starting with http:// or https://.",
    );
  });

  it("give a public form codes that read as before in English and in the page's language elsewhere", () => {
    const r = PlaceProposalSchema.safeParse({
      name: "",
      country: "x".repeat(81),
      latitude: "100",
      longitude: "8",
      regionId: "nope",
      proposerEmail: "a@b.org",
    });
    expect(r.success).toBe(false);
    if (r.success) return;
    expect(translateErrors(en, fieldErrors(r.error))).toMatchObject({
      name: "Name is required.",
      country: "Country must be 80 characters or fewer.",
      latitude: "Latitude must be between -90 and 90.",
      regionId: "Please choose a valid region.",
      consent: "Please agree to the privacy policy, or leave your e-mail address out.",
    });
    expect(translateErrors(es, fieldErrors(r.error))).toMatchObject({
      name: "El campo «Nombre» es obligatorio.",
      latitude: "El campo «Latitud» debe estar entre -90 y 90.",
      regionId: "Elige un valor válido para «Región».",
    });
    expect(translateErrors(de, fieldErrors(r.error)).consent).toBe(
      "Bitte stimme der Datenschutzerklärung zu oder lass deine E-Mail-Adresse weg.",
    );
  });
});
