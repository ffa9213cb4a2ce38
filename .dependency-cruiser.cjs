/**
 * The layers of the code (docs/decisions/011-layers.md, amended by 036, 061 and 064): scripts and server → routes →
 * services → queries → schema; components render and never reach data; app/server-lib holds helpers that run only on
 * the server; app/lib is code that runs in both worlds. `npm test` runs this check (`npm run check:layers`, over app,
 * server, db and scripts) and fails on any import that breaks a rule and is not in the list of known violations
 * (.dependency-cruiser-known-violations.json), which only ever shrinks. tests/integration/layer-check.test.ts feeds it
 * one wrong import of each kind.
 *
 * A route's generated types (`./+types/<route>`, written by `react-router typegen` under .react-router/types/) count
 * as the route itself: importing them is importing the route.
 */
/** A rule the check enforces: modules matching `from` (a path, or a path condition) never import `to`. */
const forbid = (name, comment, from, to) => ({
  name,
  severity: "error",
  comment,
  from: typeof from === "string" ? { path: from } : from,
  to: typeof to === "string" || Array.isArray(to) ? { path: to } : to,
});
/** The route modules, and their generated types. */
const ROUTES = ["^app/routes/", "^\\.react-router/types/app/routes/"];
/** Modules that run only on the server: the Postgres driver, `.server` modules and the server-side helpers. */
const SERVER_ONLY = ["\\.server\\.[cm]?[jt]sx?$", "^node_modules/pg/", "^app/server-lib/"];
/** Everything above the two helper layers (app/lib and app/server-lib). */
const ABOVE_HELPERS = [
  "^app/services/",
  "^app/queries/",
  "^app/components/",
  "^db/",
  "^server/",
  "^scripts/",
  ...ROUTES,
];

module.exports = {
  forbidden: [
    forbid(
      "no-circular",
      "Modules that import each other, directly or through others (a route and its own generated types excepted).",
      "^(app|server|db|scripts)/",
      { circular: true, viaNot: "^\\.react-router/" },
    ),
    forbid(
      "nothing-imports-scripts",
      "scripts/ holds command-line entry points and benchmarks: the site's code never imports them.",
      "^(app|server|db)/",
      "^scripts/",
    ),
    forbid(
      "server-above-routes",
      "The server (server/) serves the built routes; it never imports a route or a component module itself " +
        "(decision 011: routes and components are reached through the React Router build).",
      "^server/",
      [...ROUTES, "^app/components/", "^app/root\\.tsx$"],
    ),
    forbid(
      "components-render-only",
      "Components render what they are given: no services, queries, database, server, routes or server-only code.",
      "^app/components/",
      ["^app/services/", "^app/queries/", "^db/", "^server/", ...ROUTES, ...SERVER_ONLY],
    ),
    forbid(
      "lib-runs-anywhere",
      "app/lib runs in both worlds: it imports nothing above it, and nothing server-side (pg, `.server` modules: " +
        "those live in app/server-lib/).",
      "^app/lib/",
      [...ABOVE_HELPERS, ...SERVER_ONLY],
    ),
    forbid(
      "lib-no-node",
      "app/lib runs in both worlds: no Node modules (node:*); server-side helpers live in app/server-lib/.",
      "^app/lib/",
      { dependencyTypes: ["core"] },
    ),
    forbid(
      "server-only-modules-outside-lib",
      "A `.server` module never lives in app/lib (code for both worlds): it belongs in app/server-lib/.",
      "^(app|server|db|scripts)/",
      "^app/lib/.+\\.server\\.[cm]?[jt]sx?$",
    ),
    forbid(
      "server-lib-below-queries",
      "app/server-lib holds server-side helpers (Node's crypto and streams, request bodies, every language's " +
        "messages): they import app/lib and each other, nothing above.",
      "^app/server-lib/",
      ABOVE_HELPERS,
    ),
    forbid(
      "db-below-app",
      "db/ (schema, migrations, seeds, the database handle) imports only app/lib (vocabularies, types) and the " +
        "message catalogues (app/locales/*.json); the command lines that run it live in scripts/.",
      "^db/",
      {
        path: ["^app/", "^server/", "^scripts/", "^tests/", "^\\.react-router/"],
        pathNot: ["^app/lib/", "^app/locales/[^/]+\\.json$"],
      },
    ),
    forbid(
      "queries-below-services",
      "Queries talk to the schema; they never call services, routes, components or the server.",
      "^app/queries/",
      ["^app/services/", "^app/components/", "^server/", "^scripts/", ...ROUTES],
    ),
    forbid(
      "services-below-routes",
      "Services are called by routes and the server; they never import routes, components or the server " +
        "(what they need of it, such as the storage service, is declared as an interface in app code).",
      "^app/services/",
      ["^app/components/", "^server/", "^scripts/", ...ROUTES],
    ),
    forbid(
      "sql-in-queries",
      "All SQL lives in app/queries: nothing else imports the tables (db/schema), Drizzle or the Postgres driver " +
        "(pg). The schema itself, the database handle (db/client), seeds and migrations are the exceptions; " +
        "benchmarks (scripts/bench/) set up their data directly, as tests do; tests are not checked.",
      {
        path: "^(app|server|db|scripts)/",
        pathNot: ["^app/queries/", "^db/(schema|client)\\.ts$", "^db/(seed|migrations)/", "^scripts/bench/"],
      },
      ["^db/schema\\.ts$", "^node_modules/drizzle-orm/", "^node_modules/pg/"],
    ),
    forbid(
      "routes-through-services",
      "Routes reach data through services, never the database or the server directly.",
      "^app/routes/",
      { path: ["^db/", "^server/"], dependencyTypesNot: ["type-only"] },
    ),
    forbid(
      "routes-call-services",
      "Routes call services (app/services/), which call the queries: a route imports no query module, not even " +
        "for a type (the service re-exports it). See decision 036.",
      "^app/routes/",
      "^app/queries/",
    ),
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: ["\\.test\\.tsx?$", "^build"] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: { exportsFields: ["exports"], conditionNames: ["import", "require", "node", "default"] },
  },
};
