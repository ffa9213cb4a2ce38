import { describe, expect, it } from "vitest";
import { clientNavigationTarget } from "./app-link";

const ORIGIN = "https://permaculture.example";

/** A stand-in for a click on an AppLink: `href` is the browser's resolved URL, as on a real anchor. */
function clickOn(
  attrs: { href: string; resolved?: string; target?: string; download?: boolean; appLink?: boolean },
  event: Partial<Pick<MouseEvent, "defaultPrevented" | "button" | "metaKey" | "altKey" | "ctrlKey" | "shiftKey">> = {},
) {
  const anchor = {
    href: attrs.resolved ?? new URL(attrs.href, `${ORIGIN}/locations?region=Europe`).href,
    getAttribute: (name: string) => (name === "target" ? (attrs.target ?? null) : null),
    hasAttribute: (name: string) => name === "download" && Boolean(attrs.download),
  };
  // The clicked element sits inside the anchor, which is an app link unless `appLink: false`.
  const target = {
    closest: (selector: string) => (selector === "a[data-app-link]" && attrs.appLink !== false ? anchor : null),
  };
  return clientNavigationTarget(
    {
      defaultPrevented: false,
      button: 0,
      metaKey: false,
      altKey: false,
      ctrlKey: false,
      shiftKey: false,
      ...event,
      target: target as unknown as EventTarget,
    },
    ORIGIN,
  );
}

describe("clientNavigationTarget", () => {
  it("navigates a plain left click on an app link, keeping query and hash", () => {
    expect(clickOn({ href: "/about#contact" })).toBe("/about#contact");
    expect(clickOn({ href: "/locations?region=Asia" })).toBe("/locations?region=Asia");
  });

  it("resolves relative links against the current page, as the browser does", () => {
    expect(clickOn({ href: "?page=2" })).toBe("/locations?page=2");
    expect(clickOn({ href: "#results" })).toBe("/locations?region=Europe#results");
  });

  it("leaves modified clicks, other buttons, handled clicks, new-tab links, downloads and other sites alone", () => {
    expect(clickOn({ href: "/map" }, { ctrlKey: true })).toBeNull();
    expect(clickOn({ href: "/map" }, { metaKey: true })).toBeNull();
    expect(clickOn({ href: "/map" }, { shiftKey: true })).toBeNull();
    expect(clickOn({ href: "/map" }, { altKey: true })).toBeNull();
    expect(clickOn({ href: "/map" }, { button: 1 })).toBeNull();
    expect(clickOn({ href: "/map" }, { defaultPrevented: true })).toBeNull();
    expect(clickOn({ href: "/map", target: "_blank" })).toBeNull();
    expect(clickOn({ href: "/map", target: "_self" })).toBe("/map");
    expect(clickOn({ href: "/media/guide.pdf", download: true })).toBeNull();
    expect(clickOn({ href: "https://elsewhere.example/x" })).toBeNull();
    expect(clickOn({ href: "/map", appLink: false })).toBeNull();
  });
});
