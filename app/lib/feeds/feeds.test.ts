import { describe, expect, it } from "vitest";
import { xmlProblems } from "~tests/helpers/xml-well-formed";
import { buildCalendar, escapeIcsText, foldIcsLine, nextDay } from "./ics";
import { buildPodcastRss, type RssEpisode } from "./rss";
import { buildSitemap } from "./sitemap";
import { escapeXml, rfc822 } from "./xml";

const SITE = "https://permaculture.example";

describe("iCalendar writing", () => {
  it("escapes backslash, semicolon, comma and line breaks in TEXT values", () => {
    expect(escapeIcsText("a\\b; c, d\ne\r\nf")).toBe("a\\\\b\\; c\\, d\\ne\\nf");
  });

  it("folds lines at 75 octets without splitting multi-byte characters", () => {
    const line = `DESCRIPTION:${"é".repeat(100)}`;
    const folded = foldIcsLine(line);
    const physical = folded.split("\r\n");
    expect(physical.length).toBeGreaterThan(1);
    for (const p of physical) expect(new TextEncoder().encode(p).length).toBeLessThanOrEqual(75);
    for (const p of physical.slice(1)) expect(p.startsWith(" ")).toBe(true);
    expect(physical.map((p, i) => (i === 0 ? p : p.slice(1))).join("")).toBe(line);
    expect(foldIcsLine("SUMMARY:short")).toBe("SUMMARY:short");
  });

  it("makes all-day events with an exclusive end date, CRLF line ends and escaped text", () => {
    const ics = buildCalendar({
      name: "Programs",
      description: "All",
      events: [
        {
          uid: "program-1@permaculture.example",
          stamp: new Date("2026-11-22T10:00:00Z"),
          startDate: "2027-05-10",
          endDate: "2027-05-21",
          summary: "Design, Build; Grow",
          description: `Line one\nLine two ${"long ".repeat(30)}`,
          location: "Farm, Olympia",
          url: `${SITE}/program/Design`,
        },
      ],
    });
    expect(ics.startsWith("BEGIN:VCALENDAR\r\nVERSION:2.0\r\n")).toBe(true);
    expect(ics.endsWith("END:VCALENDAR\r\n")).toBe(true);
    expect(ics.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
    expect(ics).toContain("DTSTART;VALUE=DATE:20270510\r\n");
    expect(ics).toContain("DTEND;VALUE=DATE:20270522\r\n");
    expect(ics).toContain("DTSTAMP:20261122T100000Z\r\n");
    expect(ics).toContain("SUMMARY:Design\\, Build\\; Grow\r\n");
    expect(ics).toContain("LOCATION:Farm\\, Olympia\r\n");
    for (const line of ics.split("\r\n")) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    expect(nextDay("2027-12-31")).toBe("2028-01-01");
  });
});

describe("XML feeds", () => {
  const episode = (n: number, audio: string | null): RssEpisode => ({
    id: `00000000-0000-4000-8000-00000000000${n}`,
    number: n,
    title: `Soil & <Water> "${n}"`,
    summary: "Summary with ]]> and & signs",
    showNotes: "Notes\n- one\n- two",
    guest: "Ana O'Neil",
    audioUrl: audio,
    audioType: "audio/mpeg",
    audioBytes: 1234,
    durationSeconds: 2640,
    imageUrl: null,
    publishedAt: new Date("2026-01-14T00:00:00Z"),
  });

  it("escapes the five XML special characters and drops forbidden control characters", () => {
    expect(escapeXml(`<a href="x">Tom & Jerry's</a>\u0000`)).toBe(
      "&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&apos;s&lt;/a&gt;",
    );
  });

  it("formats RFC 822 dates in GMT", () => {
    expect(rfc822(new Date("2026-01-14T00:00:00Z"))).toBe("Wed, 14 Jan 2026 00:00:00 GMT");
  });

  it("writes a well-formed RSS 2.0 feed with absolute URLs and enclosures only for audio", () => {
    const rss = buildPodcastRss({
      siteUrl: SITE,
      episodes: [episode(2, "/media/ep2.mp3"), episode(1, null)],
      title: "Soil Podcast",
      description: "Talks & walks",
    });
    expect(xmlProblems(rss)).toEqual([]);
    expect(rss).toContain('<rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd"');
    expect(rss).toContain(`<link>${SITE}/podcast</link>`);
    expect(rss).toContain("<language>en</language>");
    expect(rss).toContain("<title>Soil Podcast</title>");
    expect(rss).toContain("<description>Talks &amp; walks</description>");
    expect(rss).toContain("<pubDate>Wed, 14 Jan 2026 00:00:00 GMT</pubDate>");
    expect(rss).toContain("Soil &amp; &lt;Water&gt; &quot;2&quot;");
    expect(rss.match(/<enclosure /g)).toHaveLength(1);
    expect(rss).toContain(`<enclosure url="${SITE}/media/ep2.mp3" length="1234" type="audio/mpeg"/>`);
    expect(rss.match(/<guid /g)).toHaveLength(2);
    // Podcast apps need square JPEG or PNG cover art; the site's SVG icon is neither.
    expect(rss).toContain(`<itunes:image href="${SITE}/media/podcast/cover.jpg"/>`);
    for (const url of rss.matchAll(/(?:url|href)="([^"]+)"|<link>([^<]+)<\/link>/g)) {
      expect(url[1] ?? url[2]).toMatch(/^https:\/\//);
    }
  });

  it("writes a well-formed sitemap with absolute, escaped URLs and day-precision lastmod", () => {
    const xml = buildSitemap(SITE, [
      { path: "/", lastmod: new Date("2026-11-01T12:00:00Z") },
      { path: "/resources?type=youtube%20channel&x=1" },
      { path: "/location/Caf%C3%A9-Verde", lastmod: "2026-10-02T00:00:00Z" },
    ]);
    expect(xmlProblems(xml)).toEqual([]);
    expect(xml).toContain(`<loc>${SITE}/</loc>\n    <lastmod>2026-11-01</lastmod>`);
    expect(xml).toContain(`<loc>${SITE}/resources?type=youtube%20channel&amp;x=1</loc>`);
    for (const loc of xml.matchAll(/<loc>([^<]+)<\/loc>/g))
      expect(loc[1]).toMatch(/^https:\/\/permaculture\.example\//);
  });

  it("lists each page in every language, each naming all versions and x-default as alternates", () => {
    const xml = buildSitemap(SITE, [{ path: "/location/green-acres" }, { path: "/" }]);
    expect(xmlProblems(xml)).toEqual([]);
    const urls = [...xml.matchAll(/<url>([\s\S]*?)<\/url>/g)].map((m) => m[1] ?? "");
    expect(urls.map((u) => u.match(/<loc>([^<]+)<\/loc>/)?.[1])).toEqual([
      ...["", "/es", "/pt", "/fr", "/de"].map((p) => `${SITE}${p}/location/green-acres`),
      `${SITE}/`,
      ...["/es", "/pt", "/fr", "/de"].map((p) => `${SITE}${p}`),
    ]);
    for (const url of urls.slice(0, 5)) {
      expect([...url.matchAll(/hreflang="([^"]+)" href="([^"]+)"/g)].map((m) => `${m[1]} ${m[2]}`)).toEqual([
        `en ${SITE}/location/green-acres`,
        `es ${SITE}/es/location/green-acres`,
        `pt ${SITE}/pt/location/green-acres`,
        `fr ${SITE}/fr/location/green-acres`,
        `de ${SITE}/de/location/green-acres`,
        `x-default ${SITE}/location/green-acres`,
      ]);
    }
  });

  it("the checker itself catches broken XML", () => {
    expect(xmlProblems("<a><b></a>")).not.toEqual([]);
    expect(xmlProblems("<a>Tom & Jerry</a>")).not.toEqual([]);
  });
});
