import { expectNoAxeViolations } from "./axe";
import { expect, test } from "./fixtures";

/**
 * "Apply" names one thing: the network's application (the specification's "Application" and "Apply Now", and the
 * form they lead to). A course's booking link with its host says what it does ("Book this course"), and the
 * application page says who the application is for (issue 37).
 */

const LANGS = {
  en: {
    prefix: "",
    book: "Book this course",
    howToBook: "How to book",
    applyWords: /\bappl(y|ication)/i,
    forWhom: /^This application is for permaculture educators and learners who want to join the network\./,
    programs: "Programs",
  },
  es: {
    prefix: "/es",
    book: "Reservar este curso",
    howToBook: "Cómo reservar",
    applyWords: /postul|solicitud/i,
    forWhom: /^Esta solicitud es para quienes enseñan o aprenden permacultura y quieren unirse a la red\./,
    programs: "Programas",
  },
  pt: {
    prefix: "/pt",
    book: "Reservar este curso",
    howToBook: "Como reservar",
    applyWords: /candidat/i,
    forWhom: /^Esta candidatura é para quem ensina ou aprende permacultura e quer participar da rede\./,
    programs: "Programas",
  },
  fr: {
    prefix: "/fr",
    book: "Réserver ce cours",
    howToBook: "Comment réserver",
    applyWords: /postul|candidat/i,
    forWhom: /^Cette candidature s’adresse aux personnes qui enseignent ou apprennent la permaculture/,
    programs: "Programmes",
  },
  de: {
    prefix: "/de",
    book: "Diesen Kurs buchen",
    howToBook: "So buchst du",
    applyWords: /bewerb/i,
    forWhom: /^Diese Bewerbung ist für Lehrende und Lernende der Permakultur, die dem Netzwerk beitreten möchten\./,
    programs: "Programme",
  },
} as const;

/** A program with a booking link at its host (demo data), months ahead. */
const PROGRAM = "/program/Cool-Climate-Food-Forest-Design-Course";

for (const [lang, w] of Object.entries(LANGS)) {
  test(`${lang}: a course is booked with "${w.book}"; every "apply" leads to the network's application`, async ({
    page,
  }) => {
    await page.goto(`${w.prefix}${PROGRAM}`);
    await expect(page.getByRole("heading", { level: 2, name: w.howToBook })).toBeVisible();
    const book = page.getByRole("link", { name: w.book });
    await expect(book).toHaveAttribute("href", /^https:\/\/cedarhollow\.example\//);

    // Header, footer, bottom bar and the page itself: a link or button worded as applying goes to the application.
    const controls = await page.locator("a[href], button").evaluateAll((els) =>
      els.map((el) => ({
        name: (el.getAttribute("aria-label") ?? el.textContent ?? "").replace(/\s+/g, " ").trim(),
        href: el.getAttribute("href"),
      })),
    );
    const applying = controls.filter((c) => w.applyWords.test(c.name));
    expect(applying.length).toBeGreaterThan(0);
    for (const c of applying) expect(c).toEqual({ name: c.name, href: `${w.prefix}/application` });
    await expectNoAxeViolations(page);

    await page.goto(`${w.prefix}/application`);
    const line = page.getByText(w.forWhom);
    await expect(line).toBeVisible();
    await expect(line.getByRole("link", { name: w.programs })).toHaveAttribute("href", `${w.prefix}/programs`);
    await expectNoAxeViolations(page);
  });
}
