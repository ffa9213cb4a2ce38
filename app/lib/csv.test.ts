import { describe, expect, it } from "vitest";
import { csvCell, csvResponse, toCsv } from "./csv";

describe("csvCell", () => {
  it.each([
    ["=SUM(A1:A2)", "'=SUM(A1:A2)"],
    ["+1+1", "'+1+1"],
    ["-2+3", "'-2+3"],
    ["@cmd", "'@cmd"],
    ["\tstart", "'\tstart"],
    ["\rstart", '"\'\rstart"'],
    ['=HYPERLINK("http://x","y")', '"\'=HYPERLINK(""http://x"",""y"")"'],
  ])("neutralises a formula-like cell %j", (input, expected) => {
    expect(csvCell(input)).toBe(expected);
  });

  it("quotes commas, quotes and line breaks, doubling inner quotes", () => {
    expect(csvCell("a,b")).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell("line1\nline2")).toBe('"line1\nline2"');
    expect(csvCell(" padded ")).toBe('" padded "');
  });

  it("leaves plain text, numbers and e-mail addresses as they are", () => {
    expect(csvCell("jane@example.org")).toBe("jane@example.org");
    expect(csvCell(-5)).toBe("-5");
    expect(csvCell(3.5)).toBe("3.5");
    expect(csvCell(true)).toBe("true");
    expect(csvCell(null)).toBe("");
    expect(csvCell(undefined)).toBe("");
    expect(csvCell(new Date("2026-01-02T03:04:05Z"))).toBe("2026-01-02T03:04:05.000Z");
  });
});

describe("toCsv / csvResponse", () => {
  it("writes a header and rows with CRLF endings", () => {
    expect(
      toCsv(
        ["a", "b"],
        [
          ["1", "x,y"],
          ["=1", null],
        ],
      ),
    ).toBe('a,b\r\n1,"x,y"\r\n\'=1,\r\n');
  });

  it("answers text/csv as an attachment with a safe file name", async () => {
    const res = csvResponse('subs"; evil.csv', ["email"], [["a@b.c"]]);
    expect(res.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("Content-Disposition")).toBe('attachment; filename="subs---evil.csv"');
    const text = await res.text();
    expect(text.replace(/^\uFEFF/, "")).toBe("email\r\na@b.c\r\n");
  });
});
