/**
 * The icon sprite: one SVG file of `<symbol>`s, one per icon the site draws, made from lucide-react's shape data
 * (ISC licence). Pages refer to a symbol with `<use href="…/icons-<hash>.svg#<name>">`, so an icon's shapes are in
 * neither the page's JavaScript nor its HTML; the browser fetches the file once and caches it by its hashed name.
 * `npx tsx scripts/icon-sprite.ts` writes app/components/icons.svg from the names below; a test checks the file is
 * current.
 */

/** Every icon the site draws, by its Lucide name. */
export const ICON_NAMES = [
  "app-window",
  "arrow-right",
  "book-open",
  "calendar-days",
  "chevron-down",
  "circle-check",
  "clipboard-pen",
  "clock",
  "external-link",
  "file-text",
  "globe",
  "graduation-cap",
  "leaf",
  "loader-circle",
  "locate-fixed",
  "log-out",
  "mail",
  "map",
  "map-pin",
  "menu",
  "mic",
  "minus",
  "move-down",
  "move-left",
  "move-right",
  "move-up",
  "navigation",
  "phone",
  "plus",
  "rss",
  "search",
  "share-2",
  "shield-check",
  "shield-exclamation-point",
  "sliders-horizontal",
  "sprout",
  "ticket",
  "tv-minimal-play",
  "users",
  "x",
] as const;

export type IconName = (typeof ICON_NAMES)[number];

type IconNode = [tag: string, attrs: Record<string, string>][];

const escapeAttr = (value: string) => value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");

/** The inner SVG markup of one icon from its shape data (React's `key`s left out). */
export function iconMarkup(node: IconNode): string {
  return node
    .map(([tag, attrs]) => {
      const attributes = Object.entries(attrs)
        .filter(([name]) => name !== "key")
        .map(([name, value]) => ` ${name}="${escapeAttr(String(value))}"`)
        .join("");
      return `<${tag}${attributes}></${tag}>`;
    })
    .join("");
}

/** The sprite file's text: one symbol per icon, in the order of ICON_NAMES. */
export function spriteSvg(icons: { name: string; node: IconNode }[]): string {
  const symbols = icons.map(
    ({ name, node }) => `<symbol id="${name}" viewBox="0 0 24 24">${iconMarkup(node)}</symbol>`,
  );
  return `<svg xmlns="http://www.w3.org/2000/svg">\n${symbols.join("\n")}\n</svg>\n`;
}

/**
 * lucide-react's shape data of every icon, for the sprite (build script and its test; not in the browser). Read from
 * the package's per-icon modules by file, past the type-only path mapping that tsconfig gives `lucide-react/icons/*`.
 */
export async function lucideIconData(): Promise<{ name: string; node: IconNode }[]> {
  const { createRequire } = await import("node:module");
  const path = await import("node:path");
  const { pathToFileURL } = await import("node:url");
  const root = path.dirname(createRequire(import.meta.url).resolve("lucide-react/package.json"));
  return Promise.all(
    ICON_NAMES.map(async (name) => {
      const file = pathToFileURL(path.join(root, "dist", "esm", "icons", `${name}.mjs`)).href;
      const module = (await import(/* @vite-ignore */ file)) as { __iconData: { node: IconNode } };
      return { name, node: module.__iconData.node };
    }),
  );
}
