import { describe, expect, it } from "vitest";
import { refusedRequestTitle } from "./error-titles";

describe("error page headings", () => {
  it("say what went wrong in words, never a status line", () => {
    expect(refusedRequestTitle(400)).toBe("The request could not be used");
    expect(refusedRequestTitle(429)).toBe("Too many requests");
    expect(refusedRequestTitle(418)).toBe("The request was refused");
    for (const status of [400, 405, 413, 422]) expect(refusedRequestTitle(status)).not.toMatch(/Server Error|\d/);
  });
});
