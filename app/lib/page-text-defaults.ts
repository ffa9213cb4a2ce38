import { ABOUT_TRANSLATIONS } from "./about-translations";
import type { Language } from "./i18n/languages";
import { MAIL_LINK, type PageTextTranslations } from "./page-text-translations";
import type { PageTextKey } from "./page-texts";
import { PRIVACY_TRANSLATIONS } from "./privacy-translations";
import { TERMS_TRANSLATIONS } from "./terms-translations";

/**
 * The texts a new site starts with, and what a page shows while its text has never been saved (an upgraded
 * database has no rows until the owner saves one). The demo seed stores them as each text's first revision.
 * Server code only: the long texts stay out of the browser's bundles.
 */
export const DEFAULT_PAGE_TEXTS_DATE = "2026-11-22T12:00:00.000Z";

export const DEFAULT_PAGE_TEXTS: Record<PageTextKey, string> = {
  "site-name": "Permaculture Network",
  "footer-tagline":
    "Connecting permaculture educators and learners worldwide. Discover sustainable living practices and find your next learning opportunity.",
  "home-heading": "Learn and teach permaculture, wherever you are",
  "home-intro":
    "Connecting permaculture educators and learners worldwide. Discover sustainable living practices and find your next learning opportunity.",
  "about-lead":
    "We are a small, volunteer-run non-profit that helps people who want to learn permaculture find the people and places that teach it.",
  about: `## Who we are

{{site-name}} started as a shared spreadsheet kept by a handful of permaculture teachers who were tired of answering the same question: “where can I learn this near me?”. Today it is a directory maintained by volunteers in several countries, funded by small donations, with no advertising and no investors.

## Our mission

Connecting permaculture educators and learners worldwide. We want anyone, anywhere, to be able to find a farm, school or community where they can see regenerative design working, learn it with their hands and take it home. We care in particular about places that are small, local and hard to find through search engines.

## How the directory works

- **Locations** are farms, schools, eco-villages and restoration projects. Each has a page with a description, focus areas, contact details and a map. You can browse them [by region](/locations) or on the [map](/map).
- **Programs** are courses and workshops run by those locations, with dates, format and price. See [upcoming programs](/programs) or subscribe to them in your calendar.
- **Change-makers** are people whose work we want more people to know about. [Read their stories](/change-makers).
- **Resources** are books, channels, podcasts and tools recommended by educators in the network.

Every listing is checked by a volunteer before it goes live. We do not charge for listings and we do not rank places by payment. The listings are also published as open data (GeoJSON and iCalendar) so that other community projects can reuse them.

## How to get listed

1. Fill in the [application form](/application) as an educator. Tell us about your place, what you teach and who it is for.
2. A volunteer reviews it, usually within two weeks, and may ask a few questions by e-mail.
3. Once approved, we create your location page and add your programs. You can ask for changes at any time.

Learners can use the same form: tell us what you are looking for and we will point you to places and programs that fit.

## Contact

Write to us at ${MAIL_LINK}. We answer every message, though it can take a few days. To correct or remove a listing, tell us its name and what should change.
`,
  "privacy-lead":
    "We collect as little as we can, keep it only as long as we need it, and never sell or share it. Here is exactly what that means.",
  privacy: `## Who is responsible

{{site-name}} is run by a small volunteer team. We are responsible for the personal data described here. You can reach us about anything on this page at ${MAIL_LINK}.

## What we store, and why

### Newsletter

When you subscribe to the newsletter we store your e-mail address, the date and time you subscribed and which form you used (for example the footer). We use it only to send the newsletter, a few times a year at most. Until you confirm your address with the link we e-mail you, it is only waiting: if it is not confirmed within the 7 days the link works, we delete it the day after. Once confirmed, we keep it until you unsubscribe or ask us to remove it.

### Podcast e-mails

When you subscribe to podcast updates we store your e-mail address, the date you subscribed and the language of the page, only to tell you about new episodes, in that language. Until you confirm your address with the link we e-mail you, you get nothing else: if it is not confirmed within the 7 days the link works, we delete it the day after. Once confirmed, we keep it until you unsubscribe (which deletes it) or ask us to remove it.

### Applications

When you send the [application form](/application) we store what you enter: your name, e-mail address, whether you apply as an educator or a learner, your organisation, country and region, focus areas, your answers about experience and what you are looking for, your website if you gave one, and the time you agreed to this policy. We use it to review your application, reply to you and, for educators who are accepted, to prepare a listing with you. We keep applications for up to two years after our last contact with you, then delete them. Information that becomes part of a public listing is published only after you have agreed to it.

### E-mail we send

The site keeps a copy of each e-mail it sends (newsletter confirmations, acknowledgements of applications and suggestions, links to choose a password) for 30 days, to check that it was delivered, then deletes it; the copies of each newsletter are kept as the record of its sending. So that nobody can use our forms to flood a mailbox, we count from these copies the e-mails sent to each address and to each e-mail domain over the last day.

### Visit statistics

To know which pages are useful we count page views and form submissions. These statistics use no cookies and do not store your IP address: the address is combined with a secret that changes regularly into a one-way code that cannot be turned back into the address, and only that code, the page, the referring site, a rough device type and the country are kept. Statistics are collected only on the live site. We keep raw events for at most 13 months and summaries after that.

### Server logs and security

Our server keeps short technical logs (time, page, response status and duration) to find faults. To prevent abuse, such as someone sending hundreds of forms or e-mails, we keep a counter per connection only while the limit it counts lasts (an hour for most forms, a day for e-mails to addresses nobody has confirmed) and delete it within the hour after. These records are not used for anything else.

## Cookies

We use no tracking or advertising cookies, and no third-party scripts that set them. The site sets a cookie only when it is needed to work: a sign-in cookie for our volunteer editors, and a one-minute cookie that carries a confirmation message after some forms. Because of this there is no cookie banner.

## Who sees your data

Only the few volunteers with an editor account can see subscriptions and applications. We do not sell, rent or share personal data with anyone, and we do not use it for advertising. Our hosting provider stores the data on our behalf and may not use it for its own purposes. If the law requires us to hand over data, we will tell you unless we are forbidden to.

## Your rights

You can at any time ask us to:

- tell you what we store about you and send you a copy;
- correct anything that is wrong;
- delete your subscription, your application or anything else we hold about you;
- stop sending you e-mail (every newsletter and podcast e-mail also has an unsubscribe link).

Write to ${MAIL_LINK} from the address concerned, or tell us how we can confirm it is you. We answer within 30 days, usually much sooner. If you are unhappy with our answer you may complain to your data protection authority.

## Changes

If we change how we use personal data we will update this page and its date. If the change affects people who subscribed or applied, we will tell them by e-mail first.

See also our [terms of use](/terms).
`,
  "terms-lead":
    "Plain rules for a community directory: what we promise, what we cannot promise, and what we ask of you.",
  terms: `## About these terms

These terms apply to everyone who uses the {{site-name}} website. By using the site you accept them. If you do not agree, please do not use the site. How we handle personal data is described separately in our [privacy policy](/privacy).

## The directory

We list locations, programs, people and resources in good faith, based on what the places themselves and our volunteers tell us. We check listings before publishing them, but we cannot visit every place or guarantee that dates, prices, contact details or descriptions are current or complete. Before you travel, pay or sign up, confirm the details directly with the location or organiser.

Courses, stays and volunteering are arranged between you and the location. We are not a party to those arrangements, take no payment for them and are not responsible for them. Links to other websites are provided for convenience; we do not control those sites.

## Applying and being listed

- Send only true information about yourself and your organisation, and only what you have the right to share.
- We may accept or decline any application and may edit, pause or remove a listing, for example when it is out of date, misleading, or no longer in the spirit of permaculture ethics: care for the earth, care for people, fair share.
- If you send us text or pictures for a listing, you confirm that you may do so and allow us to publish them on the site, and the text also in our open data under the licence named below. You can ask us to remove them at any time.
- Listing is free. We never ask for payment to list or to rank a place.

## Acceptable use

Please do not:

- send forms automatically or in bulk, or submit other people's e-mail addresses without their consent;
- try to get into parts of the site that are not meant for you, or disrupt the service;
- copy contact details from the directory to send unsolicited marketing.

We may block access or remove content to protect the site and the people listed on it.

## Open data

The public listings are also offered as open data: [locations as GeoJSON](/locations.geojson), [programs as an iCalendar feed](/programs.ics) and [the podcast as RSS](/podcast.xml). Their facts and texts are published under the licence {{data-licence}}: you may copy, share and adapt them for any purpose, commercial ones included, on that licence's terms, crediting {{site-name}} with a link to the listing. Pictures are not covered: they remain their authors'. Contact details are personal data: please do not use them for marketing.

## Liability

The site is provided as it is, by volunteers, without warranties. To the extent the law allows, we are not liable for loss arising from using the site or relying on its listings. Nothing in these terms limits rights you have by law as a consumer.

## Changes and contact

We may update these terms; the date above shows the latest version. Questions, corrections or complaints: ${MAIL_LINK}.
`,
};

