/* global document, matchMedia */
// Paints the first frame in the right theme: a classic script loaded from <head>, so it runs
// before the body is drawn (the CSP allows no inline script). It reads the copy of the user's
// theme that src/client/lib/theme.ts keeps in this browser, or asks the device; the app takes
// over once the server has said which theme the user chose. Keep it in step with theme.ts
// (src/client/lib/theme.test.ts checks it).
(function () {
  var theme = 'system';
  try {
    theme = localStorage.getItem('rulekeeper.theme') || 'system';
  } catch {
    // Storage unavailable (private mode): follow the device.
  }
  var dark =
    theme === 'dark' || (theme !== 'light' && matchMedia('(prefers-color-scheme: dark)').matches);
  document.documentElement.classList.toggle('dark', dark);
  var meta = document.querySelector('meta[name="theme-color"]');
  if (meta) meta.setAttribute('content', dark ? '#020618' : '#047857');
})();
