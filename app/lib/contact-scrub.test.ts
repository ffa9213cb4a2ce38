import { describe, expect, it } from "vitest";
import { publicWebAddress, scrubContacts } from "./contact-scrub";

describe("open data's contact scrubbing", () => {
  it("removes e-mail addresses, phone numbers and mailto:/tel: links from free text", () => {
    expect(scrubContacts("Write to jo.garden+news@example.org today")).toBe("Write to [removed] today");
    expect(scrubContacts("Call +1 (360) 555-0142 or 020 7946 0958.")).toBe("Call [removed] or [removed].");
    expect(scrubContacts("Tel. +49 30 123456")).toBe("Tel. [removed]");
    expect(scrubContacts("<a href='mailto:a@b.example'>us</a>")).not.toMatch(/@|mailto/);
    expect(scrubContacts("tel:+15550100")).toBe("[removed]");
  });

  it("leaves years, prices, dates, coordinates and handles' words alone, with no @ left", () => {
    const text = "Open 1990-2000, 12,500 trees, since 2024-05-01 at 51.5074, -0.1278";
    expect(scrubContacts(text)).toBe(text);
    expect(scrubContacts("Follow @greenhands")).toBe("Follow  at greenhands");
  });

  it("keeps only http(s) web addresses, with an @ percent-encoded", () => {
    expect(publicWebAddress("https://social.example/@farm")).toBe("https://social.example/%40farm");
    expect(publicWebAddress("mailto:farm@example.org")).toBeNull();
    expect(publicWebAddress("tel:+15550100")).toBeNull();
    expect(publicWebAddress("  ")).toBeNull();
    expect(publicWebAddress(null)).toBeNull();
  });
});
