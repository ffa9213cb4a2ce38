import { describe, expect, it } from "vitest";
import { DEFAULT_PAGE_TEXTS } from "~/lib/page-text-defaults";
import { renderPageMarkdown, renderPlainText } from "./page-markdown.server";

const values = { siteName: "Permaculture Network", contactEmail: "info@permaculture.example" };
const render = (md: string) => renderPageMarkdown(md, values);

describe("page text Markdown", () => {
  it("keeps headings, paragraphs, emphasis, links, lists, quotes and images", () => {
    const html = render(
      [
        "## Who we are",
        "",
        "Some **bold**, *italic* and a [link](/locations) and [another](https://example.org/x).",
        "",
        "- one",
        "- two",
        "",
        "1. first",
        "",
        "> A quote",
        "",
        "![A garden](/api/storage/download/media/garden.webp?token=abc)",
      ].join("\n"),
    );
    expect(html).toContain('<h2 id="who-we-are">Who we are</h2>');
    expect(html).toContain("<strong>bold</strong>");
    expect(html).toContain("<em>italic</em>");
    expect(html).toContain('<a href="/locations" data-app-link data-discover="true">link</a>');
    expect(html).toContain('<a href="https://example.org/x">another</a>');
    expect(html).toMatch(/<ul>\s*<li>one<\/li>\s*<li>two<\/li>\s*<\/ul>/);
    expect(html).toMatch(/<ol>\s*<li>first<\/li>\s*<\/ol>/);
    expect(html).toMatch(/<blockquote>\s*<p>A quote<\/p>\s*<\/blockquote>/);
    expect(html).toContain(
      '<img src="/api/storage/download/media/garden.webp?token=abc" alt="A garden" loading="lazy" decoding="async" />',
    );
  });

  it("removes scripts, event handlers, javascript: addresses, frames and styles", () => {
    const html = render(
      [
        "<script>alert('x')</script>",
        "",
        '<img src="/a.png" onerror="alert(1)">',
        "",
        '[click](javascript:alert(1)) and <a href="javascript:alert(2)">raw</a> and <a href="JaVaScRiPt:alert(3)">mixed</a>',
        "",
        '<iframe src="https://evil.example"></iframe>',
        "",
        '<p style="color:red" onclick="alert(4)">styled</p><style>body{display:none}</style>',
        "",
        '<svg onload="alert(5)"><circle/></svg>',
        "",
        "![x](javascript:alert(6)) ![y](data:image/svg+xml;base64,PHN2Zz4=) ![z](http://plain.example/a.png)",
      ].join("\n"),
    );
    expect(html).not.toMatch(/<script|alert\('x'\)|onerror|onclick|onload|javascript:|<iframe|<style|style=|<svg/i);
    expect(html).not.toContain("data:image");
    expect(html).not.toContain("http://plain.example");
    expect(html).toContain("styled");
    expect(html).toContain("click");
  });

  it("turns a top-level heading into h2 (the page keeps one h1) and gives repeated headings distinct ids", () => {
    const html = render("# Top\n\n## Top\n\n### Café & co");
    expect(html).toContain('<h2 id="top">Top</h2>');
    expect(html).toContain('<h2 id="top-2">Top</h2>');
    expect(html).toContain('<h3 id="cafe-co">Café &amp; co</h3>');
  });

  it("replaces the placeholders with the site's name and contact address, read as plain text", () => {
    const html = renderPageMarkdown("{{site-name}} at [{{contact-email}}](mailto:{{contact-email}})", {
      siteName: "*Green* <b>Net</b>",
      contactEmail: "hello_there@example.org",
    });
    expect(html).toBe(
      '<p>*Green* &lt;b&gt;Net&lt;/b&gt; at <a href="mailto:hello_there@example.org">hello_there@example.org</a></p>',
    );
    expect(renderPlainText("About {{site-name}}", values)).toBe("About Permaculture Network");
  });

  it("renders the built-in About text as the page showed it before it was editable", () => {
    const html = render(DEFAULT_PAGE_TEXTS.about);
    expect(html).toContain('<h2 id="contact">Contact</h2>');
    expect(html).toContain(
      "<p>Permaculture Network started as a shared spreadsheet kept by a handful of permaculture teachers",
    );
    expect(html).toContain('<a href="/application" data-app-link data-discover="true">application form</a>');
    expect(html).toContain('<a href="mailto:info@permaculture.example">info@permaculture.example</a>');
    // Feeds are documents, not pages: no client-side navigation for them.
    expect(render(DEFAULT_PAGE_TEXTS.terms)).toContain('<a href="/locations.geojson">locations as GeoJSON</a>');
  });
});
