/**
 * Writes the icon sprite, app/components/icons.svg, from lucide-react's shape data for the names in
 * app/components/icon-sprite.ts. Run after adding an icon or updating lucide-react: `npx tsx scripts/icon-sprite.ts`.
 */
import fs from "node:fs";
import path from "node:path";
import { lucideIconData, spriteSvg } from "~/components/icon-sprite";

const file = path.resolve(import.meta.dirname, "..", "app", "components", "icons.svg");
fs.writeFileSync(file, spriteSvg(await lucideIconData()));
console.log(`wrote ${path.relative(process.cwd(), file)}`);
