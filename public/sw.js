// Shopflow's service worker: keeps the scanning pages usable when the shop's network drops (README.md, "Scanning through a Wi-Fi drop").
// - The scanner pages (/qr-scanner, /qr/{id}): network first; when the network fails, the last copy this device
//   saw, so a station that reloads while offline still gets its scanner (scans then wait in IndexedDB).
// - Built assets (/assets/*, content-hashed): from the cache once fetched.
// Nothing else is touched: API calls and every other page always go to the server.
const CACHE = "shopflow-scanner-v1";
const SCANNER_PAGE = /^\/(qr-scanner|qr\/\d+)$/;

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.add("/qr-scanner").catch(() => undefined)));
  self.skipWaiting();
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((k) => k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (url.pathname.startsWith("/assets/")) {
    event.respondWith(
      caches.match(request).then(
        (hit) =>
          hit ||
          fetch(request).then((response) => {
            if (response.ok) {
              const copy = response.clone();
              caches.open(CACHE).then((cache) => cache.put(request, copy));
            }
            return response;
          }),
      ),
    );
    return;
  }
  if (request.mode === "navigate" && SCANNER_PAGE.test(url.pathname)) {
    event.respondWith(
      fetch(request)
        .then((response) => {
          if (response.ok && !response.redirected) {
            const copy = response.clone();
            caches.open(CACHE).then((cache) => cache.put(url.pathname, copy));
          }
          return response;
        })
        .catch(() =>
          caches
            .match(url.pathname)
            .then((hit) => hit || caches.match("/qr-scanner"))
            .then((hit) => hit || Response.error()),
        ),
    );
  }
});
