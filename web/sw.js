// The static site's service worker: after one visit the site works with the network off.
// scripts/web.sh writes this build's id and its files below. Installing caches every file of
// the build at once (`tabula-<build>`), so a cache is never a mix of two builds; the network is
// asked first, so that a page online always has the files of the build the server has, and
// the cache answers when the network does not. A new build's worker takes over as soon as it
// has cached its files (at the next load) and deletes the caches of the builds before it.
const BUILD = "development";
const FILES = ["./"];
const CACHE = `tabula-${BUILD}`;

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(FILES)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(keys.filter((key) => key.startsWith("tabula-") && key !== CACHE)
        .map((key) => caches.delete(key))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith(
    fetch(request).catch(async () => {
      const cache = await caches.open(CACHE);
      // A module loaded again after a fault asks `?generation=N`: the same file.
      const hit = (await cache.match(request)) || (await cache.match(request, { ignoreSearch: true }));
      return hit || Response.error();
    }),
  );
});
