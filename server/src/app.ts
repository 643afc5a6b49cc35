// The HTTP + WebSocket application: global plugins (errors, logging, headers, CORS, docs) and every feature module.
import { Elysia } from "elysia";
import { cors } from "@elysiajs/cors";
import { openapi } from "@elysiajs/openapi";
import type { AppDeps, ServerDeps } from "./deps";
import { compressResponse } from "./lib/compression";
import { answeredFromMemory } from "./lib/conditional";
import { errorsPlugin } from "./lib/errors-plugin";
import { shortPath } from "./lib/http-error";
import { singlePeerWatch } from "./lib/proxy-warning";
import { docsContentSecurityPolicy, SCALAR_BUNDLE_URL, SCALAR_VERSION, securityHeaders } from "./lib/security-headers";
import { webAppRoutes } from "./lib/security-headers-web";
import { pwaRoutes } from "./lib/pwa-files";
import { healthModule } from "./modules/health";
import { supportModule } from "./modules/support";
import { analysisModule } from "./modules/analysis";
import { signalsModule } from "./modules/signals";
import { signalExportModule } from "./modules/signal-export";
import { resultsModule } from "./modules/results";
import { transactionsModule } from "./modules/transactions";
import { creditsModule } from "./modules/credits";
import { favoritesModule } from "./modules/favorites";
import { publicModule } from "./modules/public";
import { modelModule } from "./modules/model";
import { authModule } from "./modules/auth";
import { userModule } from "./modules/user";
import { preferencesModule } from "./modules/preferences";
import { sessionsModule } from "./modules/sessions";
import { mailModule } from "./modules/mail";
import { marketModule } from "./modules/market";
import { alertsModule, registerAlertChannel } from "./modules/alerts";
import { webhookChannel, webhooksModule } from "./modules/webhooks";
import { telegramChannel, telegramModule } from "./modules/telegram";
import { billingModule } from "./modules/billing";
import { createSessionCheck } from "./modules/sessions/service";
import { refuseDeepJson } from "./lib/json-depth";
import { metricsModule } from "./modules/metrics";
import { recordHandlerError, recordRequest } from "./modules/metrics/service";

// Wiring: the channels other modules deliver alerts through join the alerts registry here, so alerts imports neither.
registerAlertChannel(webhookChannel);
registerAlertChannel(telegramChannel);

export const MAX_BODY_BYTES = 64 * 1024;
/**
 * Bun's own cut-off, above the app's limit: a declared length between the two gets the app's JSON 413 (the body is
 * never read); only beyond this does Bun answer a bare 413 itself, so no request can make it buffer more.
 */
export const HARD_BODY_BYTES = 1024 * 1024;

const DOCS_PATH = "/api/docs";
const FORM_BODY = /^\s*(multipart\/form-data|application\/x-www-form-urlencoded)\b/i;

/**
 * `webApp` (the HTML import of web/index.html) is served on every path outside /api and /ws through Bun's routes,
 * wrapped so the page and its bundles carry the security headers and are compressed (lib/security-headers-web.ts);
 * /api and /ws go to Elysia, API answers compressed at the response level (lib/compression.ts) so every header the
 * hooks set, errors included, stays on them. Elysia cannot map an HTML bundle itself once global request hooks exist.
 * `development` must match the server's `development` option (main.ts: on only under `bun dev`).
 */
