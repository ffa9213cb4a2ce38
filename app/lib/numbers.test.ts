import { describe, expect, it } from "vitest";
import { formatCount, formatFixed, formatInteger, numberFormat } from "./numbers";

describe("formatInteger", () => {
  it("writes whole numbers with thousands separators, as en-US does", () => {
    for (const n of [0, 7, 999, 1000, 12_345, 50_075, 1_234_567, -4321, 1499.6]) {
      expect(formatInteger(n)).toBe(Math.round(n).toLocaleString("en-US"));
    }
  });

  it("groups digits as the page's language does", () => {
    expect(formatInteger(1234, "de")).toBe("1.234");
    expect(formatInteger(1_234_567, "de")).toBe("1.234.567");
    expect(formatInteger(1234, "fr")).toBe("1\u202f234");
    expect(formatInteger(12_345, "es")).toBe("12.345");
    expect(formatInteger(1234, "pt")).toBe("1.234");
    expect(formatCount(1000, true, "de")).toBe("1.000+");
    expect(formatCount(1000, true)).toBe("1,000+");
  });

  it("writes a coordinate with a fixed number of decimals in the page's language", () => {
    expect(formatFixed(52.52, 4, "en")).toBe("52.5200");
    expect(formatFixed(52.52, 4, "de")).toBe("52,5200");
    expect(formatFixed(-0.12789, 1, "fr")).toBe("-0,1");
    expect(formatFixed(13.405, 4, "de")).toBe("13,4050");
  });

  it("makes each number format once per locale and options, and a new one for other options", () => {
    const euros = numberFormat("de", { style: "currency", currency: "EUR" });
    expect(numberFormat("de", { style: "currency", currency: "EUR" })).toBe(euros);
    expect(numberFormat("de", { style: "currency", currency: "USD" })).not.toBe(euros);
    expect(numberFormat("fr", { style: "currency", currency: "EUR" })).not.toBe(euros);
    expect(euros.format(5)).toBe("5,00\u00a0€");
  });
});
