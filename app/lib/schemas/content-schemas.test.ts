import { describe, expect, it } from "vitest";
import { ApplicantActionSchema } from "./applicant";
import { ChangeMakerSchema } from "./change-maker";
import { EpisodeSchema, formatDuration, parseDuration } from "./episode";
import { formDataToObject } from "./form";
import { ProgramSchema, priceText } from "./program";
import { ResourceSchema } from "./resource";

const ID = "44444444-4444-4444-8444-444444444444";
const issueFor = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }, f: string) =>
  r.error?.issues.find((i) => i.path[0] === f)?.message;

describe("formDataToObject", () => {
  it("keeps single values as strings and repeated names as arrays", () => {
    const fd = new FormData();
    fd.append("name", "A");
    fd.append("focusAreas", "x");
    fd.append("focusAreas", "y");
    expect(formDataToObject(fd)).toEqual({ name: "A", focusAreas: ["x", "y"] });
  });
});

describe("ProgramSchema", () => {
  it("accepts a full program and converts price, currency and educators", () => {
    const out = ProgramSchema.parse({
      name: " Design Course ",
      summary: "Two weeks",
      hostLocation: "Green Valley Farm",
      startDate: "2026-05-01",
      endDate: "2026-05-14",
      format: "hybrid",
      price: "1250.5",
      currency: "eur",
      educators: "Ana Silva\n\n  Ben Okafor \n",
      applicationUrl: "https://example.org/apply",
      capacity: "24",
      focusAreas: [ID],
      imageUrl: "/media/demo/course.webp",
    });
    expect(out).toMatchObject({
      name: "Design Course",
      price: 125050,
      currency: "EUR",
      educators: ["Ana Silva", "Ben Okafor"],
      capacity: 24,
      format: "hybrid",
    });
  });

  it("treats a blank price as free and defaults currency and format", () => {
    const out = ProgramSchema.parse({ name: "Free Walk", price: "" });
    expect(out.price).toBeNull();
    expect(out.currency).toBe("USD");
    expect(out.format).toBe("in-person");
    expect(priceText(125050)).toBe("1250.50");
    expect(priceText(30000)).toBe("300");
    expect(priceText(null)).toBe("");
  });

  it.each([
    ["endDate", { name: "A", startDate: "2026-05-10", endDate: "2026-05-01" }, "on or after the start date"],
    ["startDate", { name: "A", startDate: "2026-02-30" }, "must be a date"],
    ["price", { name: "A", price: "-5" }, "amount"],
    ["price", { name: "A", price: "12.345" }, "amount"],
    ["currency", { name: "A", currency: "EURO" }, "3 characters"],
    ["currency", { name: "A", currency: "XYZ" }, "ISO 4217"],
    ["format", { name: "A", format: "telepathy" }, "in person, online or hybrid"],
    ["capacity", { name: "A", capacity: "2.5" }, "whole number"],
    ["capacity", { name: "A", capacity: "0" }, "between 1"],
    ["applicationUrl", { name: "A", applicationUrl: "javascript:alert(1)" }, "http"],
    ["name", { name: "" }, "Name is required."],
    ["educators", { name: "A", educators: Array.from({ length: 21 }, (_, i) => `P${i}`).join("\n") }, "at most 20"],
  ])("rejects an invalid %s", (field, input, message) => {
    expect(issueFor(ProgramSchema.safeParse(input), field)).toContain(message);
  });
});

describe("ResourceSchema", () => {
  it("accepts each of the six types", () => {
    for (const type of ["website", "youtube channel", "book", "podcast", "article", "app"]) {
      expect(ResourceSchema.safeParse({ title: "T", type, url: "https://example.org" }).success).toBe(true);
    }
  });
  it.each([
    ["type", { title: "T", type: "video", url: "https://x.org" }, "type from the list"],
    ["url", { title: "T", type: "book" }, "URL is required"],
    ["url", { title: "T", type: "book", url: "ftp://x.org" }, "http"],
    ["title", { title: "", type: "book", url: "https://x.org" }, "Title is required"],
    ["description", { title: "T", type: "book", url: "https://x.org", description: "d".repeat(2001) }, "2000"],
  ])("rejects an invalid %s", (field, input, message) => {
    expect(issueFor(ResourceSchema.safeParse(input), field)).toContain(message);
  });
});

