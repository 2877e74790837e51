// Safehouse service worker, written by build.py: precache the files the page loads on
// install, then answer same-origin GETs from that cache, so the page works
// offline after one visit. The cache is named after the build's content hash.
//
// A page runs one build wholly: a new deploy's worker precaches its cache and
// then waits, while the open pages keep the old worker and the old cache.
// The page offers a reload; its message {type: "activate"} makes the waiting
// worker take over, which deletes the old cache, and every open page reloads
// on the change of controller (index.html's last script).
const CACHE = "safehouse-/*BUILD_ID*/";
const PRECACHE = /*PRECACHE*/[];
const ROOT = new URL("./", self.location).href;

self.addEventListener("install", (event) => {
  // "no-cache" revalidates with the server; "reload" would fetch 13 MB twice.
  event.waitUntil(
    caches.open(CACHE)
      .then((cache) => cache.addAll(PRECACHE.map((url) => new Request(url, {cache: "no-cache"}))))
  );
});

self.addEventListener("message", (event) => {
  if (event.data && event.data.type === "activate") self.skipWaiting();
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    const old = (await caches.keys()).filter((key) => key.startsWith("safehouse-") && key !== CACHE);
    await Promise.all(old.map((key) => caches.delete(key)));
    // The first Safehouse worker takes the open page at once, so the first
    // visit is offline-ready (that page runs this very build). A later one
    // takes over when a page asks, or once no page of the old build is open;
    // the pages it takes over reload.
    if (old.length === 0) await self.clients.claim();
  })());
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || !request.url.startsWith(self.location.origin + "/")) {
    return;
  }
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    let hit = await cache.match(request, {ignoreSearch: request.mode === "navigate"});
    if (!hit && request.mode === "navigate") {
      // Any page address with a query string (or an unknown path in scope)
      // opens the app itself.
      hit = await cache.match(ROOT, {ignoreSearch: true});
    }
    return hit || fetch(request);
  })());
});
