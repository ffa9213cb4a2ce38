import { describe, expect, it } from "vitest";
import { validateObjectName } from "~/lib/storage/paths";
import { objectNameFor } from "./use-uploads";

describe("object names for picked files", () => {
  it("puts the file in the current folder and keeps ordinary names", () => {
    expect(objectNameFor("locations/", "Green Valley.jpg")).toBe("locations/Green Valley.jpg");
    expect(objectNameFor("", "notes.pdf")).toBe("notes.pdf");
  });

  it("turns names the server would refuse into valid ones", () => {
    for (const raw of ["..", "../x.png", "a\\b.png", "a/b.png", "tab\there.png", ".hidden.png", "   "]) {
      const name = objectNameFor("docs/", raw);
      expect(() => validateObjectName(name)).not.toThrow();
      expect(name.startsWith("docs/")).toBe(true);
    }
  });
});
