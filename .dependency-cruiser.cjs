// Import boundaries, checked by `npm run lint` (see docs/decisions/import-boundaries.md). Only runtime imports count:
// `import type` is erased by the compiler, so a component may name a lib/ type freely.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
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
