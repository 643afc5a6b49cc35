// Import boundaries `bun run lint` enforces (dependency-cruiser): the architecture in README, checked by a machine.

/**
 * The web's entities from the bottom up: an entity imports only entities of a lower layer, so no two import each
 * other (issue 32). A new entity takes its place here; until then it may import no other entity.
 */
const ENTITY_LAYERS = [["user", "track-record"], ["billing", "signal"], ["analysis"]];
const listedEntities = ENTITY_LAYERS.flat().join("|");
const entitiesImportOneWay = [
  ...ENTITY_LAYERS.map((layer, i) => ({
    name: "web-entities-import-one-way",
    severity: "error",
    comment: `an entity imports only entities of lower layers (${ENTITY_LAYERS.map((l) => l.join(", ")).join(" < ")}); never the reverse`,
    from: { path: `^web/src/entities/(${layer.join("|")})/` },
    to: { path: "^web/src/entities/", pathNot: `^web/src/entities/(${["$1", ...ENTITY_LAYERS.slice(0, i).flat()].join("|")})/` },
  })),
  {
    name: "web-entities-import-one-way",
    severity: "error",
    comment: "an entity missing from ENTITY_LAYERS in .dependency-cruiser.cjs imports no other entity",
    from: { path: "^web/src/entities/([^/]+)/", pathNot: `^web/src/entities/(${listedEntities})/` },
    to: { path: "^web/src/entities/", pathNot: "^web/src/entities/$1/" },
  },
];

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    { name: "no-circular", severity: "error", comment: "a cycle makes load order and ownership ambiguous", from: {}, to: { circular: true } },
    {
      name: "core-is-a-leaf",
      severity: "error",
      comment: "core is shared by server, engine and scripts: it imports nothing of ours outside core",
      from: { path: "^core/" },
      to: { path: "^(server|engine|web|scripts|load-tests|test)/" },
    },
    {
      name: "server-lib-imports-no-module",
      severity: "error",
      comment: "lib is infrastructure under the modules; the composition root wires modules into it",
      from: { path: "^server/src/lib/" },
      to: { path: "^server/src/modules/" },
    },
    {
      name: "module-uses-no-other-modules-service",
      severity: "error",
      comment:
        "a module talks to another through core or its public index, not its service; the allow-list: sessions (auth " +
        "issues and revokes them), mail (auth, user and support send mail), signals (an analysis answers with its signal)",
      from: { path: "^server/src/modules/([^/]+)/", pathNot: "\\.test\\.ts$|/testing\\.ts$" },
      to: {
        path: "^server/src/modules/([^/]+)/service\\.ts$",
        pathNot: ["^server/src/modules/$1/", "^server/src/modules/(sessions|mail|signals)/service\\.ts$"],
      },
    },
    {
      name: "server-and-engine-stay-apart",
      severity: "error",
      comment: "server and engine share code only through core (integration tests may drive the engine's publishers)",
      from: { path: "^server/src/", pathNot: "\\.test\\.ts$" },
      to: { path: "^engine/" },
    },
    {
      name: "engine-and-server-stay-apart",
      severity: "error",
      from: { path: "^engine/src/" },
      to: { path: "^server/" },
    },
    {
      name: "web-feature-imports-no-other-feature",
      severity: "error",
      comment: "features are slices; what two features share moves to components, lib or an entity slice",
      from: { path: "^web/src/features/([^/]+)/" },
      to: { path: "^web/src/features/", pathNot: "^web/src/features/$1/" },
    },
    {
      name: "web-feature-imports-no-app",
      severity: "error",
      comment: "app composes features, never the other way round",
      from: { path: "^web/src/features/" },
      to: { path: "^web/src/app/" },
    },
    {
      name: "web-lib-is-infrastructure",
      severity: "error",
      comment: "lib and the shared components sit under the entities and features, never above them",
      from: { path: "^web/src/(lib|components)/", pathNot: "\\.test\\.tsx?$" },
      to: { path: "^web/src/(app|features|entities)/" },
    },
    {
      name: "web-entity-imports-no-feature",
      severity: "error",
      comment: "entities (analysis, user) are shared by features, so they cannot depend on one",
      from: { path: "^web/src/entities/" },
      to: { path: "^web/src/(app|features)/" },
    },
    ...entitiesImportOneWay,
    {
      name: "web-imports-no-server-or-engine",
      severity: "error",
      from: { path: "^web/src/" },
      to: { path: "^(server|engine|scripts)/" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    // lint-fixtures: the graphs scripts/lint.test.ts shows each rule failing on (cruised there from their own folder).
    exclude: { path: "node_modules|^web/dist|\\.data|/lint-fixtures/" },
    parser: "swc",
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: { exportsFields: ["exports"], conditionNames: ["import", "require", "node", "default"] },
  },
};
