// Bundles the Node server (server/index.ts and what it imports) into build/server-entry.js.
// npm packages stay external and load from node_modules at run time.
import { build } from "esbuild";

await build({
  entryPoints: ["server/index.ts"],
  outfile: `${process.env.BUILD_DIR ?? "build"}/server-entry.js`,
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  sourcemap: true,
  logLevel: "warning",
});
