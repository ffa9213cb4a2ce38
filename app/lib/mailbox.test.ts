import { describe, expect, it } from "vitest";
import { mailboxOf } from "./mailbox";

describe("mailboxOf: the mailbox an address delivers to, for the per-recipient caps", () => {
  it("ignores letter case, spaces around the address and a +tag", () => {
    for (const address of [
      "victim@example.org",
      " Victim@Example.ORG ",
      "victim+1@example.org",
      "VICTIM+a+b@example.org",
    ]) {
      expect(mailboxOf(address)).toEqual({ mailbox: "victim@example.org", domain: "example.org" });
    }
  });

  it("drops the dots Gmail ignores, and reads googlemail.com as gmail.com", () => {
    expect(mailboxOf("V.i.c.t.i.m+news@gmail.com").mailbox).toBe("victim@gmail.com");
    expect(mailboxOf("victim@googlemail.com")).toEqual({ mailbox: "victim@gmail.com", domain: "gmail.com" });
  });

  it("keeps the dots of providers that deliver them to different people", () => {
    expect(mailboxOf("a.b@example.org").mailbox).toBe("a.b@example.org");
    expect(mailboxOf("a.b@example.org").mailbox).not.toBe(mailboxOf("ab@example.org").mailbox);
  });

  it("writes a domain one way whatever its spelling (a final dot, Unicode or its ASCII form)", () => {
    expect(mailboxOf("v@example.org.").domain).toBe("example.org");
    expect(mailboxOf("v@bücher.example").domain).toBe(mailboxOf("v@xn--bcher-kva.example").domain);
    expect(mailboxOf("v@BÜCHER.example").domain).toBe("xn--bcher-kva.example");
  });

  it("reads the last @ as the separator, and gives something stable for a malformed address", () => {
    expect(mailboxOf('"a@b"@example.org').domain).toBe("example.org");
    expect(mailboxOf("no-at-sign")).toEqual({ mailbox: "no-at-sign", domain: "" });
    expect(mailboxOf("+only@example.org").mailbox).toBe("+only@example.org");
  });
});