const INTRO = {
  es: "Conectamos a quienes enseñan y aprenden permacultura en todo el mundo. Descubre prácticas de vida sostenible y encuentra tu próxima oportunidad de aprendizaje.",
  pt: "Conectamos quem ensina e quem aprende permacultura no mundo todo. Descubra práticas de vida sustentável e encontre sua próxima oportunidade de aprendizado.",
  fr: "Nous relions les personnes qui enseignent et qui apprennent la permaculture partout dans le monde. Découvrez des pratiques de vie durables et trouvez votre prochaine occasion d’apprendre.",
  de: "Wir verbinden Lehrende und Lernende der Permakultur weltweit. Entdecke nachhaltige Lebensweisen und finde deine nächste Lernmöglichkeit.",
} as const;

const HOME_TRANSLATIONS: PageTextTranslations<"home-heading" | "home-intro" | "footer-tagline"> = {
  es: {
    "home-heading": "Aprende y enseña permacultura, estés donde estés",
    "home-intro": INTRO.es,
    "footer-tagline": INTRO.es,
  },
  pt: {
    "home-heading": "Aprenda e ensine permacultura, onde quer que você esteja",
    "home-intro": INTRO.pt,
    "footer-tagline": INTRO.pt,
  },
  fr: {
    "home-heading": "Apprendre et enseigner la permaculture, où que vous soyez",
    "home-intro": INTRO.fr,
    "footer-tagline": INTRO.fr,
  },
  de: {
    "home-heading": "Permakultur lernen und lehren, wo immer du bist",
    "home-intro": INTRO.de,
    "footer-tagline": INTRO.de,
  },
};

/**
 * The starting texts in the other languages: the home page's heading and introduction, the footer's tagline, the
 * About page (about-translations.ts), the privacy page (privacy-translations.ts) and the terms
 * (terms-translations.ts). Shown in a language with no text of its own while the English text is still the starting
 * one; once the owner rewrites the English text, a translation of the old one would say something else, so the
 * English shows. The demo seed stores them as each language's first revisions (decision 059). Only the site's name
 * has none: a name is not translated.
 */
export const DEFAULT_PAGE_TEXT_TRANSLATIONS: Partial<Record<Language, Partial<Record<PageTextKey, string>>>> =
  Object.fromEntries(
    (["es", "pt", "fr", "de"] as const).map((lang) => [
      lang,
      {
        ...HOME_TRANSLATIONS[lang],
        ...ABOUT_TRANSLATIONS[lang],
        ...PRIVACY_TRANSLATIONS[lang],
        ...TERMS_TRANSLATIONS[lang],
      },
    ]),
  );
