/**
 * Installs public/sw.js, which keeps the app shell for the home-screen app and shows reminders
 * (docs/decisions/0029). Only a production build has the worker's file list; in development
 * Vite serves modules that change on every edit, so no worker is registered there.
 */
export function registerServiceWorker() {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  window.addEventListener('load', () => {
    // The worker and its file list are always checked with the server, never the HTTP cache.
    navigator.serviceWorker.register('/sw.js', { updateViaCache: 'none' }).catch(() => {
      // Without a worker the app still runs, online, and reminders use `new Notification`.
    });
  });
}