export function createApp(base: ServerDeps, opts: { webApp?: unknown; development?: boolean } = {}) {
  // The composition root: modules get the per-request session check from here (lib/auth imports no module).
  const deps: AppDeps = { ...base, sessionCheck: createSessionCheck(base) };
  const started = new WeakMap<Request, number>();
  /** One API answer's metrics and log line (the route template keeps ids out of the labels). */
  const finished = (request: Request, path: string, route: string | undefined, status: number) => {
    const t0 = started.get(request);
    recordRequest(request.method, route, status, t0);
    deps.log.info("request", {
      method: request.method,
      path,
      status,
      ms: t0 === undefined ? undefined : Math.round((performance.now() - t0) * 10) / 10,
    });
  };
  const watchPeer = singlePeerWatch(deps.config, deps.log);
  const toElysia = (request: Request): Response | Promise<Response> => app.fetch(request);
  const toApi = async (request: Request): Promise<Response> => compressResponse(request, await app.fetch(request));
  const development = opts.development ?? (!deps.config.isProduction && deps.config.NODE_ENV !== "test");
  const web = opts.webApp ? webAppRoutes(opts.webApp, deps.config, { development, log: deps.log }) : undefined;
  const routes = web ? { ...web.routes, ...pwaRoutes(deps.config), "/api/*": toApi, "/ws/*": toElysia, "/metrics": toElysia } : undefined;
  const headers = securityHeaders(deps.config);
  // The docs UI exists outside production only; its page alone gets the policy that lets Scalar run.
  const docsUi = !deps.config.isProduction;
  const docsHeaders = securityHeaders(deps.config, { csp: docsContentSecurityPolicy() });
  // systemRouter off: Elysia would otherwise hand each API path to Bun's router directly, past "/api/*" and so past
  // the compression of toApi (only paths with a trailing slash or a wildcard reached it).
  const app = new Elysia({ serve: routes ? ({ routes } as never) : undefined, systemRouter: false })
    // Counts Postgres errors and answers nothing, so the errors plugin after it still shapes the response.
    .onError({ as: "global" }, ({ error }) => void recordHandlerError(error))
    .use(errorsPlugin(deps.log))
    .onStop(() => web?.stop())
    .onRequest(({ request, set, server }) => {
      started.set(request, performance.now());
      watchPeer(() => server?.requestIP?.(request)?.address ?? "127.0.0.1");
      const { pathname } = new URL(request.url);
      const docsPage = docsUi && pathname.replace(/\/$/, "") === DOCS_PATH;
      Object.assign(set.headers, docsPage ? docsHeaders : headers);
      // API answers are per user and per moment: no browser or proxy may keep a copy.
      if (pathname.startsWith("/api/")) set.headers["cache-control"] = "no-store";
      const length = Number(request.headers.get("content-length") ?? 0);
      if (length > MAX_BODY_BYTES) {
        set.status = 413;
        return { detail: `Request body too large (limit ${MAX_BODY_BYTES} bytes)`, code: "payload_too_large" };
      }
      // Every API body is JSON. Elysia would parse form fields as JSON and, when validation fails, pretty-print the value
      // into its error: a 60 KB multipart field of "[[[[…" took 3 s and ran out of memory there. Refused before parsing.
      if (FORM_BODY.test(request.headers.get("content-type") ?? "") && pathname.startsWith("/api/")) {
        set.status = 415;
        return { detail: "Unsupported content type: send the body as JSON (application/json)", code: "unsupported_media_type" };
      }
      // Before Elysia parses and validates it: describing a deeply nested value's validation error took seconds.
      if (request.body && pathname.startsWith("/api/")) return refuseDeepJson(request, set);
    })
    .onAfterResponse({ as: "global" }, ({ request, set, path, route }) => {
      if (path.startsWith("/api/")) finished(request, path, route, typeof set.status === "number" ? set.status : 200);
    })
    .use(cors({ origin: deps.config.PUBLIC_ORIGIN, credentials: true }))
    // A steady poll that memory alone can answer gets its answer here, with the headers the hooks above set
    // (lib/conditional.ts). Elysia runs no after-response hook for an answer given here: it is counted on the spot.
    .onRequest(({ request, set }) => {
      const answer = answeredFromMemory(deps, request, set);
      if (!answer) return;
      finished(request, answer.route, answer.route, answer.status);
      set.status = answer.status;
      // Elysia makes the Response from `set` once, as for a route's answer ("" is its own 304's body); a Response
      // returned here would be copied into a second one with the headers merged.
      return answer.body ?? "";
    })
    .use(
      openapi({
        path: DOCS_PATH,
        documentation: { info: { title: "Tradewind API", version: "0.1.0" } },
        // Production keeps the JSON spec (/api/docs/json) and has no UI: the Scalar page would run a CDN script
        // on the session cookie's origin. Elsewhere the UI loads one pinned Scalar release, never @latest.
        provider: docsUi ? "scalar" : null,
        // `url` absolute: the plugin's default ("api/docs/json") resolves against /api/docs to /api/api/docs/json.
        scalar: {
          version: SCALAR_VERSION,
          cdn: SCALAR_BUNDLE_URL,
          url: `${DOCS_PATH}/json`,
          withDefaultFonts: false,
          hideClientButton: true,
        } as never,
      }),
    )
    // Feature modules (one line each).
    .use(healthModule(deps))
    .use(supportModule(deps))
    .use(analysisModule(deps))
    .use(signalExportModule(deps))
    .use(signalsModule(deps))
    .use(resultsModule(deps))
    .use(transactionsModule(deps))
    .use(creditsModule(deps))
    .use(favoritesModule(deps))
    .use(publicModule(deps))
    .use(modelModule(deps))
    .use(authModule(deps))
    .use(userModule(deps))
    .use(preferencesModule(deps))
    .use(sessionsModule(deps))
    .use(mailModule(deps))
    .use(marketModule(deps))
    .use(alertsModule(deps))
    .use(webhooksModule(deps))
    .use(telegramModule(deps))
    .use(metricsModule(deps))
    .use(billingModule(deps))
    // Unknown API paths are JSON 404s, never the SPA's HTML.
    .all("/api/*", ({ request, path, set }) => {
      set.status = 404;
      return { detail: `Not found: ${request.method} ${shortPath(path)}`, code: "not_found" };
    });
  return app;
}

export type App = ReturnType<typeof createApp>;
