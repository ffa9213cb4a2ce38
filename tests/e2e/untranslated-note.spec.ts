import { expectNoAxeViolations } from "./axe";
import { expect, type Page, test } from "./fixtures";

/**
 * Where a page shows an entry's or page's text untranslated, the small note ("Texto en inglés") must sit where it
 * describes that text: right above it, closer to it than to what comes before, and never next to a text that is in
 * the page's language (issue 37: it sat under the translated short description of a place whose long description was
 * the untranslated one).
 */

type Placement = { notes: string[]; problems: string[] };

/**
 * Reads the page as a visitor does: every note, the text right after it and the gaps around it; and every block of
 * text in another language than the page's, walking back from it to the note that introduces it (through text in
 * that same language only, such as a name).
 */
async function notePlacement(page: Page): Promise<Placement> {
  return page.evaluate(() => {
    for (const d of document.querySelectorAll("main details")) (d as HTMLDetailsElement).open = true;
    const pageLang = document.documentElement.lang;
    const names = new Intl.DisplayNames([pageLang], { type: "language" });
    const main = document.querySelector("main") as HTMLElement;
    const isNote = (n: Node) => Boolean(n.parentElement?.closest('[data-testid="shown-in-note"]'));
    const langOf = (n: Node) => (n.parentElement?.closest("[lang]") as HTMLElement | null)?.lang || pageLang;
    const texts: Text[] = [];
    const walker = document.createTreeWalker(main, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const el = n.parentElement;
      if (n.textContent?.trim() && el?.checkVisibility() && el.getClientRects().length > 0) texts.push(n as Text);
    }
    const box = (n: Node) => {
      const r = document.createRange();
      r.selectNodeContents(n);
      return r.getBoundingClientRect();
    };
    const problems: string[] = [];
    const notes: string[] = [];
    const named = (note: string) => ["en", "es", "pt", "fr", "de"].find((code) => note.includes(names.of(code) ?? "?"));

    for (const [i, text] of texts.entries()) {
      if (!isNote(text)) continue;
      const note = text.textContent?.trim() ?? "";
      notes.push(note);
      const code = named(note);
      const next = texts[i + 1];
      const before = texts[i - 1];
      if (!next || langOf(next) !== code) {
        problems.push(`“${note}” is followed by “${next?.textContent?.trim().slice(0, 40)}” (${next && langOf(next)})`);
        continue;
      }
      const gapBelow = box(next).top - box(text).bottom;
      const gapAbove = before ? box(text).top - box(before).bottom : Number.POSITIVE_INFINITY;
      if (gapBelow >= gapAbove)
        problems.push(
          `“${note}” is ${Math.round(gapAbove)} px under “${before?.textContent?.trim().slice(0, 40)}” but ${Math.round(gapBelow)} px above the text it describes`,
        );
    }

    for (const block of main.querySelectorAll<HTMLElement>("p[lang], div[lang]")) {
      if (block.lang === pageLang || block.closest("h1, h2, h3, h4, a")) continue;
      // Cards of places and programs carry `lang` but no note, one per card would crowd the list (decision 032);
      // lists that do note their items (episodes, resources) are checked like the rest.
      const list = block.closest("ul, ol");
      if (list && !list.querySelector('[data-testid="shown-in-note"]')) continue;
      const first = texts.findIndex((t) => block.contains(t));
      if (first < 0) continue;
      let j = first - 1;
      while (j >= 0 && !isNote(texts[j] as Text) && langOf(texts[j] as Text) === block.lang) j--;
      const introducing = j >= 0 && isNote(texts[j] as Text) ? (texts[j]?.textContent ?? "") : "";
      if (named(introducing) !== block.lang)
        problems.push(`“${block.textContent?.trim().slice(0, 50)}” (${block.lang}) has no note above it`);
    }
    return { notes, problems };
  });
}

test("the note sits above the untranslated long description, not under the translated short one", async ({ page }) => {
  await page.goto("/es/location/Cedar-Hollow-Food-Forest");
  // The short description is translated; the long one is English.
  await expect(page.getByText("Un bosque comestible de tres hectáreas").first()).toBeVisible();
  const about = page.getByRole("region", { name: /Bosque comestible Cedar Hollow/ });
  await expect(about.getByTestId("shown-in-note")).toHaveText("Texto en inglés");
  expect(await notePlacement(page)).toEqual({ notes: ["Texto en inglés"], problems: [] });
  await expectNoAxeViolations(page);

  // A place written in Portuguese, with only its short description in Spanish.
  await page.goto("/es/location/Bocaina-Syntropic-Farm");
  expect(await notePlacement(page)).toEqual({ notes: ["Texto en portugués"], problems: [] });
});

test("a program's note names its untranslated description, in the description's section", async ({ page }) => {
  await page.goto("/es/program/Syntropic-Agroforestry-Online-Foundations");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    "Fundamentos de agroforestería sintrópica (en línea)",
  );
  await expect(page.getByRole("region", { name: "Sobre este programa" }).getByTestId("shown-in-note")).toHaveText(
    "Texto en inglés",
  );
  expect(await notePlacement(page)).toEqual({ notes: ["Texto en inglés"], problems: [] });
  await expectNoAxeViolations(page);

  await page.goto("/de/program/Professional-Sustainable-Design-Certificate");
  expect((await notePlacement(page)).problems).toEqual([]);
});

test("page texts, lists and people: every untranslated text has its note right above it", async ({ page }) => {
  await page.goto("/es/change-makers");
  const person = page.getByRole("main").getByRole("link").filter({ hasText: /\w/ }).first();
  const personPath = await person.getAttribute("href");
  for (const path of [
    "/es/about",
    "/es/terms",
    "/es/privacy",
    "/de/about",
    "/es/locations?region=europe",
    "/es/podcast",
    "/es/resources",
    personPath ?? "/es/change-makers",
  ]) {
    await page.goto(path);
    expect({ path, problems: (await notePlacement(page)).problems }).toEqual({ path, problems: [] });
  }
  // An English page text on a Spanish page: the note is above it, and the page is clean for axe.
  await page.goto("/es/about");
  await expectNoAxeViolations(page);
  await page.goto(personPath ?? "/es/change-makers");
  await expectNoAxeViolations(page);
});
