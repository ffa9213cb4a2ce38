import { describe, expect, it } from "vitest";
import { NEWSLETTER_THROTTLE_MS } from "../lib/constants";
import { createThrottle } from "./newsletter-throttle";

describe("newsletter submission throttle", () => {
  it("lets the first call through and refuses others within the interval", () => {
    let t = 10_000;
    const allow = createThrottle(NEWSLETTER_THROTTLE_MS, () => t);
    expect(allow()).toBe(true);
    t += 1;
    expect(allow()).toBe(false);
    t += NEWSLETTER_THROTTLE_MS - 2;
    expect(allow()).toBe(false);
  });

  it("measures from the last accepted call, so refused calls do not extend the wait", () => {
    let t = 0;
    const allow = createThrottle(1000, () => t);
    expect(allow()).toBe(true);
    t = 900;
    expect(allow()).toBe(false);
    t = 1000;
    expect(allow()).toBe(true);
    t = 1999;
    expect(allow()).toBe(false);
    t = 2000;
    expect(allow()).toBe(true);
  });
});
