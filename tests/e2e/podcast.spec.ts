import type { APIRequestContext, Locator, Page } from "@playwright/test";
import sharp from "sharp";
import { DEMO_EPISODES } from "~db/seed/demo-data";
import { E2E_ADMIN } from "../../playwright.config";
import { SLOW, signIn, uploadAndChoose } from "./admin-core-helpers";
import { expectNoAxeViolations } from "./axe";
import { expect, test } from "./fixtures";

test.setTimeout(120_000);

/** Apple Podcasts' top-level categories: a feed naming any other is refused. */
const APPLE_CATEGORIES = new Set([
  "Arts",
  "Business",
  "Comedy",
  "Education",
  "Fiction",
  "Government",
  "History",
  "Health & Fitness",
  "Kids & Family",
  "Leisure",
  "Music",
  "News",
  "Religion & Spirituality",
  "Science",
  "Society & Culture",
  "Sports",
  "Technology",
  "True Crime",
  "TV & Film",
]);
const RFC_822 =
  /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} \d{2}:\d{2}:\d{2} (GMT|[+-]\d{4})$/;

type FeedItem = {
  title: string;
  guid: string;
  guidIsPermaLink: string | null;
  pubDate: string;
  duration: string;
  enclosures: { url: string; length: string; type: string }[];
};
type Feed = {
  error: string;
  version: string;
  channel: {
    title: string;
    link: string;
    description: string;
    language: string;
    author: string;
    explicit: string;
    categories: string[];
    images: string[];
    selfLinks: { href: string; type: string }[];
  };
  items: FeedItem[];
};

/** Parses the feed with the browser's XML parser (namespace-aware) into the parts podcast apps read. */
function parseFeed(page: Page, xml: string): Promise<Feed> {
  return page.evaluate((text) => {
    const ITUNES = "http://www.itunes.com/dtds/podcast-1.0.dtd";
    const ATOM = "http://www.w3.org/2005/Atom";
    const doc = new DOMParser().parseFromString(text, "application/xml");
    const kids = (el: Element | null, name: string, ns: string | null = null) =>
      Array.from(el?.children ?? []).filter((c) => c.localName === name && c.namespaceURI === ns);
    const text1 = (el: Element | null, name: string, ns: string | null = null) =>
      kids(el, name, ns)[0]?.textContent?.trim() ?? "";
    const rss = doc.documentElement;
    const channel = kids(rss, "channel")[0] ?? null;
    return {
      error: doc.querySelector("parsererror")?.textContent ?? "",
      version: rss.getAttribute("version") ?? "",
      channel: {
        title: text1(channel, "title"),
        link: text1(channel, "link"),
        description: text1(channel, "description"),
        language: text1(channel, "language"),
        author: text1(channel, "author", ITUNES),
        explicit: text1(channel, "explicit", ITUNES),
        categories: kids(channel, "category", ITUNES).map((c) => c.getAttribute("text") ?? ""),
        images: kids(channel, "image", ITUNES).map((c) => c.getAttribute("href") ?? ""),
        selfLinks: kids(channel, "link", ATOM)
          .filter((l) => l.getAttribute("rel") === "self")
          .map((l) => ({ href: l.getAttribute("href") ?? "", type: l.getAttribute("type") ?? "" })),
      },
      items: kids(channel, "item").map((item) => ({
        title: text1(item, "title"),
        guid: text1(item, "guid"),
        guidIsPermaLink: kids(item, "guid")[0]?.getAttribute("isPermaLink") ?? null,
        pubDate: text1(item, "pubDate"),
        duration: text1(item, "duration", ITUNES),
        enclosures: kids(item, "enclosure").map((e) => ({
          url: e.getAttribute("url") ?? "",
          length: e.getAttribute("length") ?? "",
          type: e.getAttribute("type") ?? "",
        })),
      })),
    };
  }, xml);
}

async function fetchFeed(page: Page, request: APIRequestContext): Promise<Feed> {
  const res = await request.get("/podcast.xml");
  expect(res.status()).toBe(200);
  expect(res.headers()["content-type"]).toContain("application/rss+xml");
  // Any page of the site gives the parser a document to run in.
  if (page.url() === "about:blank") await page.goto("/about");
  const feed = await parseFeed(page, await res.text());
  expect(feed.error).toBe("");
  return feed;
}

/** "hh:mm:ss", "mm:ss" or seconds, as itunes:duration allows. */
function durationSeconds(value: string): number {
  return value.split(":").reduce((total, part) => total * 60 + Number(part), 0);
}

