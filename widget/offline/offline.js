// Offline use and instant second visits: registers the site's service worker (sw.js at the site's
// root, next to widget/) once the calculator has computed, so that caching its files never competes
// with the first visit. Where no service worker can run (an in-app browser without it, storage
// blocked in a third-party frame, private browsing, a policy), nothing changes: the calculator
// works online as before, and the failure is only logged.

let asked = false;

/** Register the service worker, once per page; never throws, never rejects. */
export function registerOffline() {
  if (asked) return;
  asked = true;
  try {
    const container = navigator.serviceWorker;
    if (!container) throw new Error("this browser has no service workers here");
    // The page is widget/index.html: the worker sits one folder up, and its scope is that folder.
    container.register(new URL("../sw.js", location.href), { scope: new URL("../", location.href).href })
      .catch((err) => console.info("offline use is not available here:", String(err)));
  } catch (err) {
    console.info("offline use is not available here:", String(err)); // a getter that throws (sandbox)
  }
}
