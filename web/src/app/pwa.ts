// Makes the app installable: links the web app manifest and touch icon served at fixed paths by the server
// (server/src/lib/pwa-files.ts). Added here, not in index.html, because Bun's HTML bundler would try to bundle them.
export function linkWebAppManifest(doc: Document = document) {
  for (const [rel, href] of [
    ["manifest", "/manifest.webmanifest"],
    ["apple-touch-icon", "/icons/icon-192.png"],
  ] as const) {
    if (doc.head.querySelector(`link[rel="${rel}"]`)) continue;
    const link = doc.createElement("link");
    link.rel = rel;
    link.href = href;
    doc.head.append(link);
  }
}