/** The enclosure as a podcast app downloads it: whole, and in ranges (players seek with Range requests). */
async function expectEnclosureServed(request: APIRequestContext, enclosure: FeedItem["enclosures"][number]) {
  const length = Number(enclosure.length);
  const whole = await request.get(enclosure.url);
  expect(whole.status(), enclosure.url).toBe(200);
  expect(whole.headers()["content-type"], enclosure.url).toBe(enclosure.type);
  expect(whole.headers()["content-length"], enclosure.url).toBe(enclosure.length);
  const body = await whole.body();
  expect(body.length).toBe(length);
  // An MPEG audio frame (or an ID3 tag) starts the file.
  expect(
    body.subarray(0, 3).toString("latin1") === "ID3" || (body[0] === 0xff && ((body[1] ?? 0) & 0xe0) === 0xe0),
  ).toBe(true);
  const part = await request.get(enclosure.url, { headers: { Range: "bytes=100-199" } });
  expect(part.status(), enclosure.url).toBe(206);
  expect(part.headers()["content-range"]).toBe(`bytes 100-199/${length}`);
  expect((await part.body()).equals(body.subarray(100, 200))).toBe(true);
}

/** Asks the player for the audio's metadata (the page itself loads none until the visitor presses play). */
async function loadedPlayer(player: Locator) {
  await player.evaluate((el: HTMLAudioElement) => {
    el.preload = "metadata";
    el.load();
  });
  await expect.poll(() => player.evaluate((el: HTMLAudioElement) => el.readyState), SLOW).toBeGreaterThanOrEqual(1);
  return player.evaluate((el: HTMLAudioElement) => ({
    duration: el.duration,
    src: el.currentSrc,
    error: el.error?.code ?? 0,
  }));
}

test("every demo episode has a labelled player whose audio loads and plays", async ({ page, request }) => {
  await page.goto("/podcast");
  // Other tests add episodes of their own; the demo's are the ones this checks.
  const demoTitle = new RegExp(
    `^(${DEMO_EPISODES.map((e) => e.title.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|")})$`,
  );
  const episodes = page.getByRole("listitem").filter({ has: page.getByRole("heading", { level: 3, name: demoTitle }) });
  const count = await episodes.count();
  expect(count).toBe(DEMO_EPISODES.length);
  const feed = await parseFeed(page, await (await request.get("/podcast.xml")).text());
  for (let i = 0; i < count; i++) {
    const episode = episodes.nth(i);
    const title = ((await episode.getByRole("heading", { level: 3 }).textContent()) ?? "").trim();
    const number = ((await episode.getByText(/^Episode \d+$/).textContent()) ?? "").replace("Episode ", "");
    const player = episode.getByLabel(`Play episode ${number}: ${title}`);
    await expect(player).toHaveAttribute("controls", "");
    const loaded = await loadedPlayer(player);
    expect(loaded.error).toBe(0);
    // The browser decoded as much audio as the feed announces.
    const announced = durationSeconds(feed.items.find((item) => item.title === title)?.duration ?? "0");
    expect(announced).toBeGreaterThanOrEqual(5);
    expect(loaded.duration).toBeGreaterThanOrEqual(announced);
    expect(loaded.duration).toBeLessThan(announced + 0.5);
    const res = await request.get(loaded.src);
    expect(res.status()).toBe(200);
    expect(res.headers()["content-type"]).toBe("audio/mpeg");
  }
  // Playing moves the playhead: the audio really decodes, not only its header.
  const first = episodes.first().locator("audio");
  await first.evaluate((el: HTMLAudioElement) => {
    el.muted = true;
    return el.play();
  });
  await expect.poll(() => first.evaluate((el: HTMLAudioElement) => el.currentTime), SLOW).toBeGreaterThan(0.2);
  await first.evaluate((el: HTMLAudioElement) => el.pause());
  await expectNoAxeViolations(page);

  // The players fit a 320 px wide phone.
  await page.setViewportSize({ width: 320, height: 800 });
  const rights = await page
    .locator("audio")
    .evaluateAll((players) => players.map((el) => el.getBoundingClientRect().right));
  expect(Math.max(...rights)).toBeLessThanOrEqual(320);
});

