import type { Translate } from "./i18n/translate";

/** A region's name in the page's language: the built-in regions have messages; any other keeps its own name. */
export function regionName(t: Translate, region: { key: string; name: string }): string {
  const key = `region.${region.key}`;
  const name = t(key);
  return name === key ? region.name : name;
}
