// The service worker (served at /sw.js, so its scope is the whole site; issue 17, docs/web.md,
// Turn-based play and notifications): shows the "your turn" Web Push the server sends and
// opens that game's table when the notification is clicked. A push carries a title, the
// game's name and the game's path, nothing of its state; every value is checked here too.

const GAME_PATH = /^\/game\/[A-Za-z0-9_-]{1,32}$/;

self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

function text(value, limit, fallback) {
  return typeof value === "string" && value ? value.slice(0, limit) : fallback;
}

self.addEventListener("push", (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch (err) {
    data = {};
  }
  const url = typeof data.url === "string" && GAME_PATH.test(data.url) ? data.url : "/games";
  const tag = text(data.tag, 64, "arbitre");
  const title = text(data.title, 120, "arbitre");
  // the same tag as the page's own notification: the browser shows one, not two
  event.waitUntil(self.registration.showNotification(title, { body: text(data.body, 200, ""), tag, renotify: true, data: { url } }));
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const path = event.notification.data?.url || "/games";
  const url = new URL(path, self.location.origin).href;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
      for (const client of windows) {
        if (client.url.startsWith(url) && "focus" in client) return client.focus();
      }
      return self.clients.openWindow(path);
    })()
  );
});
