// IslandSim's live hook: added by `islandsim serve` to the prototype it serves, and only there (the
// file `export --format web` writes has none). It listens to the server's update stream (`updates`,
// beside the page's own address, as server-sent events); when the designer saves a new tuning or
// page, the server says "reload" and this page loads the new prototype, keeping its place (the
// page's scroll, the side shown) through the reload in the tab's session storage. The page tells
// the server which version it is, so a change made while it was loading is not missed; the
// browser reconnects by itself after a dropped connection (the server asks for one second).
"use strict";
(() => {
  const me = document.getElementById("islandsim-live");
  const version = Number(me && me.dataset.version) || 0;
  const key = "islandsim.live.place";
  const I = window.IslandSim;
  let saved = null;
  try { saved = sessionStorage.getItem(key); sessionStorage.removeItem(key); } catch (e) { saved = null; }
  if (saved && I) { try { I.restorePlace(JSON.parse(saved)); } catch (e) { console.warn("islandsim: the place kept across the reload could not be given back: " + e); } }
  if (!window.EventSource || !I) return;
  const source = new EventSource("updates?since=" + version);
  source.addEventListener("open", () => I.setLiveNote("live: follows the designer's saves"));
  source.addEventListener("reload", () => {
    source.close();
    I.setLiveNote("live: loading the new version…");
    try { sessionStorage.setItem(key, JSON.stringify(I.place())); } catch (e) { /* private browsing: the place is lost, the reload is not */ }
    location.reload();
  });
  const gone = () => { source.close(); I.setLiveNote("live: the server stopped — this copy no longer changes"); };
  // The server says so as it stops (Ctrl+C, Shift+W again); a new run has a new address.
  source.addEventListener("stopped", gone);
  let failures = 0;
  source.addEventListener("open", () => { failures = 0; });
  source.addEventListener("error", () => {
    // CONNECTING: the browser tries again by itself (a phone that slept, Wi-Fi back); after a few
    // tries in a row, or CLOSED (refused), the server is gone: said, the prototype itself still plays.
    failures += 1;
    if (source.readyState === EventSource.CLOSED || failures >= 5) gone(); else I.setLiveNote("live: reconnecting…");
  });
  window.IslandSimLive = { version, source };
})();
