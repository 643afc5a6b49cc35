// `bun load-tests/harness/web-size.ts [--json]` (also `bun run bench -- web`): builds the web app as production serves
// it and reports the JavaScript the landing page loads (its entry scripts, what they import statically, and the
// landing route's chunk if that is split off), raw, gzip and brotli, and what the dashboard adds when first opened.
import { join } from "node:path";
import type { BuildMetafile } from "bun";
import { compress, type Encoding } from "../../server/src/lib/compression";
import { buildWeb, type WebBuild } from "../../server/src/lib/security-headers-web";
import { round, type Report } from "./stats";

export const WEB_INDEX = join(import.meta.dir, "..", "..", "web", "index.html");
/** The landing page's JavaScript must stay under this many bytes gzip-compressed (web-size.test.ts). */
export const LANDING_JS_GZIP_BUDGET = 150_000;
/** The route modules of the landing page (/) and of the dashboard, as the bundler names its inputs. */
const LANDING_MODULE = "web/src/features/marketing/components/HomePage.tsx";
const DASHBOARD_MODULE = "web/src/app/pages/DashboardPage.tsx";

type Outputs = BuildMetafile["outputs"];

/** `roots` (output keys such as "./chunk-….js") and every chunk they import statically, transitively. */
function staticClosure(outputs: Outputs, roots: string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key) || !outputs[key]) return;
    seen.add(key);
    for (const imp of outputs[key].imports) if (imp.kind === "import-statement") visit(imp.path);
  };
  roots.forEach(visit);
  return seen;
}

/** The JavaScript output that carries `module` (ends-with match: the bundler names inputs relative to its cwd). */
const chunkOf = (outputs: Outputs, module: string) =>
  Object.keys(outputs).find((key) => key.endsWith(".js") && Object.keys(outputs[key].inputs).some((input) => input.endsWith(module)));

/** The output keys of the JavaScript `/` loads: the page's scripts and preloads plus the landing route's chunk. */
export function landingScripts(web: WebBuild): Set<string> {
  const html = new TextDecoder().decode(web.files.get("/index.html")!.body.raw);
  const outputs = web.metafile!.outputs;
  const fromPage = [...html.matchAll(/<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload"[^>]*\shref)="\/([^"]+\.js)"/g)].map((m) => `./${m[1]}`);
  const route = chunkOf(outputs, LANDING_MODULE);
  return staticClosure(outputs, route ? [...fromPage, route] : fromPage);
}

async function sizes(web: WebBuild, keys: Iterable<string>) {
  const total = { raw: 0, gzip: 0, br: 0 };
  for (const key of keys) {
    const raw = web.files.get(key.slice(1))!.body.raw;
    total.raw += raw.byteLength;
    for (const encoding of ["gzip", "br"] as Encoding[]) total[encoding] += (await compress(raw, encoding, "build")).byteLength;
  }
  return total;
}

export async function webSize() {
  const web = await buildWeb(WEB_INDEX);
  const outputs = web.metafile!.outputs;
  const landing = landingScripts(web);
  const dashboardChunk = chunkOf(outputs, DASHBOARD_MODULE);
  const dashboardOnly = [...staticClosure(outputs, dashboardChunk ? [dashboardChunk] : [])].filter((key) => !landing.has(key));
  const allJs = Object.keys(outputs).filter((key) => key.endsWith(".js"));
  const [landingSize, dashboardSize] = [await sizes(web, landing), await sizes(web, dashboardOnly)];
  return {
    scenario: "web",
    js_chunks: allJs.length,
    total_js_bytes: allJs.reduce((sum, key) => sum + outputs[key].bytes, 0),
    landing_js_files: landing.size,
    landing_js_bytes: landingSize.raw,
    landing_js_gzip: landingSize.gzip,
    landing_js_br: landingSize.br,
    dashboard_on_demand: dashboardChunk !== undefined && !landing.has(dashboardChunk),
    dashboard_extra_js_gzip: dashboardSize.gzip,
  };
}

export async function webSizeBench(): Promise<Report> {
  const json = await webSize();
  const kb = (n: number) => `${round(n / 1000, 1)} KB`;
  const lines = [
    `${json.js_chunks} JavaScript chunks, ${kb(json.total_js_bytes)} in all`,
    `landing page: ${json.landing_js_files} file(s), ${kb(json.landing_js_bytes)}, gzip ${kb(json.landing_js_gzip)}, brotli ${kb(json.landing_js_br)} (budget ${kb(LANDING_JS_GZIP_BUDGET)} gzip)`,
    `dashboard: ${json.dashboard_on_demand ? `loaded on demand, ${kb(json.dashboard_extra_js_gzip)} gzip more` : "in the landing bundle"}`,
  ];
  return { name: "web bundle size", json, lines, ok: json.landing_js_gzip < LANDING_JS_GZIP_BUDGET && json.dashboard_on_demand };
}

if (import.meta.main) {
  const report = await webSizeBench();
  console.log(process.argv.includes("--json") ? JSON.stringify(report.json) : report.lines.join("\n"));
  process.exit(report.ok ? 0 : 1);
}
