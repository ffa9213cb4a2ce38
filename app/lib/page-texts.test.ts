import { describe, expect, it } from "vitest";
import { PAGE_TEXT_KEYS, pageTextDefinition, pageTextFormSchema } from "./page-texts";
import { fieldErrors } from "./schemas";

const def = (key: string) => {
  const d = pageTextDefinition(key);
  if (!d) throw new Error(key);
  return d;
};
const errorsOf = (key: string, input: Record<string, unknown>) => {
  const r = pageTextFormSchema(def(key)).safeParse(input);
  return r.success ? {} : fieldErrors(r.error);
};

describe("page text form", () => {
  it("knows every text by its key, and no other", () => {
    for (const key of PAGE_TEXT_KEYS) expect(pageTextDefinition(key)?.key).toBe(key);
    expect(pageTextDefinition("admin")).toBeNull();
    expect(pageTextDefinition("")).toBeNull();
  });

  it("takes a one-line text trimmed, within its length", () => {
    const r = pageTextFormSchema(def("site-name")).safeParse({ intent: "save", body: "  Green Hands  " });
    expect(r.success && r.data).toEqual({ intent: "save", body: "Green Hands" });
    expect(errorsOf("site-name", { intent: "save", body: "   " }).body).toBe("Write the site name.");
    expect(errorsOf("site-name", { intent: "save", body: "x".repeat(61) }).body).toBe(
      "The site name can be at most 60 characters.",
    );
    expect(errorsOf("home-heading", { intent: "save", body: "two\nlines" }).body).toBe("Keep it to one line.");
    expect(errorsOf("site-name", { intent: "save", body: "bell\u0007" }).body).toBe(
      "Remove the control characters from the text.",
    );
  });

  it("takes Markdown over several lines, not empty and within its length", () => {
    const r = pageTextFormSchema(def("privacy")).safeParse({ intent: "preview", body: "## A\r\n\r\nText" });
    expect(r.success && r.data).toEqual({ intent: "preview", body: "## A\n\nText" });
    expect(errorsOf("privacy", { intent: "save", body: " \n " }).body).toBe("Write the text; it cannot be empty.");
    expect(errorsOf("privacy", { intent: "save", body: "x".repeat(50_001) }).body).toBe(
      "The text can be at most 50,000 characters.",
    );
    expect(errorsOf("privacy", { intent: "save" }).body).toBe("Write the text.");
  });

  it("restores only a revision given by a positive whole number, and refuses unknown intents", () => {
    const r = pageTextFormSchema(def("terms")).safeParse({ intent: "restore", revisionId: "12" });
    expect(r.success && r.data).toEqual({ intent: "restore", revisionId: 12 });
    for (const revisionId of ["", "abc", "-1", "1.5", "1e300"]) {
      expect(errorsOf("terms", { intent: "restore", revisionId }).revisionId).toBe("Choose a revision to restore.");
    }
    expect(errorsOf("terms", { intent: "delete", body: "x" }).intent).toBe("Choose Preview, Save or Restore.");
    expect(errorsOf("terms", { body: "x" }).intent).toBe("Choose Preview, Save or Restore.");
  });
});
