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
const layer = (path) => `^${path}`;
/** The route modules, and their generated types. */
const ROUTES = ["^app/routes/", "^\\.react-router/types/app/routes/"];
/** Modules that run only on the server: Node's own modules, the Postgres driver and `.server` modules. */
const SERVER_ONLY = ["\\.server\\.[cm]?[jt]sx?$", "^node_modules/pg/", "^app/server-lib/"];

module.exports = {
  forbidden: [
    {
      name: "no-circular",
      severity: "error",
      comment: "Modules that import each other, directly or through others.",
      from: { path: "^(app|server|db|scripts)/" },
      to: { circular: true, viaNot: "^\\.react-router/" },
    },
    {
      name: "nothing-imports-scripts",
      severity: "error",
      comment: "scripts/ holds command-line entry points and benchmarks: the site's code never imports them.",
      from: { path: "^(app|server|db)/" },
      to: { path: "^scripts/" },
    },
    {
      name: "server-above-routes",
      severity: "error",
      comment:
        "The server (server/) serves the built routes; it never imports a route or a component module itself " +
        "(decision 011: routes and components are reached through the React Router build).",
      from: { path: layer("server/") },
      to: { path: [...ROUTES, "^app/components/", "^app/root\\.tsx$"] },
    },
    {
      name: "components-render-only",
      severity: "error",
      comment:
        "Components render what they are given: no services, queries, database, server, routes or server-only code.",
      from: { path: layer("app/components/") },
      to: { path: ["^app/services/", "^app/queries/", "^db/", "^server/", ...ROUTES, ...SERVER_ONLY] },
    },
    {
      name: "lib-runs-anywhere",
      severity: "error",
      comment:
        "app/lib runs in both worlds: it imports nothing above it, and nothing server-side (Node's modules, pg, " +
        "`.server` modules: those live in app/server-lib/).",
      from: { path: layer("app/lib/") },
      to: {
        path: [
          "^app/services/",
          "^app/queries/",
          "^app/components/",
          "^db/",
          "^server/",
          "^scripts/",
          ...ROUTES,
          ...SERVER_ONLY,
        ],
      },
    },
    {
      name: "lib-no-node",
      severity: "error",
      comment: "app/lib runs in both worlds: no Node modules (node:*); server-side helpers live in app/server-lib/.",
      from: { path: layer("app/lib/") },
      to: { dependencyTypes: ["core"] },
    },
    {
      name: "server-only-modules-outside-lib",
      severity: "error",
      comment: "A `.server` module never lives in app/lib (code for both worlds): it belongs in app/server-lib/.",
      from: { path: "^(app|server|db|scripts)/" },
      to: { path: "^app/lib/.+\\.server\\.[cm]?[jt]sx?$" },
    },
    {
      name: "server-lib-below-queries",
      severity: "error",
      comment:
        "app/server-lib holds server-side helpers (Node's crypto and streams, request bodies, every language's " +
        "messages): they import app/lib and each other, nothing above.",
      from: { path: layer("app/server-lib/") },
      to: {
        path: ["^app/services/", "^app/queries/", "^app/components/", "^db/", "^server/", "^scripts/", ...ROUTES],
      },
    },
    {
      name: "db-below-app",
      severity: "error",
      comment:
        "db/ (schema, migrations, seeds, the database handle) imports only app/lib (vocabularies, types) and the " +
        "message catalogues (app/locales/*.json); the command lines that run it live in scripts/.",
      from: { path: layer("db/") },
      to: {
        path: ["^app/", "^server/", "^scripts/", "^tests/", "^\\.react-router/"],
        pathNot: ["^app/lib/", "^app/locales/[^/]+\\.json$"],
      },
    },
    {
      name: "queries-below-services",
      severity: "error",
      comment: "Queries talk to the schema; they never call services, routes, components or the server.",
      from: { path: layer("app/queries/") },
      to: { path: ["^app/services/", "^app/components/", "^server/", "^scripts/", ...ROUTES] },
    },
    {
      name: "services-below-routes",
      severity: "error",
      comment:
        "Services are called by routes and the server; they never import routes, components or the server " +
        "(what they need of it, such as the storage service, is declared as an interface in app code).",
      from: { path: layer("app/services/") },
      to: { path: ["^app/components/", "^server/", "^scripts/", ...ROUTES] },
    },
    {
      name: "sql-in-queries",
      severity: "error",
      comment:
        "All SQL lives in app/queries: nothing else imports the tables (db/schema), Drizzle or the Postgres driver " +
        "(pg). The schema itself, the database handle (db/client), seeds and migrations are the exceptions; " +
        "benchmarks (scripts/bench/) set up their data directly, as tests do; tests are not checked.",
      from: {
        path: "^(app|server|db|scripts)/",
        pathNot: [
          "^app/queries/",
          "^db/schema\\.ts$",
          "^db/client\\.ts$",
          "^db/seed/",
          "^db/migrations/",
          "^scripts/bench/",
        ],
      },
      to: { path: ["^db/schema\\.ts$", "^node_modules/drizzle-orm/", "^node_modules/pg/"] },
    },
    {
      name: "routes-through-services",
      severity: "error",
      comment: "Routes reach data through services, never the database or the server directly.",
      from: { path: layer("app/routes/") },
      to: { path: ["^db/", "^server/"], dependencyTypesNot: ["type-only"] },
    },
    {
      name: "routes-call-services",
      severity: "error",
      comment:
        "Routes call services (app/services/), which call the queries: a route imports no query module, not even " +
        "for a type (the service re-exports it). See decision 036.",
      from: { path: layer("app/routes/") },
      to: { path: "^app/queries/" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: ["\\.test\\.tsx?$", "^build"] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: { exportsFields: ["exports"], conditionNames: ["import", "require", "node", "default"] },
  },
};
