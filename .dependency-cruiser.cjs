// The server's areas (apps/server/src/modules/<area>/) and their faces (index.ts): decision 015.
// `npm run lint` runs this after Biome.
const src = "^apps/server/src/";
const areas = `${src}modules/`;
const areaFace = `${areas}[^/]+/index\\.ts$`;

module.exports = {
  forbidden: [
    {
      name: "area-reach-in",
      comment:
        "An area uses another area only through its index.ts (the operations it offers), never one of its files.",
      severity: "error",
      from: { path: `${areas}([^/]+)/` },
      to: { path: areas, pathNot: [`${areas}$1/`, areaFace] },
    },
    {
      name: "outside-reach-in",
      comment:
        "Routes, jobs, plugins and the app use an area only through its index.ts. The test helpers (src/test/: factories, oracles) may read an area's files, as its own tests do.",
      severity: "error",
      from: { path: src, pathNot: [areas, `${src}test/`] },
      to: { path: areas, pathNot: areaFace },
    },
    {
      name: "no-area-cycles",
      comment:
        "No cycles through an area, type imports included: an area that needs another area's data is handed it (or a loader) by its caller.",
      severity: "error",
      from: { path: areas },
      to: { circular: true },
    },
    {
      name: "no-circular",
      comment:
        "No cycles elsewhere in the server either; a type-only import back (the database handle's type) is allowed.",
      severity: "error",
      from: { path: src, pathNot: areas },
      to: { circular: true, viaOnly: { dependencyTypesNot: ["type-only"] } },
    },
    {
      name: "lib-is-area-free",
      comment: "lib/ holds helpers with no area: none imports an area (its tests may).",
      severity: "error",
      from: { path: `${src}lib/`, pathNot: "\\.test\\.ts$" },
      to: { path: areas },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "(^|/)node_modules/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "apps/server/tsconfig.json" },
    enhancedResolveOptions: { extensions: [".ts", ".js", ".json"] },
  },
};
