// Tradewind's service worker: shows a Web Push alert as a notification and, on click, focuses an open tab of the app
// (or opens one) on the alert's page. It caches nothing: the app is always fetched fresh.
self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

self.addEventListener("push", (event) => {
  let alert = {};
  try {
    alert = event.data ? event.data.json() : {};
  } catch {
    alert = { body: event.data ? event.data.text() : "" };
  }
  const title = alert.title || "Tradewind alert";
  event.waitUntil(
    self.registration.showNotification(title, {
      body: alert.body || "",
      tag: alert.tag || undefined,
      icon: "/icons/icon-192.png",
      badge: "/icons/icon-192.png",
      data: { url: alert.url || "/dashboard" },
    }),
  );
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const target = new URL(event.notification.data?.url || "/dashboard", self.location.origin).href;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
      const same = windows.find((w) => new URL(w.url).origin === self.location.origin);
      if (same) {
        await same.focus();
        if (same.url !== target && "navigate" in same) await same.navigate(target);
        return;
      }
      await self.clients.openWindow(target);
    })(),
  );
});
