// The static site's service worker: after one visit the site works with the network off, and a
// page is always one build, never a mix of two. scripts/web.sh writes this build's id and its
// files below.
// - Installing fetches every file of the build past the browser's HTTP cache (an unzipped
//   release keeps old timestamps, so that cache would hand back the last build's files) into
//   one cache, `tabula-<build>`, all or nothing: if a file cannot be had, this worker is not
//   installed and the build before it goes on serving.
// - The build's files are answered from its cache, so a page loads as the build that served it
//   began; the network is asked only for what the build does not hold.
// - The browser looks for a new sw.js at each load (not through its HTTP cache:
//   `updateViaCache: 'none'`). A new build's worker takes over once all its files are in, and
//   deletes the caches of the builds before it; the next load is the new build, whole.
// - Every answer it gives carries the headers of cross-origin isolation (COOP, COEP), which a
//   static host cannot be asked for: a page it serves is `crossOriginIsolated`, and its engines
//   search on every core (the threaded module, engine-worker.js). The first visit, served before
//   this worker controls the page, is not isolated: its engines search with one thread.
const BUILD = "development";
const FILES = ["./"];
const CACHE = `tabula-${BUILD}`;
// The Claustro table's pieces (tables/, written by scripts/web.sh, named by their hash): not
// fetched at install, but kept once a probe has fetched them, so that the Perfect play card
// shows offline what it has seen; a build with other pieces drops them.
const TABLES = "tables-development";

self.addEventListener("install", (event) => {
  const requests = FILES.map((file) => new Request(file, { cache: "reload" }));
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(requests)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(keys
        .filter((key) => (key.startsWith("tabula-") && key !== CACHE) || (key.startsWith("tables-") && key !== TABLES))
        .map((key) => caches.delete(key))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) return;
  if (url.pathname.includes("/tables/")) {
    event.respondWith(piece(request));
    return;
  }
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    // A module loaded again after a fault asks `?generation=N`, and a page `?anything`: the
    // same file.
    const hit = (await cache.match(request)) || (await cache.match(request, { ignoreSearch: true }));
    return isolated(hit || (await fetch(request)));
  })());
});

/** A piece of a table: from the cache of pieces, else fetched and kept there.
 * @param {Request} request */
async function piece(request) {
  const cache = await caches.open(TABLES);
  const hit = await cache.match(request);
  if (hit) return isolated(hit);
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return isolated(response);
}

/** `response` with the headers that make a page cross-origin isolated: no window of another
 * origin shares its browsing context group, and it loads nothing another origin has not agreed
 * to (the site loads nothing from another origin at all).
 * @param {Response} response */
function isolated(response) {
  const headers = new Headers(response.headers);
  headers.set("Cross-Origin-Opener-Policy", "same-origin");
  headers.set("Cross-Origin-Embedder-Policy", "require-corp");
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}
