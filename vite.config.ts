import { fileURLToPath } from "node:url";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

// The import aliases of tsconfig.json's paths, for the bundler: `~/` is app/, `~db/`, `~server/` and `~tests/` the
// other source folders. (Vite's own tsconfig reading would also apply the type-only lucide path, so they are listed.)
const root = fileURLToPath(new URL(".", import.meta.url));
export const importAliases = [
  { find: /^~\//, replacement: `${root}app/` },
  { find: /^~(db|server|tests)\//, replacement: `${root}$1/` },
];

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [tailwindcss(), reactRouter()],
  resolve: { alias: importAliases },
  build: {
    target: "es2022",
    // SOURCEMAP=1 npm run build: source maps, e.g. to see what each module adds to a chunk.
    sourcemap: process.env.SOURCEMAP === "1",
    rolldownOptions: isSsrBuild
      ? undefined
      : {
          output: {
            codeSplitting: {
              groups: [
                // React, React DOM and React Router: one file, needed by every page.
                {
                  name: "framework",
                  test: /node_modules[\\/](react|react-dom|react-router|scheduler|cookie|set-cookie-parser)[\\/]/,
                  priority: 2,
                },
                // Small app modules shared by several pages (the shell's icons, constants, navigation): one file
                // instead of a dozen 1 KB requests.
                {
                  name: "shared",
                  test: /[\\/]app[\\/]components[\\/]icons\.tsx|[\\/]app[\\/]lib[\\/](constants|nav-pages|meta|slug|after-load|error-titles)\.ts|[\\/]app[\\/]components[\\/](island|app-link|shell[\\/]header-nav-link)\.tsx|[\\/]app[\\/]components[\\/]shell[\\/](use-hydrated|nav-links)\.ts/,
                  minShareCount: 2,
                  priority: 1,
                },
                // The pieces every entry page and the home page draw (section headings, Markdown text, the "shown in"
                // note, JSON-LD): one file rather than four small ones.
                {
                  name: "content",
                  test: /[\\/]app[\\/]components[\\/]public[\\/](section-header|shown-in-note|json-ld|prose)\.tsx|[\\/]app[\\/]lib[\\/]jsonld\.ts/,
                  minShareCount: 2,
                  priority: 1,
                },
              ],
            },
          },
        },
  },
  ssr: {
    // Server-only packages stay external; they are loaded from node_modules at run time.
    external: ["@electric-sql/pglite", "pg", "sharp", "pino", "better-auth"],
  },
}));
