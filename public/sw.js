/*
 * Service worker (registered from the root route after `load`).
 * - App shell (offline page, icon) precached at install.
 * - Hashed build assets (/assets/*): cache-first; their names change whenever their content does.
 * - Public HTML pages: network-first, a copy kept for offline use; when neither is available, the offline page in
 *   the page's language (its path's first segment: /es/… gets offline-es.html; English offline.html).
 * - Never cached: /admin*, /api/*, non-GET requests, other origins, and responses marked no-store or private.
 */
const VERSION = "v1";
const SHELL_CACHE = `shell-${VERSION}`;
const ASSET_CACHE = `assets-${VERSION}`;
const PAGE_CACHE = `pages-${VERSION}`;
const OFFLINE_URL = "/offline.html";
const OFFLINE_LANGUAGES = ["es", "pt", "fr", "de"];
const OFFLINE_PAGES = OFFLINE_LANGUAGES.map((lang) => `/offline-${lang}.html`);
const SHELL_FILES = [OFFLINE_URL, ...OFFLINE_PAGES, "/favicon.svg"];
const MAX_PAGES = 50;
const MAX_ASSETS = 150;

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(SHELL_CACHE)
      .then((cache) => cache.addAll(SHELL_FILES))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  const keep = new Set([SHELL_CACHE, ASSET_CACHE, PAGE_CACHE]);
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((k) => !keep.has(k)).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

function isPrivatePath(pathname) {
  return pathname === "/admin" || pathname.startsWith("/admin/") || pathname.startsWith("/api/");
}

function isCacheable(response) {
  if (!response || response.status !== 200 || response.type !== "basic" || response.redirected) return false;
  const cacheControl = (response.headers.get("Cache-Control") || "").toLowerCase();
  return !/\b(no-store|private)\b/.test(cacheControl);
}

async function trim(cacheName, max) {
  const cache = await caches.open(cacheName);
  const keys = await cache.keys();
  await Promise.all(keys.slice(0, Math.max(0, keys.length - max)).map((k) => cache.delete(k)));
}

/** Stores a copy of a cacheable answer in the background (the answer itself goes out at once), keeping at most `max`. */
function keepCopy(request, response, cacheName, max) {
  if (!isCacheable(response)) return;
  const copy = response.clone();
  caches
    .open(cacheName)
    .then((cache) => cache.put(request, copy))
    .then(() => trim(cacheName, max))
    .catch(() => {});
}

async function cacheFirst(request) {
  const cached = await caches.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  keepCopy(request, response, ASSET_CACHE, MAX_ASSETS);
  return response;
}

async function networkFirstPage(request) {
  try {
    const response = await fetch(request);
    keepCopy(request, response, PAGE_CACHE, MAX_PAGES);
    return response;
  } catch (err) {
    const cached = await caches.match(request, { cacheName: PAGE_CACHE });
    if (cached) return cached;
    const lang = new URL(request.url).pathname.split("/")[1];
    const offline = await caches.match(OFFLINE_LANGUAGES.includes(lang) ? `/offline-${lang}.html` : OFFLINE_URL);
    if (offline) return offline;
    throw err;
  }
}

self.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || isPrivatePath(url.pathname)) return;

  if (url.pathname.startsWith("/assets/")) {
    event.respondWith(cacheFirst(request));
    return;
  }
  if (SHELL_FILES.includes(url.pathname)) {
    event.respondWith(caches.match(request).then((cached) => cached || fetch(request)));
    return;
  }
  if (request.mode === "navigate") {
    event.respondWith(networkFirstPage(request));
  }
});
