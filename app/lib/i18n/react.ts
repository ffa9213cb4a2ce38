import {
  cloneElement,
  createContext,
  createElement,
  Fragment,
  type ReactElement,
  type ReactNode,
  useContext,
  useMemo,
} from "react";
import { useLocation } from "react-router";
import { DEFAULT_LANGUAGE, type Language, languageFromPath, localizeHref } from "./languages";
import { type Messages, type MessageValues, type Translate, translateFor } from "./translate";

/** The language of the page being shown: its path's. */
export function useLanguage(): Language {
  return languageFromPath(useLocation().pathname);
}

/** Turns a site page's English address into the current page's language's (`/locations` → `/es/locations`). */
export function useLocalizeHref(): (href: string) => string {
  const lang = useLanguage();
  return (href) => localizeHref(href, lang);
}

type Translation = { t: Translate; lang: Language };
const TranslationContext = createContext<Translation>({ t: (key) => key, lang: DEFAULT_LANGUAGE });

/** Gives the page's message function to every component below it (the root layout sets it from its data). */
export function TranslationProvider({
  lang,
  messages,
  children,
}: {
  lang: Language;
  messages: Messages | undefined;
  children: ReactNode;
}) {
  const value = useMemo(() => ({ t: translateFor(lang, messages), lang }), [lang, messages]);
  return createElement(TranslationContext.Provider, { value }, children);
}

/** The page's message function `t` and its language. */
export function useTranslation(): Translation {
  return useContext(TranslationContext);
}

const TAG = /<(\w+)>([\s\S]*?)<\/\1>|<(\w+)\s*\/>/g;

/** A message's text with its `<name>…</name>` (or `<name/>`) parts given by the named elements. */
function withElements(text: string, elements: Record<string, ReactElement>, keys = { next: 0 }): ReactNode[] {
  const out: ReactNode[] = [];
  let from = 0;
  for (const m of text.matchAll(TAG)) {
    if (m.index > from) out.push(text.slice(from, m.index));
    const name = (m[1] ?? m[3]) as string;
    const inner = m[2];
    const element = elements[name];
    if (!element) out.push(inner ?? "");
    else if (inner === undefined) out.push(cloneElement(element, { key: keys.next++ }));
    else out.push(cloneElement(element, { key: keys.next++ }, ...withElements(inner, elements, keys)));
    from = m.index + m[0].length;
  }
  if (from < text.length) out.push(text.slice(from));
  return out;
}

const SET_ASIDE = "\uE000";
const guard = (v: string | number) => (typeof v === "string" ? v.replaceAll("<", SET_ASIDE) : v);
function unguard(node: ReactNode): ReactNode {
  if (typeof node === "string") return node.replaceAll(SET_ASIDE, "<");
  if (node && typeof node === "object" && "props" in node) {
    const element = node as ReactElement<{ children?: ReactNode }>;
    const children = element.props.children;
    if (children === undefined) return element;
    return cloneElement(element, undefined, ...(Array.isArray(children) ? children : [children]).map(unguard));
  }
  return node;
}

/**
 * A message with elements inside it: "Browse <anchor>all programs</anchor>" with `components={{ anchor: <AppLink
 * to="/programs" /> }}` renders the link around its words, in whatever order the language puts them.
 */
export function Trans({
  i18nKey,
  values,
  components,
}: {
  i18nKey: string;
  values?: MessageValues;
  components: Record<string, ReactElement>;
}) {
  const { t } = useTranslation();
  // A value's own "<" is set aside while the message's tags are read, so a name like "A <b>" stays text.
  const guarded = values && Object.fromEntries(Object.entries(values).map(([k, v]) => [k, guard(v)]));
  const parts = withElements(t(i18nKey, guarded), components);
  return createElement(Fragment, null, ...parts.map(unguard));
}