describe("ChangeMakerSchema", () => {
  it("pairs link labels and URLs, dropping blank rows, and splits related locations", () => {
    const out = ChangeMakerSchema.parse({
      name: "Amara Diallo",
      linkLabel: ["Website", "", "Blog"],
      linkUrl: ["https://amara.example.org", "", "https://blog.example.org"],
      relatedLocations: "Green Valley Farm\nGreen Valley Farm\n\nSeed House",
    });
    expect(out.links).toEqual([
      { label: "Website", url: "https://amara.example.org" },
      { label: "Blog", url: "https://blog.example.org" },
    ]);
    expect(out.relatedLocations).toEqual(["Green Valley Farm", "Seed House"]);
    expect(out).not.toHaveProperty("linkLabel");
  });
  it("rejects a link without label, a bad link URL and more than five links", () => {
    expect(issueFor(ChangeMakerSchema.safeParse({ name: "A", linkLabel: "", linkUrl: "https://x.org" }), "links")).toBe(
      "Link 1 needs a label.",
    );
    expect(
      issueFor(ChangeMakerSchema.safeParse({ name: "A", linkLabel: "X", linkUrl: "javascript:alert(1)" }), "links"),
    ).toContain("http");
    const six = Array.from({ length: 6 }, (_, i) => `L${i}`);
    expect(
      issueFor(
        ChangeMakerSchema.safeParse({ name: "A", linkLabel: six, linkUrl: six.map((l) => `https://${l}.org`) }),
        "links",
      ),
    ).toBe("Add at most 5 links.");
  });
});

describe("EpisodeSchema", () => {
  it("parses durations in mm:ss, h:mm:ss and seconds", () => {
    expect(parseDuration("42:05")).toBe(2525);
    expect(parseDuration("1:02:03")).toBe(3723);
    expect(parseDuration("90")).toBe(90);
    expect(parseDuration("5:75")).toBeNull();
    expect(parseDuration("1:75:00")).toBeNull();
    expect(parseDuration("ten")).toBeNull();
    expect(formatDuration(3723)).toBe("1:02:03");
    expect(formatDuration(2525)).toBe("42:05");
  });
  it("accepts an episode and rejects bad numbers, durations and dates", () => {
    const out = EpisodeSchema.parse({ number: "9", title: "Soil", duration: "30:00", publishedAt: "2026-03-01" });
    expect(out.number).toBe(9);
    expect(out.duration).toBe(1800);
    expect(out.publishedAt.toISOString().slice(0, 10)).toBe("2026-03-01");
    const bad = EpisodeSchema.safeParse({ number: "0", title: "", duration: "long", publishedAt: "yesterday" });
    expect(issueFor(bad, "number")).toContain("whole number");
    expect(issueFor(bad, "title")).toBe("Title is required.");
    expect(issueFor(bad, "duration")).toContain("mm:ss");
    expect(issueFor(bad, "publishedAt")).toContain("date");
  });
});

describe("ApplicantActionSchema", () => {
  it("accepts a status change and notes, and rejects unknown statuses and intents", () => {
    expect(ApplicantActionSchema.safeParse({ intent: "status", id: ID, status: "APPROVED" }).success).toBe(true);
    expect(ApplicantActionSchema.safeParse({ intent: "notes", id: ID, notes: " ok " }).data).toEqual({
      intent: "notes",
      id: ID,
      notes: "ok",
    });
    expect(ApplicantActionSchema.safeParse({ intent: "status", id: ID, status: "DONE" }).success).toBe(false);
    expect(ApplicantActionSchema.safeParse({ intent: "destroy", id: ID }).success).toBe(false);
    expect(ApplicantActionSchema.safeParse({ intent: "notes", id: ID, notes: "x".repeat(5001) }).success).toBe(false);
  });
});
