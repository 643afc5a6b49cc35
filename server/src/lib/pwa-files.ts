// The installable-app files served from web/public at fixed paths: the service worker (/sw.js, scope "/"), the web app
// manifest and its icons. Not bundled: the worker's URL must stay put, and the manifest names the icons by path.
import { join } from "node:path";
import type { Config } from "@core/infra/config";
import { securityHeaders } from "./security-headers";

const PUBLIC_DIR = join(import.meta.dir, "../../../web/public");

/** Path → [file, content type, cache]: the worker and manifest revalidate every time, so an update reaches browsers at once. */
const FILES: Record<string, [string, string, string]> = {
  "/sw.js": ["sw.js", "text/javascript;charset=utf-8", "no-cache"],
  "/manifest.webmanifest": ["manifest.webmanifest", "application/manifest+json", "no-cache"],
  "/icons/icon-192.png": ["icons/icon-192.png", "image/png", "public, max-age=86400"],
  "/icons/icon-512.png": ["icons/icon-512.png", "image/png", "public, max-age=86400"],
  "/icons/icon.svg": ["icons/icon.svg", "image/svg+xml", "public, max-age=86400"],
  // Browsers ask for /favicon.ico on every page whatever the markup says; a PNG there is read by all current ones.
  "/favicon.ico": ["icons/icon-192.png", "image/png", "public, max-age=86400"],
};

/** Bun routes for the files; each answer carries the app's security headers (the worker runs under its own CSP). */
export function pwaRoutes(config: Pick<Config, "isProduction" | "PUBLIC_ORIGIN">): Record<string, (req: Request) => Promise<Response>> {
  const headers = securityHeaders(config);
  return Object.fromEntries(
    Object.entries(FILES).map(([path, [file, type, cache]]) => [
      path,
      async (req: Request) => {
        if (req.method !== "GET" && req.method !== "HEAD")
          return new Response("Method Not Allowed", { status: 405, headers: { ...headers, allow: "GET, HEAD" } });
        const body = Bun.file(join(PUBLIC_DIR, file));
        return new Response(req.method === "HEAD" ? null : body, { headers: { ...headers, "content-type": type, "cache-control": cache } });
      },
    ]),
  );
}
