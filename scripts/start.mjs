// `npm start`: builds the site when the build is missing or older than the sources, then runs the server in this
// same process, so the signals a process manager sends to `npm start` (SIGTERM, SIGINT) reach the server's own
// graceful shutdown. (A child process run with spawnSync left the server running when the launcher was stopped.)
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const root = path.resolve(import.meta.dirname, "..");
const buildDir = path.resolve(root, process.env.BUILD_DIR ?? "build");
const stamp = path.join(buildDir, ".stamp");
const sources = ["app", "server", "db", "public", "package-lock.json", "vite.config.ts", "react-router.config.ts"];

function newestMtime(p) {
  let stat;
  try {
    stat = fs.statSync(p);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(p)) newest = Math.max(newest, newestMtime(path.join(p, entry)));
  return newest;
}

const built = fs.existsSync(stamp) ? fs.statSync(stamp).mtimeMs : 0;
const needsBuild = built === 0 || sources.some((s) => newestMtime(path.join(root, s)) > built);
if (needsBuild) {
  console.log("Building the site (first start or sources changed)…");
  // Always a production build, whatever NODE_ENV the caller runs under (a test runner sets "test"): with another
  // value Vite builds pages without paint-first hydration and their policy without the inline scripts' hashes.
  const r = spawnSync("npm", ["run", "build", "--silent"], {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, NODE_ENV: "production" },
  });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
process.env.NODE_ENV ??= "production";
process.chdir(root);
await import(pathToFileURL(path.join(buildDir, "server-entry.js")).href);
