// Import rules `bun run lint` checks on the graph of running code only: tests and test kits are left out, since a
// test drives several modules at once and test/helpers → scripts → a module closes loops no process has.
const base = require("./.dependency-cruiser.cjs");

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "server-modules-import-one-way",
      severity: "error",
      // Folder scope: the cycle is between modules (alerts → telegram → alerts), though no file imports itself back.
      scope: "folder",
      comment:
        "two server modules never depend on each other, directly or round a longer loop: the one that needs the other " +
        "imports it, and the other offers a registry or hook (alert channels register with alerts at wiring time)",
      from: { path: "^server/src/modules/([^/]+)" },
      to: { path: "^server/src/modules/", pathNot: "^server/src/modules/$1(/|$)", circular: true },
    },
    {
      name: "engine-runtime-never-imports-research",
      severity: "error",
      comment:
        "the live engine (analysis, market, outcomes, its entry and jobs) scores with the apply halves in analysis/model; " +
        "fitting and choosing live in research/, which imports the runtime and the backtest, never the reverse",
      from: { path: "^engine/src/(analysis|market|outcomes|backtest|main\\.ts|jobs\\.ts)" },
      to: { path: "^engine/src/research/" },
    },
  ],
  options: {
    ...base.options,
    exclude: { path: `${base.options.exclude.path}|\\.test\\.tsx?$|/testing\\.ts$|^(test|scripts|load-tests)/` },
  },
};
