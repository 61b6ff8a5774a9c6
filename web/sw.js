// Service worker of the Thousand site: the whole site, Pyodide runtime included,
// is precached at install time, so after one visit the game works offline.
//
// This is a template: build.py replaces the block below with the real build
// version and the list of every file in dist/, and writes dist/sw.js.
//
// Versions never mix:
// - each build has its own cache, "thousand-<version>-<build hash>", and the
//   fetch handler only reads the cache of its own build;
// - a new build's worker installs in the background (filling its own cache)
//   and waits; it takes over once no page of the old build is open, i.e. on the
//   next visit, and then deletes the old caches. A page may ask it to take over
//   at once by posting {type: "skip-waiting"} (e.g. after asking the player to
//   reload), and must then reload itself.
// - the runtime and the wheel live under versioned / content-hashed paths.

// @build-begin
const VERSION = "dev";
const PRECACHE = [];
// @build-end

const CACHE = `thousand-${VERSION}`;
const CACHE_PREFIX = "thousand-";
const INDEX = new URL("./index.html", self.registration.scope).href;
const ROOT = new URL("./", self.registration.scope).href;

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    // "no-cache": revalidate with the server so a stale HTTP-cache entry
    // of another build never lands in this build's cache.
    await cache.addAll(PRECACHE.map((path) => new Request(path, { cache: "no-cache" })));
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith(CACHE_PREFIX) && name !== CACHE) {
        await caches.delete(name);
      }
    }
    await self.clients.claim();
  })());
});

self.addEventListener("message", (event) => {
  if (event.data && event.data.type === "skip-waiting") {
    self.skipWaiting();
  }
});

async function fromCache(request, options) {
  const cache = await caches.open(CACHE);
  return cache.match(request, options);
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;

  if (request.mode === "navigate") {
    // Share links are the page with a query string (/?s=...): serve the
    // cached page whatever the query; the page reads location.search itself.
    event.respondWith((async () => {
      const isPage = url.href.split(/[?#]/)[0] === ROOT || url.pathname.endsWith("/index.html");
      const cached = isPage ? await fromCache(INDEX) : await fromCache(request, { ignoreSearch: true });
      if (cached) return cached;
      try {
        return await fetch(request);
      } catch (err) {
        const index = await fromCache(INDEX);
        if (index) return index;
        throw err;
      }
    })());
    return;
  }

  // Everything else: cache first (this build's cache only), then the network.
  event.respondWith((async () => {
    const cached = await fromCache(request);
    return cached || fetch(request);
  })());
});