test("the podcast feed follows the rules podcast apps check", async ({ page, request, baseURL }) => {
  const feed = await fetchFeed(page, request);
  expect(feed.version).toBe("2.0");

  const { channel } = feed;
  expect(channel.title).not.toBe("");
  expect(channel.description).not.toBe("");
  expect(channel.link).toMatch(/^https?:\/\//);
  expect(channel.language).toMatch(/^[a-z]{2}(-[A-Za-z]{2})?$/);
  expect(channel.author).not.toBe("");
  expect(["true", "false"]).toContain(channel.explicit);
  expect(channel.categories.length).toBeGreaterThan(0);
  for (const category of channel.categories) expect(APPLE_CATEGORIES).toContain(category);
  expect(channel.selfLinks).toEqual([{ href: `${baseURL}/podcast.xml`, type: "application/rss+xml" }]);

  // Cover art: one square JPEG or PNG of 1400 to 3000 pixels.
  expect(channel.images).toHaveLength(1);
  const cover = await request.get(channel.images[0] ?? "");
  expect(cover.status()).toBe(200);
  expect(cover.headers()["content-type"]).toMatch(/^image\/(jpeg|png)$/);
  const art = await sharp(await cover.body()).metadata();
  expect(["jpeg", "png"]).toContain(art.format);
  expect(art.width).toBe(art.height);
  expect(art.width).toBeGreaterThanOrEqual(1400);
  expect(art.width).toBeLessThanOrEqual(3000);

  expect(feed.items.length).toBeGreaterThanOrEqual(8);
  const guids = new Set<string>();
  for (const item of feed.items) {
    expect(item.title).not.toBe("");
    expect(item.guid).not.toBe("");
    if (item.guidIsPermaLink !== "false") expect(item.guid).toMatch(/^https?:\/\//);
    guids.add(item.guid);
    expect(item.pubDate).toMatch(RFC_822);
    expect(Number.isNaN(Date.parse(item.pubDate))).toBe(false);
    expect(item.duration).toMatch(/^(\d+:)?(\d{1,2}:)?\d+$/);
    expect(durationSeconds(item.duration)).toBeGreaterThan(0);
    expect(item.enclosures, item.title).toHaveLength(1);
    const [enclosure] = item.enclosures;
    if (!enclosure) continue;
    expect(enclosure.url).toMatch(/^https?:\/\//);
    expect(enclosure.length).toMatch(/^[1-9]\d*$/);
    expect(enclosure.type).toBe("audio/mpeg");
    await expectEnclosureServed(request, enclosure);
  }
  expect(guids.size).toBe(feed.items.length);
});

test("an episode whose audio staff upload in the admin gets a correct enclosure and a working player", async ({
  page,
  visitorPage: visitor,
  request,
  baseURL,
}) => {
  // A real MP3 to upload: one of the demo files, under a new name. Fetched apart from `request`: its connection would
  // sit idle through the admin steps below, past the server's keep-alive timeout, and Playwright's client may then
  // send the feed request on a socket the server is closing (ECONNRESET).
  const mp3 = Buffer.from(await (await fetch(new URL("/media/demo/podcast-episode-2.mp3", baseURL))).arrayBuffer());
  const fileName = `upload-${Date.now().toString(36)}.mp3`;
  const number = String(90_000 + Math.floor(Math.random() * 9_000));
  const title = `Uploaded audio ${number}`;

  await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await expect(page).toHaveURL(/\/admin\/dashboard$/, SLOW);
  await page.goto("/admin/dashboard/podcast?edit=new");
  await page.getByLabel("Episode number").fill(number);
  await page.getByLabel("Duration").fill("0:10");
  await page.getByLabel("Title").fill(title);
  await page.getByRole("button", { name: "Choose audio file from the media library" }).click();
  const dialog = page.getByRole("dialog", { name: "Choose audio file from the media library" });
  await uploadAndChoose(dialog, { name: fileName, mimeType: "audio/mpeg", buffer: mp3 });
  await expect(page.getByLabel("Audio URL")).toHaveValue(/^\/api\/storage\/download\/.+\?token=/);
  await page.getByRole("button", { name: "Create episode" }).click();
  await expect(page.getByText("Episode saved")).toBeVisible(SLOW);

  const feed = await fetchFeed(page, request);
  const item = feed.items.find((i) => i.title === title);
  expect(item?.enclosures).toEqual([
    { url: expect.stringMatching(/^https?:\/\//), length: String(mp3.length), type: "audio/mpeg" },
  ]);
  const enclosure = item?.enclosures[0];
  if (enclosure) await expectEnclosureServed(request, enclosure);

  // A visitor (no admin cookie) hears it on the podcast page.
  await visitor.goto("/podcast");
  const loaded = await loadedPlayer(visitor.getByLabel(`Play episode ${number}: ${title}`));
  expect(loaded.error).toBe(0);
  expect(loaded.duration).toBeGreaterThan(9.9);
});
