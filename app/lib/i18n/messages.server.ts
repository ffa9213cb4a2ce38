import de from "~/locales/de.json";
import en from "~/locales/en.json";
import es from "~/locales/es.json";
import fr from "~/locales/fr.json";
import pt from "~/locales/pt.json";
import type { Language } from "./languages";
import type { Messages } from "./translate";

/**
 * Every language's messages, on the server only: a page's root data carries its own language's to the browser, so
 * no client bundle holds them.
 */
export const MESSAGES: Record<Language, Messages> = { en, es, pt, fr, de };
