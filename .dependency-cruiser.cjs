/**
 * The layers of the code (docs/decisions/011-layers.md): server → routes → services → queries → schema; components
 * render and never reach data; app/lib is code that runs in both worlds. `npm test` runs this check and fails on any
 * import that breaks a rule and is not in the list of known violations (.dependency-cruiser-known-violations.json),
 * which only ever shrinks.
 */
const layer = (path) => `^${path}`;

module.exports = {
  forbidden: [
    {
      name: "no-circular",
      severity: "error",
      comment: "Modules that import each other, directly or through others.",
      from: { path: "^(app|server|db)/" },
      to: { circular: true },
    },
    {
      name: "components-render-only",
      severity: "error",
      comment: "Components render what they are given: no services, queries, database, server or routes.",
      from: { path: layer("app/components/") },
      to: { path: ["^app/services/", "^app/queries/", "^db/", "^server/", "^app/routes/"] },
    },
    {
      name: "lib-runs-anywhere",
      severity: "error",
      comment: "app/lib runs in both worlds: it imports nothing above it, and nothing server-side.",
      from: { path: layer("app/lib/") },
      to: { path: ["^app/services/", "^app/queries/", "^app/routes/", "^app/components/", "^db/", "^server/"] },
    },
    {
      name: "queries-below-services",
      severity: "error",
      comment: "Queries talk to the schema; they never call services, routes, components or the server.",
      from: { path: layer("app/queries/") },
      to: { path: ["^app/services/", "^app/routes/", "^app/components/", "^server/"] },
    },
    {
      name: "services-below-routes",
      severity: "error",
      comment: "Services are called by routes; they never import routes or components.",
      from: { path: layer("app/services/") },
      to: { path: ["^app/routes/", "^app/components/"] },
    },
    {
      name: "sql-in-queries",
      severity: "error",
      comment:
        "All SQL lives in app/queries: nothing else imports the tables (db/schema) or Drizzle's query builders. " +
        "The schema itself, the database handle (db/client), seeds and migrations are the exceptions; tests are not checked.",
      from: {
        path: "^(app|server|db)/",
        pathNot: ["^app/queries/", "^db/schema\\.ts$", "^db/client\\.ts$", "^db/seed/", "^db/migrations/"],
      },
      to: { path: ["^db/schema\\.ts$", "^node_modules/drizzle-orm/"] },
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
    exclude: { path: ["\\.test\\.tsx?$", "^build", "^app/routes/\\+types", "\\.react-router/"] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: { exportsFields: ["exports"], conditionNames: ["import", "require", "node", "default"] },
  },
};
