// Service worker of the Thousand site: the whole site, Pyodide runtime included,
// is precached at install time, so after one visit the game works offline.
//
// This is a template: build.py replaces the block below with the real build
// version and the list of every file in dist/ with its SHA-256, and writes dist/sw.js.
//
// Versions never mix:
// - each build has its own cache, "thousand-<version>-<build hash>", and the
//   fetch handler only reads the cache of its own build;
// - the install fetches every file with its hash as the request's integrity, and
//   fills the cache only once all of them arrived whole and matching: a site
//   redeployed while a first visit was still downloading makes the install fail
//   (the worker turns redundant, no cache is left, the next visit tries again)
//   instead of storing a mix of two builds;
// - a new build's worker installs in the background (filling its own cache)
//   and waits; it takes over once no page of the old build is open, i.e. on the
//   next visit, and then deletes the old caches. A page may ask it to take over
//   at once by posting {type: "skip-waiting"} (e.g. after asking the player to
//   reload), and must then reload itself.
// - the runtime and the wheel live under versioned / content-hashed paths.

// @build-begin
const VERSION = "dev";
// [path, integrity] of every file: its SHA-256 as "sha256-<base64>", which the install checks.
const PRECACHE = [];
// @build-end

const CACHE = `thousand-${VERSION}`;
const CACHE_PREFIX = "thousand-";
const INDEX = new URL("./index.html", self.registration.scope).href;
const ROOT = new URL("./", self.registration.scope).href;

/** An error about one file of the build, which names it. */
const about = (path, err) => new Error(`${path}: ${err.message}`, { cause: err });

/** Fetch every file of the build, each checked against its hash, then store them all
 * in this build's cache. A file that cannot be fetched or does not match rejects and
 * stops the other downloads; the cache is opened only once every file is here. */
async function precache() {
  const stop = new AbortController();
  const fetched = await Promise.all(PRECACHE.map(async ([path, integrity]) => {
    try {
      // "no-cache": revalidate with the server so a stale HTTP-cache entry
      // of another build never lands in this build's cache.
      const response = await fetch(new Request(path, { cache: "no-cache", integrity, signal: stop.signal }));
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      return [path, response];
    } catch (err) {
      stop.abort();
      throw about(path, err);
    }
  }));
  const cache = await caches.open(CACHE);
  await Promise.all(fetched.map(([path, response]) =>
    cache.put(path, response).catch((err) => { throw about(path, err); })));
}

self.addEventListener("install", (event) => {
  event.waitUntil(precache().catch(async (err) => {
    // A cache that failed half-way would hold part of a build: it goes, and the
    // next visit installs afresh.
    await caches.delete(CACHE);
    console.error(`Thousand: build ${VERSION} was not installed for offline use (${err.message}). `
      + "A file that does not match this build's hash means the site was updated during the download; "
      + "nothing of this build is kept and the next visit tries again.");
    throw err;
  }));
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
