import { describe, expect, it } from "vitest";
import { formatInteger } from "./numbers";

describe("formatInteger", () => {
  it("writes whole numbers with thousands separators, as en-US does", () => {
    for (const n of [0, 7, 999, 1000, 12_345, 50_075, 1_234_567, -4321, 1499.6]) {
      expect(formatInteger(n)).toBe(Math.round(n).toLocaleString("en-US"));
    }
  });
});
