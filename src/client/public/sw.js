/* global self, caches, importScripts */
// Rulekeeper's service worker (docs/decisions/0029-installable-app-and-reminders.md): it keeps
// the app shell of one build so that the app opens from the home screen, even offline, and shows
// notifications for the page. It never touches /api: the traders' data (sessions, screenshots,
// avatars) is private and always comes from the network, never from a cache.

// The build writes the shell's files and a version of them (vite.config.ts): a new build
// changes this import, which makes the browser install the new worker.
importScripts('/sw-precache.js');

var PRECACHE = self.RULEKEEPER_PRECACHE;
var CACHE_PREFIX = 'rulekeeper-shell-';
var CACHE_NAME = CACHE_PREFIX + PRECACHE.version;

function isApi(url) {
  return url.pathname === '/api' || url.pathname.startsWith('/api/');
}

self.addEventListener('install', function (event) {
  event.waitUntil(
    caches
      .open(CACHE_NAME)
      .then(function (cache) {
        // Past the HTTP cache: index.html and the other unhashed files must be this build's.
        return cache.addAll(
          PRECACHE.urls.map(function (url) {
            return new Request(url, { cache: 'no-cache' });
          }),
        );
      })
      .then(function () {
        return self.skipWaiting();
      }),
  );
});

self.addEventListener('activate', function (event) {
  event.waitUntil(
    caches
      .keys()
      .then(function (names) {
        return Promise.all(
          names
            .filter(function (name) {
              return name.startsWith(CACHE_PREFIX) && name !== CACHE_NAME;
            })
            .map(function (name) {
              return caches.delete(name);
            }),
        );
      })
      .then(function () {
        return self.clients.claim();
      }),
  );
});

self.addEventListener('fetch', function (event) {
  var request = event.request;
  if (request.method !== 'GET') return;
  var url = new URL(request.url);
  // Not answered here at all: the browser fetches it from the network as if there were no worker.
  if (url.origin !== self.location.origin || isApi(url)) return;

  if (request.mode === 'navigate') {
    // The network first, so a new build shows at once; the shell when the network is gone.
    event.respondWith(
      fetch(request).catch(function () {
        return caches.open(CACHE_NAME).then(function (cache) {
          return cache.match('/index.html');
        });
      }),
    );
    return;
  }

  // A file of the shell from this build's cache; anything else from the network, uncached.
  event.respondWith(
    caches.open(CACHE_NAME).then(function (cache) {
      return cache.match(request).then(function (cached) {
        return cached || fetch(request);
      });
    }),
  );
});

// A click on a reminder brings the app forward (or opens it).
self.addEventListener('notificationclick', function (event) {
  event.notification.close();
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then(function (windows) {
      for (var i = 0; i < windows.length; i += 1) {
        if ('focus' in windows[i]) return windows[i].focus();
      }
      return self.clients.openWindow('/');
    }),
  );
});
