import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Trans, TranslationProvider } from "./react";
import type { Messages } from "./translate";

const render = (lang: "en" | "de", messages: Messages, props: Parameters<typeof Trans>[0]) =>
  renderToStaticMarkup(createElement(TranslationProvider, { lang, messages, children: createElement(Trans, props) }));

describe("Trans", () => {
  it("puts the given element around the words the language marks, wherever they stand", () => {
    const props = { i18nKey: "none", components: { anchor: createElement("a", { href: "/programs" }) } };
    expect(render("en", { none: "Browse <anchor>all programs</anchor> or write." }, props)).toBe(
      'Browse <a href="/programs">all programs</a> or write.',
    );
    expect(render("de", { none: "<anchor>Alle Programme</anchor> ansehen." }, props)).toBe(
      '<a href="/programs">Alle Programme</a> ansehen.',
    );
  });

  it("keeps a value that looks like a tag as text", () => {
    const props = {
      i18nKey: "about",
      values: { name: "A <b>bold</b> farm" },
      components: { entry: createElement("span", { lang: "pt" }) },
    };
    expect(render("en", { about: "About <entry>{{name}}</entry>" }, props)).toBe(
      'About <span lang="pt">A &lt;b&gt;bold&lt;/b&gt; farm</span>',
    );
  });

  it("fills in values, keeps the words of a tag it has no element for, and escapes text", () => {
    const props = { i18nKey: "m", values: { name: "A & B" }, components: {} };
    expect(render("en", { m: "Programs at <b>{{name}}</b>" }, props)).toBe("Programs at A &amp; B");
  });
});
