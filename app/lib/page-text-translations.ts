import type { Language } from "./i18n/languages";
import type { PageTextKey } from "./page-texts";

/** Starting page texts in the languages other than English, each language's texts together (decision 059). */
export type PageTextTranslations<Key extends PageTextKey> = Record<Exclude<Language, "en">, Record<Key, string>>;

/** The site's contact address as the page texts link it (Markdown; the address is filled in when shown). */
export const MAIL_LINK = "[{{contact-email}}](mailto:{{contact-email}})";
