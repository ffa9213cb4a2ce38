import { describe, expect, it } from "vitest";
import { serverTranslate } from "~/server-lib/messages.server";
import { checkFormToken, issueFormToken, MIN_FILL_MS } from "~/services/contributions/form-timing.server";
import { ApplicationSchema, applicationErrors, applicationValuesFromForm } from "./application";
import { translateErrors } from "./message-codes";

const FOCUS = "44444444-4444-4444-8444-444444444444";
const valid = {
  fullName: "  Amara Okoye ",
  email: "amara@example.org",
  applicantType: "educator",
  organization: "",
  country: "Nigeria",
  region: "Africa",
  focusAreas: [FOCUS, FOCUS.toUpperCase()],
  experience: "Ten years of running a school garden with our village.",
  seeking: "Learners for a two week design course next spring.",
  website: "",
  consent: "on",
};

describe("application schema", () => {
  it("accepts a complete application and normalises it", () => {
    const r = ApplicationSchema.parse(valid);
    expect(r.fullName).toBe("Amara Okoye");
    expect(r.focusAreas).toEqual([FOCUS]);
    expect(r.website).toBeNull();
    expect(r.consent).toBe(true);
  });

  it("gives one clear message per missing field", () => {
    const r = ApplicationSchema.safeParse({});
    expect(r.success).toBe(false);
    if (r.success) return;
    // The schema's messages are codes; the page shows them in its language, here English.
    const errors = translateErrors(serverTranslate("en"), applicationErrors(r.error));
    expect(errors).toMatchObject({
      fullName: "Please enter your full name.",
      email: "Please enter your e-mail address.",
      applicantType: "Please choose whether you are applying as an educator or a learner.",
      country: "Please enter the country you live or work in.",
      region: "Please choose your region.",
      focusAreas: "Please choose at least one focus area.",
      consent: "Please agree to the privacy policy so we can store your application.",
    });
    expect(errors.organization).toBeUndefined();
    expect(errors.website).toBeUndefined();
  });

  it("gives the same messages in the page's language, limits as numbers of that language", () => {
    const r = ApplicationSchema.safeParse({ ...valid, fullName: "", experience: "x".repeat(4001), seeking: "short" });
    expect(r.success).toBe(false);
    if (r.success) return;
    const es = translateErrors(serverTranslate("es"), applicationErrors(r.error));
    expect(es.fullName).toBe("Escribe tu nombre completo.");
    expect(es.seeking).toBe("Escribe un poco más sobre lo que buscas (al menos 20 caracteres).");
    const de = translateErrors(serverTranslate("de"), applicationErrors(r.error));
    expect(de.experience).toBe("Dieser Text muss kürzer als 4.000 Zeichen sein.");
    const en = translateErrors(serverTranslate("en"), applicationErrors(r.error));
    expect(en.experience).toBe("Please keep this under 4000 characters.");
  });

  it("rejects unsafe or malformed values", () => {
    const bad = ApplicationSchema.safeParse({
      ...valid,
      email: "not-an-email",
      applicantType: "admin",
      region: "Atlantis",
      website: "javascript:alert(1)",
      focusAreas: ["'; drop table"],
      experience: "short",
      consent: "",
    });
    expect(bad.success).toBe(false);
    if (bad.success) return;
    expect(Object.keys(applicationErrors(bad.error)).sort()).toEqual(
      ["applicantType", "consent", "email", "experience", "focusAreas", "region", "website"].sort(),
    );
  });

  it("reads a submitted form, keeping checkbox groups as lists", () => {
    const fd = new FormData();
    fd.append("fullName", "Ana");
    fd.append("focusAreas", "a");
    fd.append("focusAreas", "b");
    fd.append("unknown", "x");
    expect(applicationValuesFromForm(fd)).toEqual({ fullName: "Ana", focusAreas: ["a", "b"] });
  });
});

describe("form timing token", () => {
  const secret = "test-secret";
  it("accepts a token after the minimum fill time and refuses one too quick", () => {
    const t0 = 1_800_000_000_000;
    const token = issueFormToken(secret, "application", t0);
    expect(checkFormToken(secret, "application", token, t0 + 500)).toBe("too-fast");
    expect(checkFormToken(secret, "application", token, t0 + MIN_FILL_MS + 1)).toBe("ok");
    expect(checkFormToken(secret, "application", token, t0 + 2 * 24 * 3600_000)).toBe("expired");
  });

  it("refuses forged, back-dated or foreign tokens", () => {
    const t0 = 1_800_000_000_000;
    const token = issueFormToken(secret, "application", t0);
    const [, mac] = token.split(".");
    expect(checkFormToken(secret, "application", `${t0 - 60_000}.${mac}`, t0 + 10_000)).toBe("invalid");
    expect(checkFormToken("other", "application", token, t0 + 10_000)).toBe("invalid");
    expect(checkFormToken(secret, "newsletter", token, t0 + 10_000)).toBe("invalid");
    expect(checkFormToken(secret, "application", null)).toBe("invalid");
    expect(checkFormToken(secret, "application", "garbage")).toBe("invalid");
  });
});
