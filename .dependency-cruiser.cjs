// Import boundaries, checked by `npm run lint` (see docs/decisions/import-boundaries.md). Only runtime imports count:
// `import type` is erased by the compiler, so a component may name a lib/ type freely.

// The layers of lib/, lowest first (docs/architecture.md, "Layers of lib/"). An area is a folder or a single file
// directly under lib/. An area imports only areas listed before it: any area of a lower layer ("lib-layers"), and the
// areas before it in its own layer ("lib-area-order"), so no two areas ever import each other, directly or round a
// cycle. A new area is placed here first ("lib-area-unlisted").
const LAYERS = [
  // Rules and tools with no domain of their own; audit (the trail's writer) comes before auth, which records sign-ins.
  [
    "foundations",
    [
      "errors",
      "clock",
      "input-text",
      "scope",
      "pdf",
      "audit",
      "validation",
      "formatting",
      "auth",
      "locks",
      "rate-limit",
      "patch",
      "query-params",
      "paging",
      "ip-addresses",
      "api-versions",
    ],
  ],
  // Mail, the outbox and webhooks: the domain writes its messages in its own transaction; the jobs send them later.
  ["messaging", ["notifications", "outbox", "webhooks"]],
  // The song catalog, the parties (licensees, people, accounts, owners' payouts) and the album with its releases,
  // tracks and wall.
  [
    "catalog",
    ["royalties", "songs", "licensees", "people", "accounts", "payouts", "releases", "tracks", "albums", "wall"],
  ],
  // The ledger, fees, invoices and payments, and the owners' statements: what the request's filing and transitions post to.
  ["money", ["money", "statements"]],
  // The request: filing, views, locks, the state machine's transitions and edits that reprice requests.
  ["requests", ["requests"]],
  // What works on filed requests: eligibility, license verification, licensing (notices, documents), invoicing what
  // they owe (a paid invoice begins licensing), sales and bulk imports.
  ["request processes", ["eligibility", "verification", "licensing", "billing", "sales", "imports"]],
  // The staff's status moves, which bring licensing (notices) and money (the paid check) along.
  ["workflow", ["workflow"]],
  // Reads that gather several areas for one page, and the background jobs with their loop.
  ["pages and jobs", ["album-overview", "staff", "dashboard", "jobs"]],
  // The edges: route handlers' and server actions' helpers, the OpenAPI document, the typed client.
  ["transport", ["http", "forms", "openapi", "client"]],
];
const TRANSPORT = LAYERS.at(-1)[1];
const DOMAIN = LAYERS.slice(0, -1).flatMap(([, areas]) => areas);
const ALL = LAYERS.flatMap(([, areas]) => areas);
/** The modules of these areas: `lib/<area>/…` or the file `lib/<area>.ts`. */
const inAreas = (areas) => `^lib/(${areas.join("|")})(/|\\.tsx?$)`;

const layerRules = LAYERS.slice(0, -1).flatMap(([layer, areas], i) => {
  const higher = LAYERS.slice(i + 1, -1).flatMap(([, a]) => a);
  if (higher.length === 0) return [];
  return [
    {
      name: "lib-layers",
      severity: "error",
      comment:
        `An area of the ${layer} layer imports only lower layers (.dependency-cruiser.cjs, LAYERS): move what both ` +
        "need down to the lower area, or the caller up.",
      from: { path: inAreas(areas) },
      to: { path: inAreas(higher) },
    },
  ];
});
const orderRules = LAYERS.flatMap(([layer, areas]) =>
  areas.slice(0, -1).map((area, k) => ({
    name: "lib-area-order",
    severity: "error",
    comment:
      `Within the ${layer} layer, ${area} imports only the areas listed before it (.dependency-cruiser.cjs, LAYERS): ` +
      "two areas that import each other cannot be read or changed alone.",
    from: { path: inAreas([area]) },
    to: { path: inAreas(areas.slice(k + 1)) },
  })),
);

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    ...layerRules,
    ...orderRules,
    {
      name: "lib-domain-not-transport",
      severity: "error",
      comment:
        "A domain area never imports the transport helpers (lib/http, lib/forms, lib/openapi, lib/client): a use case " +
        "takes parsed input and throws DomainError; the route handler or server action (app/) does the HTTP or form part.",
      from: { path: inAreas(DOMAIN) },
      to: { path: inAreas(TRANSPORT) },
    },
    {
      name: "lib-area-unlisted",
      severity: "error",
      comment:
        "Every area of lib/ has its place in LAYERS (.dependency-cruiser.cjs), which decides what it may import.",
      from: { path: "^lib/", pathNot: inAreas(ALL) },
      to: {},
    },
    {
      name: "components-no-database",
      severity: "error",
      comment:
        "React UI has no data access: components/ never imports db/, nor a lib/ module that reaches it. " +
        "Pages and server actions (app/) read and write through lib/ use cases and pass the data down.",
      from: { path: "^components/" },
      to: { path: "^db/", reachable: true },
    },
    {
      name: "lib-not-app",
      severity: "error",
      comment: "The domain (lib/) is used by app/, never the reverse.",
      from: { path: "^lib/" },
      to: { path: "^app/" },
    },
    {
      name: "db-not-app",
      severity: "error",
      comment: "The database layer (db/) is used by app/, never the reverse.",
      from: { path: "^db/" },
      to: { path: "^app/" },
    },
  ],
  options: {
    // A component may import a server action: the client gets a reference to call, not the module, so the
    // search for db/ stops at "use server" files (app/**/actions.ts).
    doNotFollow: { path: ["node_modules", "^app/.*/actions\\.ts$"] },
    exclude: { path: "^(\\.next|node_modules|\\.data)/" },
    tsPreCompilationDeps: false,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: { extensions: [".ts", ".tsx", ".mts", ".js", ".mjs"] },
  },
};
