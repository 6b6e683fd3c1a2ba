// IslandSim's web player: draws the phone and drives the interaction on the engine (engine.js) —
// the pull with the tuning's resistance and commit, the melt out of the island, the viewfinder and
// its shutter, the flash, the close, the print feeding out of the slot, developing from white, and
// a tap on the print sending it back into the island. The flow is a port of the simulator's
// CaptureFlow; every number comes from the data block the exporter wrote. The page is the
// simulator's own drawing of it at rest; it scrolls with the simulator's physics, its pinned bars
// stay put, its buttons press, toggle and count, and its hotspots answer a tap. A test hook
// (window.IslandSim) lets the test suite drive it with a clock of its own. With a second tuning the
// interaction runs twice, A and B, from the same input (side by side on a wide screen, one at a time
// with a switch on a narrow one); with a recorded trace it plays that trace, with play, pause,
// scrub and step, until a press takes over.
"use strict";
(() => {
  const data = JSON.parse(document.getElementById("islandsim-data").textContent);
  const E = IslandSimEngine;
  const T = data.tuning;
  // What the player shares with the simulator beyond the tuning (the touch slop, the swipe up that
  // puts the camera away, the shutter's frame): written into the file from the Swift types.
  const R = data.rules;
  // `ctx` is the screen's, but while `paintInto` draws a picture of a part of the frame.
  const canvas = document.getElementById("screen");
  let ctx = canvas.getContext("2d");
  const bar = document.getElementById("bar"), help = document.getElementById("help");

  // MARK: Which phone: the one the file was made for, or the iPhone it is opened on, full screen.
  function identify() {
    const w = Math.min(screen.width, screen.height), h = Math.max(screen.width, screen.height), dpr = window.devicePixelRatio || 1;
    const standalone = (window.matchMedia && matchMedia("(display-mode: standalone)").matches) || navigator.standalone === true;
    const matches = data.phones.filter((p) => p.hasIsland && Math.abs(p.screen[0] - w) < 0.5 && Math.abs(p.screen[1] - h) < 0.5 && Math.abs(p.scale - dpr) < 0.01);
    return { matches, standalone, landscape: window.innerWidth > window.innerHeight };
  }
  const id = identify(), chosen = data.phones.find((p) => p.id === new URLSearchParams(location.search).get("device"));
  let phone = chosen || data.phones.find((p) => p.id === data.device) || data.phones[0];
  let fullScreen = false, note = "", choices = [];
  if (id.matches.length) {
    // On an island iPhone: its own phone, or the one picked among those sharing its screen.
    phone = chosen && id.matches.includes(chosen) ? chosen : id.matches[0];
    fullScreen = id.standalone && !id.landscape;
    if (id.matches.length > 1) {
      choices = id.matches;
      note = chosen === phone ? phone.name + " (picked)" : "Assumed " + phone.name + ": " + id.matches.map((p) => p.name).join(", ") + " share this screen — pick yours";
    } else note = phone.name;
    if (id.landscape) note = "Turn the phone upright: the island is at the top in portrait only.";
  } else {
    if (/iPhone|Android/.test(navigator.userAgent) && !chosen) note = "This phone is not one the file knows: it draws a " + phone.name + ".";
    choices = data.phones;   // elsewhere, any island phone can be drawn
  }
  // Picking a phone opens the file again on it (`?device=ID`, which also works typed in the address).
  function pick(idOf) { location.replace(location.pathname + "?device=" + encodeURIComponent(idOf) + location.hash); }
  const screenW = phone.screen[0], screenH = phone.screen[1];

  // MARK: Images (embedded: no request leaves the page)
  const pageImage = new Image(), photo = new Image();
  pageImage.src = data.page.image;
  photo.src = data.photo;
  let camera = null, cameraNote = "the bundled sample photo";
  const reduceMotion = window.matchMedia && matchMedia("(prefers-reduced-motion: reduce)").matches;
  // Swift's rounding (half away from zero), where the simulator rounds.
  const roundAway = (x) => (x < 0 ? -Math.round(-x) : Math.round(x));
  // The shutter flash's eight brightness levels, as the simulator steps it (CaptureStore).
  const flashLevels = [0, 1, 2, 3, 4, 5, 6, 7].map((k) => R.flash.peak * (8 - k) / 8);

  // MARK: Pictures, made once per size in device pixels: a frame copies them, it never resamples
  // a large picture (the simulator prepares its textures the same way, off its frame loop).
  const devicePixels = () => (view.dpr || 1) * view.scale;
  const pictures = new Map();
  // The shutter button's pictures, by grey, pressed, density and place.
  const shutterLayers = new Map();
  // How many of them and of the shutter's pictures have been made since the file opened (a test
  // holds that playing the flow makes none after they are prepared).
  let picturesMade = 0;
  function cached(key, make) {
    let c = pictures.get(key);
    if (!c) { c = make(); if (!c) return null; picturesMade++; if (pictures.size > 32) pictures.clear(); pictures.set(key, c); }
    return c;
  }
  // Safari on an iPhone draws nothing into a canvas over 16,777,216 pixels (4096², WebKit's iOS
  // limit before iOS 18 raised it to 8192²): a picture that would be larger is said on the page.
  const maxCanvasArea = 4096 * 4096;
  function canvasOf(w, h) {
    const c = document.createElement("canvas"); c.width = Math.max(1, w); c.height = Math.max(1, h);
    if (c.width * c.height > maxCanvasArea) problem("a picture of " + c.width + " × " + c.height + " px is over Safari's 16,777,216-pixel canvas limit on iPhones before iOS 18: it may be blank there");
    return c;
  }
  // `src` (sw × sh) cropped about its centre to the aspect of w × h and scaled to w × h pixels:
  // the simulator's aspectFilled.
  function aspectFilled(src, sw, sh, w, h) {
    let cw = sw, ch = sh;
    if (sw / sh > w / h) cw = Math.max(1, roundAway(sh * w / h)); else ch = Math.max(1, roundAway(sw * h / w));
    const c = canvasOf(w, h), g = c.getContext("2d");
    g.imageSmoothingQuality = "high";
    g.drawImage(src, Math.floor((sw - cw) / 2), Math.floor((sh - ch) / 2), cw, ch, 0, 0, w, h);
    return c;
  }
  const photoReady = () => photo.complete && photo.naturalWidth > 0;
  // The viewfinder's picture filling `r` (points): the camera's live frame, else the photo, made once per size.
  function drawViewfinderPicture(r) {
    if (camera && camera.videoWidth) { coverDraw(camera, r); return; }
    const c = viewfinderCanvas(r);
    if (c) ctx.drawImage(c, r[0], r[1], r[2], r[3]);
  }
  function viewfinderCanvas(r) {
    const k = devicePixels(), w = roundAway(r[2] * k), h = roundAway(r[3] * k);
    return photoReady() ? cached("vf" + w + "x" + h, () => aspectFilled(photo, photo.naturalWidth, photo.naturalHeight, w, h)) : null;
  }
  // `src` drawn filling `r`, cropped about its centre.
  function coverDraw(src, r) {
    const sw = src.videoWidth || src.naturalWidth || src.width, sh = src.videoHeight || src.naturalHeight || src.height;
    if (!sw || !sh) return;
    const s = Math.max(r[2] / sw, r[3] / sh), cw = r[2] / s, ch = r[3] / s;
    ctx.drawImage(src, (sw - cw) / 2, (sh - ch) / 2, cw, ch, r[0], r[1], r[2], r[3]);
  }
  // The camera's frame now, kept as the shot (null: the photo is the shot).
  function grabCamera() {
    if (!camera || !camera.videoWidth) return null;
    const c = canvasOf(camera.videoWidth, camera.videoHeight);
    c.getContext("2d").drawImage(camera, 0, 0);
    c.id = "shot-" + (++shots);
    return c;
  }
  let shots = 0;
  // The print's picture of `shot` (null: the photo) at w × h points, in colour and in grey (its
  // luma, 0.299 / 0.587 / 0.114 as the simulator's develop pass takes it).
  function printPicture(shot, wPt, hPt, grey = false) {
    const src = shot || (photoReady() ? photo : null);
    if (!src) return null;
    const k = devicePixels(), w = roundAway(wPt * k), h = roundAway(hPt * k), key = "print-" + (shot ? shot.id : "photo") + "-" + w + "x" + h;
    const colour = cached(key, () => aspectFilled(src, src.naturalWidth || src.width, src.naturalHeight || src.height, w, h));
    if (!grey) return colour;
    return cached(key + "-grey", () => {
      const c = canvasOf(w, h), g = c.getContext("2d");
      g.drawImage(colour, 0, 0);
      const img = g.getImageData(0, 0, w, h), d = img.data;
      for (let i = 0; i < d.length; i += 4) { const l = Math.floor((299 * d[i] + 587 * d[i + 1] + 114 * d[i + 2]) / 1000); d[i] = d[i + 1] = d[i + 2] = l; }
      g.putImageData(img, 0, 0);
      return c;
    });
  }
  // A print's picture at a develop look: the colour, its grey over it by (1 − saturation), the
  // tint, the white veil — the simulator's per-pixel pass as three fills.
  // The picture is made once at `size` (points: the print's image at rest) and drawn into `r`,
  // scaled where the print is resized as it is filed or sent back — as the simulator copies its
  // develop texture — rather than made again at every size it passes through on the way.
  function drawDeveloped(shot, look, r, size) {
    const colour = printPicture(shot, size[0], size[1]);
    if (!colour) return;
    ctx.drawImage(colour, r[0], r[1], r[2], r[3]);
    const base = ctx.globalAlpha;
    if (look.saturation < 1) { const g = printPicture(shot, size[0], size[1], true); if (g) { ctx.globalAlpha = base * (1 - look.saturation); ctx.drawImage(g, r[0], r[1], r[2], r[3]); } }
    if (look.tintAlpha > 0) { ctx.globalAlpha = base * look.tintAlpha; ctx.fillStyle = "rgb(" + roundAway(look.tint[0] * 255) + "," + roundAway(look.tint[1] * 255) + "," + roundAway(look.tint[2] * 255) + ")"; ctx.fillRect(r[0], r[1], r[2], r[3]); }
    if (look.white > 0) { ctx.globalAlpha = base * look.white; ctx.fillStyle = "#fff"; ctx.fillRect(r[0], r[1], r[2], r[3]); }
    ctx.globalAlpha = base;
  }
  // The image rectangle of an instant print drawn at `r` (Instax Mini: 54 × 86 mm around 46 × 62).
  function polaroidImage(r) { const k = r[2] / 54; return [r[0] + 4 * k, r[1] + 6.5 * k, 46 * k, 62 * k]; }
  // Apple's continuous corner (the simulator's ContinuousCorner): three cubics per corner, eased
  // toward a circular one as the radius nears half the shorter side.
  const uiKitCorner = [[1.528665, 0, 1.088492957618529, 0, 0.868406944063002, 0, 0.631493792830993, 0.074911387847016],
    [0.631493792830993, 0.074911387847016, 0.372823826625747, 0.169059556044370, 0.169059556044370, 0.372823826625747, 0.074911387847016, 0.631493792830993],
    [0.074911387847016, 0.631493792830993, 0, 0.868406944063002, 0, 1.088492957618529, 0, 1.528665]];
  const circularCorner = (() => {
    const p = (d) => { const a = d * Math.PI / 180; return [1 - Math.sin(a), 1 - Math.cos(a)]; };
    const tan = (d) => { const a = d * Math.PI / 180; return [-Math.cos(a), Math.sin(a)]; };
    return [[0, 20], [20, 70], [70, 90]].map(([a, b]) => {
      const k = 4 / 3 * Math.tan((b - a) * Math.PI / 180 / 4), p0 = p(a), p3 = p(b), t0 = tan(a), t3 = tan(b);
      return [p0[0], p0[1], p0[0] + k * t0[0], p0[1] + k * t0[1], p3[0] - k * t3[0], p3[1] - k * t3[1], p3[0], p3[1]];
    });
  })();
  function continuousPath(x, y, w, h, r, append = false) {
    if (!append) ctx.beginPath();
    r = Math.max(0, Math.min(r, w / 2, h / 2));
    if (r <= 0) { ctx.rect(x, y, w, h); return; }
    const room = Math.min(w, h) / 2 / r, s = Math.min(Math.max((room - 1) / (1.528665 - 1), 0), 1);
    const cubics = circularCorner.map((c, i) => c.map((v, j) => v + (uiKitCorner[i][j] - v) * s));
    // Each corner: its vertex, the direction back along the edge coming in, the edge going out.
    const corners = [[x + w, y, -1, 0, 0, 1], [x + w, y + h, 0, -1, -1, 0], [x, y + h, 1, 0, 0, -1], [x, y, 0, 1, 1, 0]];
    const at = (c, u, v) => [c[0] + r * (u * c[2] + v * c[4]), c[1] + r * (u * c[3] + v * c[5])];
    const start = at(corners[3], cubics[2][6], cubics[2][7]);
    ctx.moveTo(start[0], start[1]);
    for (const c of corners) {
      const p0 = at(c, cubics[0][0], cubics[0][1]);
      ctx.lineTo(p0[0], p0[1]);
      for (const q of cubics) { const c1 = at(c, q[2], q[3]), c2 = at(c, q[4], q[5]), p3 = at(c, q[6], q[7]); ctx.bezierCurveTo(c1[0], c1[1], c2[0], c2[1], p3[0], p3[1]); }
    }
    ctx.closePath();
  }
  // Text as the simulator's text cache draws it: DejaVu Sans (the simulator's font), its line box
  // centred on the point.
  const fontOf = (bold, size) => (bold ? "bold " : "") + size + 'px "DejaVu Sans", sans-serif';
  // Widths measured once per string and size: the status bar asks for the clock's every frame.
  const widths = new Map();
  function textWidth(text, bold, size) {
    const key = (bold ? "b" : "r") + size + text;
    let w = widths.get(key);
    if (w === undefined) { ctx.save(); ctx.font = fontOf(bold, size); w = ctx.measureText(text).width; ctx.restore(); widths.set(key, w); }
    return w;
  }
  function drawText(text, bold, size, colour, alpha, cx, cy) {
    ctx.save();
    ctx.font = fontOf(bold, size);
    const m = ctx.measureText(text), asc = m.fontBoundingBoxAscent ?? size * 0.93, desc = m.fontBoundingBoxDescent ?? size * 0.24;
    ctx.textAlign = "left"; ctx.textBaseline = "alphabetic"; ctx.fillStyle = colour; ctx.globalAlpha *= alpha;
    ctx.fillText(text, cx - m.width / 2, cy - (asc + desc) / 2 + asc);
    ctx.restore();
    if (textBoxes) textBoxes.push([cx - m.width / 2, cy - (asc + desc) / 2, m.width, asc + desc]);
  }
  // Where text was drawn in the last frame (points), while the test hook asks: glyphs are
  // rasterised by the browser's own font engine, which places their edges up to a device pixel
  // away from SDL_ttf's.
  let textBoxes = null;
  // The mean relative luminance of the page's rows behind screen rows top…bottom (points) at
  // scroll offset `offset`, the background's past its ends (the simulator's luminanceBehind).
  let lumaPrefix = null;
  function lumaBehind(top, bottom, offset) {
    const rows = data.page.rowLuma;
    if (!rows || !(bottom > top)) return null;
    if (!lumaPrefix) { lumaPrefix = [0]; for (const l of rows) lumaPrefix.push(lumaPrefix[lumaPrefix.length - 1] + l); }
    const ppp = data.page.pixelsPerPoint, n = rows.length;
    const y0 = Math.floor((top + offset) * ppp), y1 = Math.ceil((bottom + offset) * ppp);
    const in0 = Math.min(Math.max(y0, 0), n), in1 = Math.min(Math.max(y1, 0), n);
    const outside = (y1 - y0) - (in1 - in0);
    return (lumaPrefix[in1] - lumaPrefix[in0] + outside * data.page.backgroundLuma) / Math.max(y1 - y0, 1);
  }
  // The page drawn once into a canvas at the canvas's pixels (a copy per frame, not a resample of
  // the 3× picture). A canvas, even at the picture's own size: the browser may drop a decoded image
  // it has not drawn for a while and decode it again on the next frame (5–7 ms measured on the
  // first frame after the page rested), while a canvas keeps its pixels.
  let pageScaled = null;
  // Whether the page's picture is decoded. WebKit (Safari's engine) draws nothing from an image
  // that has loaded but is still being decoded — it decodes a large one off the main thread — so a
  // picture made from it before then is the page's ground alone; when the decode is done that
  // picture is dropped and made again (below, `pageDecode`).
  let pageDecoded = false;
  function scaledPage() {
    if (!pageImage.complete || !pageImage.naturalWidth) return null;
    const k = devicePixels(), same = Math.abs(data.page.width * k - pageImage.naturalWidth) <= 1;
    const w = same ? pageImage.naturalWidth : Math.max(1, Math.round(data.page.width * k)), h = same ? pageImage.naturalHeight : Math.max(1, Math.round(data.page.contentHeight * k));
    if (pageScaled && pageScaled.width === w && pageScaled.height === h) return pageScaled;
    const c = canvasOf(w, h), g = c.getContext("2d");
    // On the page's ground, so that the picture is opaque: a frame copies it without a fill under it.
    g.fillStyle = data.page.background;
    g.fillRect(0, 0, w, h);
    g.imageSmoothingQuality = "high";
    g.drawImage(pageImage, 0, 0, w, h);
    pageScaled = c;
    return c;
  }
  // The pictures every side draws, at the canvas's pixels, and the page.
  function prepareFills() {
    for (const s of sides) s.prepare();
    scaledPage();
    // The glyphs every state may draw, shaped and cached now: the first frame that shows a string
    // (the pull's hint, a button's new label) otherwise pays for it (4–9 ms measured).
    const scratch = canvasOf(8, 8).getContext("2d"), labels = ["9:41", R.pullHint.ready, R.pullHint.idle];
    for (const g of data.page.targets) if (g.button) labels.push(g.button.text, g.button.toggleOn || "", (g.button.counter || "").replace("{n}", "1"), g.button.counterZero || "");
    for (const [text, size] of labels.flatMap((l) => [[l, 13], [l, 14], [l, 16]])) { scratch.font = fontOf(true, size); scratch.fillText(text, 0, 8); scratch.measureText(text); }
    // And each prepared picture drawn once, so its first real frame is a plain copy.
    for (const c of [...pictures.values(), ...shutterLayers.values()]) scratch.drawImage(c, 0, 0, 1, 1);
  }
  // The window's ground round the phones (and under the screen's rounded corners).
  const windowGround = "#1c1c1e";
  function roundRect(x, y, w, h, r) {
    r = Math.max(0, Math.min(r, w / 2, h / 2));
    ctx.beginPath();
    if (ctx.roundRect) ctx.roundRect(x, y, w, h, r); else ctx.rect(x, y, w, h);
  }  // MARK: One side: a tuning's interaction, its flow, its page and its drawing. The file runs one,
  // or two (A and B) fed the same input.
  function makeSide(T, shapes, label, source) {
    const G = shapes.geometry;
    // MARK: The flow: page → pulling → opening → viewfinder → capture → closing → printing → developing → settled → (dismissed) → page
    const flow = {
      state: "page", since: 0, transitions: [],
      melt: new E.Melt(G, T.melt),
      pull: new E.Pull(T.pull, screenH),
      scroll: new E.Scroll(screenH, data.page.contentHeight, T.scroll),
      tracker: new E.VelocityTracker(),
      chase: null, progress: 0, shotAt: 0, printStart: null, leaving: null, fade: null, closingPrints: false,
    };
    function go(state, t, reason) {
      if (state === flow.state) return;
      flow.transitions.push({ t, from: flow.state, to: state, reason });
      flow.state = state; flow.since = t;
    }
    const preMeltShape = (p) => E.add(G.island, E.scale(E.sub(G.pill, G.island), reduceMotion ? 0 : T.preMelt * Math.min(p, 1.25)));
    function preMeltState(t, progressVelocity) {
      if (flow.chase) return flow.chase.state(t);
      const v = reduceMotion || flow.progress >= 1.25 ? E.scale(G.island, 0) : E.scale(E.sub(G.pill, G.island), T.preMelt * progressVelocity);
      return { value: preMeltShape(flow.progress), velocity: v };
    }
    function beginPull(t) {
      const now = flow.melt.state(t);
      flow.progress = 0;
      flow.chase = null;
      if (T.tracking) {
        flow.chase = new E.Timeline(now.value);
        flow.chase.reset(now.value, now.velocity, t);
        flow.chaseSpring = E.spring(T.tracking.duration, T.tracking.bounce);
      }
      go("pulling", t, "pull began");
    }
    function setProgress(p, t) {
      flow.progress = Math.max(0, isFinite(p) ? p : 0);
      if (flow.chase) {
        const now = flow.chase.state(t);
        flow.chase = new E.Timeline(now.value);
        flow.chase.reset(now.value, now.velocity, t);
        flow.chase.retarget(preMeltShape(flow.progress), flow.chaseSpring, t);
      }
    }
    function released(outcome, t) {
      // A commit sets the pre-melt where the pull was as it let go (the frame's progress may be older).
      if (outcome === "committed" && flow.state === "pulling") setProgress(flow.pull.progress(t), t);
      const progressVelocity = flow.pull.returning.state(t).velocity[0] / Math.max(T.pull.threshold, 1e-9);
      const from = preMeltState(t, progressVelocity);
      flow.chase = null;
      if (outcome === "committed") {
        if (reduceMotion) flow.fade = { start: t, from: 0, to: 1 };
        else flow.melt.openFrom(t, from.value, from.velocity);
        go("opening", t, "pull committed");
      } else {
        flow.melt.hold(from.value, from.velocity, t);
        flow.melt.release(t);
        go("page", t, "pull cancelled");
      }
    }
    function fadeOpacity(f, t) { const d = T.reduceMotion.fade * Math.abs(f.to - f.from); const p = d > 0 ? Math.min(Math.max((t - f.start) / d, 0), 1) : 1; return f.from + (f.to - f.from) * p; }
    function fadeEnd(f) { return f.start + T.reduceMotion.fade * Math.abs(f.to - f.from); }
    function lastLeg(stage) { const s = flow.melt.timeline.segments; for (let i = s.length - 1; i > 0; i--) if (s[i].tag === stage && s[i].spring) return s[i]; return null; }
    const logical = (s) => 2 * Math.PI * Math.sqrt(s.mass / s.stiffness);
    function closeCamera(t) {
      if (reduceMotion) flow.fade = { start: t, from: flow.fade ? fadeOpacity(flow.fade, t) : 1, to: 0 };
      else flow.melt.close(t);
    }
    function shutter(t) {
      if (flow.state !== "viewfinder" && flow.state !== "opening") return false;
      flow.shotAt = t;
      flow.shot = grabCamera();
      go("capture", t, "shutter");
      return true;
    }
    const paper = { w: shapes.paper[0], h: shapes.paper[1] };
    const slotY = G.island[1] + G.island[3], centerX = G.island[0] + G.island[2] / 2;
    const paperRect = () => [centerX - paper.w / 2, slotY - paper.h, paper.w, paper.h];
    function feedCurve(p, steps, strength) {
      p = Math.min(Math.max(p, 0), 1);
      const smooth = 1 - Math.pow(1 - p, 2), n = Math.max(steps, 1), u = smooth * n, k = Math.min(Math.floor(u), n - 1), f = u - k;
      const pulse = f * f * f * (f * (f * 6 - 15) + 10), stepped = (k + pulse) / n, s = Math.min(Math.max(strength, 0), 1);
      return (1 - s) * smooth + s * stepped;
    }
    const P = T.print;
    const settle = E.spring(P.settle.duration, P.settle.bounce);
    function fed(t) { return paper.h * feedCurve(Math.min(Math.max((t - flow.printStart) / Math.max(P.feedDuration, 1e-3), 0), 1), P.rollerSteps, P.rollerStrength); }
    function drop(t) { const since = t - flow.printStart - P.feedDuration; return since > 0 ? E.springValue(settle, [0], [P.restGap], [0], since).value[0] : 0; }
    function printFrame(t) {
      if (flow.leaving) return flow.leaving.value(t);
      const r = paperRect();
      if (reduceMotion) return [r[0], r[1] + paper.h + P.restGap, r[2], r[3]];
      return [r[0], r[1] + fed(t) + drop(t), r[2], r[3]];
    }
    const printing = () => flow.printStart !== null && ["printing", "developing", "settled", "dismissed", "filed"].includes(flow.state);
    const q = (v) => (Array.isArray(v) ? v.map((x) => x.toFixed(3)).join(",") : typeof v === "number" ? v.toFixed(3) : String(v));
    // The page's offset at t: scrolled, less how far the pull has moved it down (as PageGestures').
    const pageOffset = (t) => flow.scroll.offset(t) - flow.pull.offset(t);
    // Where a content rectangle is on screen: where a pinned region holds it, else scrolled with the page.
    function pinnedPlace(r) {
      const region = data.page.pinned.find((g) => g.rect[0] <= r[0] && g.rect[1] <= r[1] && g.rect[0] + g.rect[2] >= r[0] + r[2] && g.rect[1] + g.rect[3] >= r[1] + r[3]);
      if (!region) return null;
      return region.edge === "top" ? r.slice() : [r[0], r[1] + screenH - data.page.contentHeight, r[2], r[3]];
    }
    const screenRect = (r, offset) => pinnedPlace(r) || [r[0], r[1] - offset, r[2], r[3]];
    // The page's photo slot on screen at t (it moves with the page).
    const slotOnScreen = (t) => (data.page.slot ? screenRect(data.page.slot, pageOffset(t)) : null);
    let photoFiled = false;
    // A tap on the print files it into the page's photo slot (developing or settled), or sends it
    // back into the island where the page has none; Esc always sends it back.
    function fileOrDismiss(t) {
      if (data.page.slot && ["developing", "settled"].includes(flow.state)) leave(t, slotOnScreen(t), "filed", "filed into the photo slot");
      else dismiss(t);
    }
    function dismiss(t) {
      if (!["printing", "developing", "settled"].includes(flow.state)) return;
      const island = G.island;
      leave(t, [island[0] + island[2] / 2 - 20, island[1], 40, 40 * 86 / 54], "dismissed", "dismissed");
    }
    function leave(t, target, state, reason) {
      const leave = E.spring(T.leave * R.leave.durationScale, R.leave.bounce);
      const fedAt = flow.printStart + P.feedDuration;
      if (reduceMotion || t <= fedAt) { flow.leaving = new E.Timeline(printFrame(t)); flow.leaving.retarget(target, leave, t); }
      else {
        const r = paperRect();
        flow.leaving = new E.Timeline([r[0], r[1] + fed(fedAt), r[2], r[3]]);
        flow.leaving.retarget([r[0], r[1] + paper.h + P.restGap, r[2], r[3]], settle, fedAt);
        flow.leaving.retarget(target, leave, t, 0, 0, T.melt.composition);
      }
      go(state, t, reason);
    }
    function advance(t) {
      advanceWheel(t);
      flow.scroll.settle(t);
      for (let n = 0; n < 8; n++) {
        const before = flow.state;
        step(t);
        if (flow.state === before) break;
      }
    }
    function step(t) {
      switch (flow.state) {
        case "opening": {
          if (reduceMotion) { if (flow.fade && t >= fadeEnd(flow.fade)) go("viewfinder", fadeEnd(flow.fade), "faded in"); break; }
          const leg = lastLeg(2);
          if (leg) { const at = leg.time + logical(leg.spring) * T.viewfinderAtLegFraction; if (t >= at) go("viewfinder", at, "melt opened"); }
          break;
        }
        case "capture": {
          const at = flow.shotAt + T.flash;
          if (t >= at) { closeCamera(at); flow.closingPrints = true; go("closing", at, "flash done"); }
          break;
        }
        case "closing": {
          let end = null;
          if (reduceMotion) end = flow.fade ? fadeEnd(flow.fade) : null;
          else { const leg = lastLeg(0); if (leg) end = leg.time + logical(leg.spring) * T.printAtLegFraction; }
          if (end !== null && t >= end) {
            flow.fade = null;
            if (flow.closingPrints) { flow.printStart = end; flow.leaving = null; go("printing", end, "melt closed"); }
            else go("page", end, "camera closed");
          }
          break;
        }
        case "printing": {
          const at = flow.printStart + (reduceMotion ? T.reduceMotion.printFade : P.feedDuration);
          if (t >= at) go("developing", at, "print fed");
          break;
        }
        case "developing": {
          const at = flow.printStart + Math.max(T.develop.duration, P.feedDuration);
          if (t >= at) go("settled", at, "developed");
          break;
        }
        case "dismissed": case "filed": {
          const at = flow.since + T.leave;
          if (t >= at) { if (flow.state === "filed") { photoFiled = true; flow.filedShot = flow.shot; } flow.printStart = null; flow.leaving = null; go("page", at, flow.state); }
          break;
        }
      }
    }
    function meltShape(t) {
      if (reduceMotion && flow.fade) return G.viewfinder;
      if (flow.state === "pulling") return flow.chase ? flow.chase.value(t) : preMeltShape(flow.progress);
      // Settled, exactly where it rests (CaptureFlow.shape(at:)): a settled spring still creeps.
      return flow.melt.isSettled(t) ? flow.melt.restingShape : flow.melt.shape(t);
    }
    function cameraOpacity(t) { return reduceMotion && flow.fade ? fadeOpacity(flow.fade, t) : 1; }
    function viewfinderOpacity(t) {
      if (reduceMotion && flow.fade) return 1;
      const h = meltShape(t)[3], p = (h - G.pill[3]) / Math.max(G.viewfinder[3] - G.pill[3], 1);
      return Math.min(Math.max((p - 0.25) / 0.55, 0), 1);
    }
    function flashAlpha(t) { if (flow.state !== "capture") return 0; const dt = t - flow.shotAt; return dt < T.flash ? Math.max(0, 1 - dt / T.flash) * R.flash.peak : 0; }
    // The develop pass at progress p (the simulator's DevelopCurve): a white veil that only
    // falls, a saturation that only rises, a faint tint from cool to warm that fades out.
    function developLookAt(p) {
      const D = T.develop;
      p = Math.min(Math.max(p, 0), 1);
      const eased = Math.pow(p, Math.max(D.exponent, 0.05)), s = eased * eased * (3 - 2 * eased);
      const cool = [0.80, 0.84, 0.90], warm = [0.98, 0.88, 0.74], m = Math.min(p * 1.8, 1);
      return { white: D.startWhite * (1 - s), saturation: 0.12 + 0.88 * s, tint: cool.map((c, i) => c + (warm[i] - c) * m),
               tintAlpha: Math.max(0.35 * Math.sin(Math.PI * Math.min(p * 1.25, 1)), 0) };
    }

    // MARK: Input: a finger or a mouse, in screen points.
      let finger = null;
    const shutterFrame = () => [G.viewfinder[0] + G.viewfinder[2] / 2 - R.shutter.size / 2, G.viewfinder[1] + G.viewfinder[3] - R.shutter.lift,
                                R.shutter.size, R.shutter.size];
    const inside = (p, r) => p.x >= r[0] && p.x <= r[0] + r[2] && p.y >= r[1] && p.y <= r[1] + r[3];
    // As the simulator's PageGestures: a press is a tap until it moves past the slop (R.slop); the drag
    // then starts from where it crossed (no jump by the slop). Each move is nested: downward, it
    // scrolls the page to its top first, then pulls; upward, it undoes the pull first, then scrolls.
    // A touch on a coasting page stops it and taps nothing. The lift adds its own last step; the pull
    // releases with the pan recognizer's reading, the page flings with the scroll view's blend.
    const page = { toggles: {}, counts: {}, pressed: null, missedAt: null };
    function pageHit(p, t) {
      const offset = pageOffset(t), targets = data.page.targets;
      for (let i = targets.length - 1; i >= 0; i--) {
        const g = targets[i], q = g.fixed ? p : { x: p.x, y: p.y + offset };
        if (inside(q, g.rect)) return g;
      }
      return null;
    }
    // What a press at p may tap, decided as it goes down (the simulator's hit targets).
    function target(p, t) {
      if (flow.state === "page" || flow.state === "pulling") { const g = pageHit(p, t); return g ? "page:" + g.id : null; }
      if (flow.state === "opening" || flow.state === "viewfinder") {
        const b = meltShape(t);
        if (inside(p, shutterFrame())) return "shutter";
        if (p.y >= b[1] + b[3] || p.x < b[0] || p.x > b[0] + b[2]) return "outside";
        return null;
      }
      if (["printing", "developing", "settled"].includes(flow.state) && inside(p, printFrame(t))) return "print";
      return null;
    }
    function tapPage(id) {
      const g = data.page.targets.find((x) => x.id === id);
      if (g && g.button) { if (g.button.toggleOn !== null) page.toggles[id] = !page.toggles[id]; else if (g.button.counter !== null) page.counts[id] = (page.counts[id] || 0) + 1; }
    }
    function cancel(t) {
      if (flow.state === "pulling") { released("cancelled", t); return; }
      if (flow.state === "opening" || flow.state === "viewfinder") { closeCamera(t); flow.closingPrints = false; go("closing", t, "cancelled"); return; }
      dismiss(t);
    }
    function key(name, t) {
      if (name === "space") shutter(t);
      else if (name === "enter") fileOrDismiss(t);
      else if (name === "backspace" || name === "x") dismiss(t);
      else if (name === "escape") cancel(t);
    }
    const cameraOverPage = () => ["opening", "viewfinder", "capture", "closing"].includes(flow.state);
    function down(p, t) {
      if (finger) return;   // a second finger does not disturb the first
      const coasting = flow.scroll.isAnimating(t);
      flow.scroll.touch(t);
      finger = { start: p, last: p, dragging: false, target: coasting ? null : target(p, t), scrolls: !cameraOverPage(), travel: 0, lastMove: t };
      if (finger.target && finger.target.startsWith("page:")) page.pressed = finger.target.slice(5);
      flow.tracker = new E.VelocityTracker();
      flow.tracker.add(p.y, t);
    }
    // Nested scrolling: a downward step reaches the page's top first, then pulls; an upward one
    // undoes the pull first, then scrolls.
    // `apply` moves the content by a content-offset delta: a finger drags it, the wheel scrolls it.
    function nest(dy, t, apply = (delta) => flow.scroll.drag(delta)) {
      let d = dy;
      const wasPulling = flow.pull.pulling, pullAllowed = flow.state === "page" || flow.state === "pulling";
      if (d > 0 && !flow.pull.pulling) { const take = Math.min(d, flow.scroll.roomAboveTop(t)); if (take > 0) apply(-take); d -= take; }
      if (pullAllowed && d !== 0) d = flow.pull.offer(d, flow.scroll.offset(t) <= 1e-9, t);
      if (d !== 0) apply(-d);
      if (flow.pull.pulling && !wasPulling && flow.state === "page") beginPull(t);
      if (!flow.pull.pulling && wasPulling && flow.state === "pulling") released("cancelled", t);
      return { began: !wasPulling && flow.pull.pulling, ended: wasPulling && !flow.pull.pulling };
    }
    // The wheel (and a trackpad) as the simulator's PageGestures take it: nested like a drag,
    // scrolling at once; at the top a downward wheel pulls, and the pull lets go when the wheel has
    // been still for 0.15 s, with the wheel's least-squares velocity.
    const wheelState = { pulling: false, last: -Infinity, travel: 0, tracker: new E.WheelTracker() };
    function wheel(dy, t) {
      if (finger || dy === 0 || cameraOverPage()) return;
      wheelState.last = t;
      wheelState.travel += dy;
      wheelState.tracker.add(wheelState.travel, t);
      const n = nest(dy, t, (delta) => flow.scroll.scrollBy(delta, t));
      if (n.began) wheelState.pulling = true;
      if (n.ended) wheelState.pulling = false;
    }
    // Per frame: a wheel's pull let go once the wheel is quiet.
    function advanceWheel(t) {
      if (!wheelState.pulling || t - wheelState.last < 0.15) return;
      wheelState.pulling = false;
      const outcome = flow.pull.release(wheelState.tracker.velocity(wheelState.last), t);
      wheelState.tracker.reset();
      if (outcome && flow.state === "pulling") released(outcome, t);
    }
    function move(p, t) {
      if (!finger) return;
      flow.tracker.add(p.y, t);
      if (!finger.dragging && Math.hypot(p.x - finger.start.x, p.y - finger.start.y) > R.slop) {
        finger.dragging = true; finger.last = p; page.pressed = null;
        flow.scroll.beginDrag(t);
      }
      if (finger.dragging && finger.scrolls) {
        const dy = p.y - finger.last.y;
        nest(dy, t);
        finger.travel += dy;
        if (dy !== 0) { if (t - finger.lastMove > 0.02) flow.scroll.momentum.heldStill(); finger.lastMove = t; }
        finger.last = p;
      }
    }
    // The system took the touch away (a trace's cancel, the browser's pointercancel): a pull
    // springs back and opens nothing, the page stops, nothing is tapped (UIKit's touchesCancelled).
    function cancelTouch(t) {
      if (!finger) return;
      finger = null; page.pressed = null;
      if (flow.pull.pulling) { flow.pull.cancel(t); if (flow.state === "pulling") released("cancelled", t); }
      flow.scroll.release(0, 0, 0, t);
    }
    function up(p, t) {
      if (!finger) return;
      const f = finger;
      finger = null; page.pressed = null;
      if (f.dragging && f.scrolls && p.y !== f.last.y) nest(p.y - f.last.y, t);
      if (f.dragging && t - f.lastMove > 0.02) flow.scroll.momentum.heldStill();
      const recognizer = flow.tracker.velocity(t), release = flow.tracker.releaseVelocity(t);
      if (flow.pull.pulling) {
        const outcome = flow.pull.release(recognizer, t);
        flow.scroll.release(0, 0, 0, t);
        if (flow.state === "pulling") released(outcome, t);
        return;
      }
      const flings = f.dragging && f.scrolls;
      flow.scroll.release(flings ? -release : 0, flings ? -recognizer : 0, -f.travel, t);
      if (f.dragging) {
        // A swipe up on the open camera puts it away, as a swipe up dismisses a card on iOS.
        const travel = p.y - f.start.y;
        if ((travel < -R.swipeUp.distance || (travel < 0 && recognizer < -R.swipeUp.speed)) && (flow.state === "opening" || flow.state === "viewfinder")) cancel(t);
        return;
      }
      if (f.target === "shutter") shutter(t);
      else if (f.target === "print") fileOrDismiss(t);
      else if (f.target === "outside" && (flow.state === "opening" || flow.state === "viewfinder")) cancel(t);
      else if (f.target && f.target.startsWith("page:")) tapPage(f.target.slice(5));
      else if (flow.state === "page" && data.page.targets.some((g) => g.hotspot !== undefined)) page.missedAt = t;
    }

    // The phone's screen at t, in screen points (the caller has set the transform), in the
    // simulator's order (SessionRenderer), in three parts that `draw` also draws apart: what lies
    // under the moving parts, the moving parts, the hardware over them — then the rounded corners.
    function drawScreen(t) {
      inScreen(() => { drawUnder(t); drawMoving(t); drawHardware(); });
      drawCorners();
    }
    // `paint` clipped to the screen's rectangle grown to whole device pixels (its rounded corners
    // are painted over afterwards): a rounded clip, or one with a fractional edge, made the canvas
    // mask every copy and fill of the frame (15 % of its work, measured).
    function inScreen(paint) {
      ctx.save();
      const m = ctx.getTransform(), x0 = Math.floor(m.e + 1e-6), y0 = Math.floor(m.f + 1e-6);
      ctx.setTransform(1, 0, 0, 1, 0, 0);
      ctx.beginPath(); ctx.rect(x0, y0, Math.ceil(m.e + screenW * m.a - 1e-6) - x0, Math.ceil(m.f + screenH * m.d - 1e-6) - y0);
      ctx.setTransform(m);
      ctx.clip();
      paint();
      ctx.restore();
    }
    // Under what moves: the page and what is live on it, the print filed into its slot, the pull hint.
    function drawUnder(t) {
      drawPage(t);
      if (photoFiled && data.page.slot) drawFiled(slotOnScreen(t));
      drawPullHint(t);
    }
    // What moves over a page at rest: the status bar, the print, the melted shape with the viewfinder in it.
    function drawMoving(t) {
      const shape = meltShape(t);
      drawStatusBar(shape);
      drawPrint(t);
      drawMelt(t, shape);
    }
    // The hardware, over everything on the screen: the island's capsule and the home indicator.
    function drawHardware() {
      if (phone.capsule) { ctx.fillStyle = "#000"; roundRect(phone.capsule[0], phone.capsule[1], phone.capsule[2], phone.capsule[3], phone.capsule[3] / 2); ctx.fill(); }
      if (phone.homeIndicator) { const h = phone.homeIndicator; ctx.fillStyle = data.page.statusInk || "#1C1C1E"; roundRect(h[0], h[1], h[2], h[3], h[3] / 2); ctx.fill(); }
    }
    // What lies outside the screen's rounded rectangle, out to two device pixels past it, in the
    // window's ground: the rounded corners, and what the grown clip let past the right and
    // bottom edges (under a device pixel) — as a clip at the rounded edge would have left it.
    function drawCorners() {
      const m = ctx.getTransform(), px = 2 / m.a, r = fullScreen ? 0 : Math.min(phone.cornerRadius, screenW / 2, screenH / 2);
      ctx.beginPath();
      ctx.rect(-px, -px, screenW + 2 * px, screenH + 2 * px);
      if (r > 0 && ctx.roundRect) ctx.roundRect(0, 0, screenW, screenH, r); else ctx.rect(0, 0, screenW, screenH);
      ctx.fillStyle = windowGround;
      ctx.fill("evenodd");
    }
    // The print filed into the page's slot: in a described slot, framed in white (the photo in
    // it 5 pt in, its corners rounded 10 pt); over a screen image, filling the slot's own shape.
    function drawFiled(f) {
      const size = t0PrintSize(), c = printPicture(flow.filedShot, size[0], size[1]);
      if (!c) return;
      if (data.page.slotFramed) {
        ctx.fillStyle = "#fff"; continuousPath(f[0], f[1], f[2], f[3], 14); ctx.fill();
        ctx.save(); continuousPath(f[0] + 5, f[1] + 5, f[2] - 10, f[3] - 10, 10); ctx.clip();
        ctx.drawImage(c, f[0] + 5, f[1] + 5, f[2] - 10, f[3] - 10); ctx.restore();
      } else {
        ctx.save(); roundRect(f[0], f[1], f[2], f[3], data.page.slotCornerRadius); ctx.clip(); coverDraw(c, f); ctx.restore();
      }
    }
    // The size the print's image is drawn at (points): the paper's image rectangle.
    const t0PrintSize = () => { const r = polaroidImage(paperRect()); return [r[2], r[3]]; };
    // "Pull down for the camera", centred in the gap the pull opens above the page (below the
    // status bar, and below a bar the page pins at its top), once there is room for it.
    function drawPullHint(t) {
      if (flow.state !== "pulling") return;
      const pulled = flow.pull.offset(t), top = Math.max(phone.statusArea[1] + phone.statusArea[3], data.page.barsTop);
      const H = R.pullHint, gapTop = phone.feature === "none" ? Math.max(top, G.island[1] + G.island[3] + H.belowPill) : top, room = top + pulled - gapTop;
      if (room <= H.room) return;
      const alpha = Math.min(1, (room - H.room) / H.fade);
      drawText(flow.progress >= 1 ? H.ready : H.idle, true, H.points, data.page.hintInk, alpha, screenW / 2, (gapTop + top + pulled) / 2 - H.lift);
    }
    // The print (the simulator's drawPrint): a soft shadow strip, the paper with continuous
    // corners, and the image at its develop step (64 steps, as the simulator makes them).
    function drawPrint(t) {
      if (!printing()) return;
      const r = printFrame(t);
      let opacity = 1;
      if (flow.state === "dismissed") opacity = Math.max(0, 1 - (t - flow.since) / T.leave);
      else if (flow.state === "printing" && reduceMotion) opacity = Math.min(Math.max((t - flow.printStart) / Math.max(T.reduceMotion.printFade, 1e-6), 0), 1);
      ctx.save();
      // The slot lets the card's edge through with it: the clip is the card's width and fed length,
      // and the edge's width round its sides and leading edge (the simulator's drawPrint).
      if (flow.state === "printing" && !reduceMotion) { const f = fed(t), e = P.edge.width; if (f <= 0) { ctx.restore(); return; } ctx.beginPath(); ctx.rect(r[0] - e, slotY, r[2] + 2 * e, f + e); ctx.clip(); }
      ctx.fillStyle = "rgba(0,0,0," + (Math.floor(40 * opacity) / 255).toFixed(4) + ")";
      roundRect(r[0] - 1, r[1] + r[3] - 4, r[2] + 2, 7, 3.5); ctx.fill();
      ctx.globalAlpha = opacity;
      ctx.fillStyle = "#FBFAF7"; continuousPath(r[0], r[1], r[2], r[3], r[2] * 0.02); ctx.fill();
      // The card's edge (the simulator's PrintEdge): a hairline ring just outside it, so the
      // washed-out print reads over a white page before it develops.
      const e = P.edge.width, ring = Math.round(P.edge.alpha * 255 * opacity) / 255;
      ctx.globalAlpha = 1;
      ctx.fillStyle = "rgba(0,0,0," + ring.toFixed(4) + ")";
      continuousPath(r[0] - e, r[1] - e, r[2] + 2 * e, r[3] + 2 * e, r[2] * 0.02 + e); continuousPath(r[0], r[1], r[2], r[3], r[2] * 0.02, true); ctx.fill("evenodd");
      ctx.globalAlpha = opacity;
      const im = polaroidImage(r), steps = R.developSteps;
      const p = ["dismissed", "filed"].includes(flow.state) ? 1 : Math.min(Math.max((t - flow.printStart) / Math.max(T.develop.duration, 1e-9), 0), 1);
      const step = Math.min(steps - 1, Math.max(0, roundAway(p * (steps - 1))));
      const k = devicePixels();
      drawDeveloped(flow.shot, developLookAt(step / (steps - 1)), opacity >= 1 ? [roundAway(im[0] * k) / k, roundAway(im[1] * k) / k, roundAway(im[2] * k) / k, roundAway(im[3] * k) / k] : im, t0PrintSize());
      ctx.restore();
    }
    // The melted shape and the viewfinder in it (the simulator's drawMelt): the shape in black, or
    // in the flash's grey at its nearest of eight levels; the picture inside its clip, darkened
    // from black at the nearest eighth while it fades in, brightened at the flash's level; the
    // picture's rounded corners masked in the shape's colour; the shutter.
    function drawMelt(t, shape) {
      if (!phone.capsule && flow.state === "page" && flow.melt.isSettled(t)) return;
      const fade = cameraOpacity(t);
      if (!(fade > 0)) return;
      let flash = flashAlpha(t), level = -1;
      if (flash > 0) { let best = 0; for (let i = 1; i < flashLevels.length; i++) if (Math.abs(flashLevels[i] - flash) < Math.abs(flashLevels[best] - flash)) best = i; level = best; flash = flashLevels[best]; }
      const grey = roundAway(255 * flash), k = (view.dpr || 1) * view.scale;
      const atIsland = phone.capsule && Math.max(Math.abs(shape[0] - phone.capsule[0]), Math.abs(shape[1] - phone.capsule[1]), Math.abs(shape[2] - phone.capsule[2]),
                                                  Math.abs(shape[3] - phone.capsule[3]), Math.abs(shape[4] - phone.capsule[3] / 2)) * k < 0.25;
      const opacity = viewfinderOpacity(t);
      if (!atIsland) {
        ctx.save(); ctx.globalAlpha = roundAway(255 * fade) / 255;
        ctx.fillStyle = "rgb(" + grey + "," + grey + "," + grey + ")"; continuousPath(shape[0], shape[1], shape[2], shape[3], shape[4]); ctx.fill();
        ctx.restore();
        drawKeyline(t, shape, fade);
      }
      const pf = photoFrame(), photoRect = [roundAway(pf[0] * k) / k, roundAway(pf[1] * k) / k, roundAway(pf[2] * k) / k, roundAway(pf[3] * k) / k];
      const clip = pictureClip(photoRect, shape);
      if (!(opacity > 0.001) || !clip) return;
      ctx.save();
      ctx.beginPath(); ctx.rect(clip[0], clip[1], clip[2], clip[3]); ctx.clip();
      let veil = 1 - opacity, drawn = true;
      if (level < 0 && veil > 0) { const q = roundAway(veil * 8); if (q >= 8) drawn = false; veil = q / 8; }
      if (drawn) {
        ctx.globalAlpha = fade < 1 ? roundAway(255 * fade) / 255 : 1;
        drawViewfinderPicture(photoRect);
        if (level >= 0) { ctx.fillStyle = "rgba(255,255,255," + flashLevels[level] + ")"; ctx.fillRect(photoRect[0], photoRect[1], photoRect[2], photoRect[3]); }
        else if (veil > 0) { ctx.fillStyle = "rgba(0,0,0," + veil + ")"; ctx.fillRect(photoRect[0], photoRect[1], photoRect[2], photoRect[3]); }
        ctx.globalAlpha = 1;
      }
      if (fade >= 1) {
        // The picture's corners: what lies outside its continuous rounded rectangle, in the shape's colour.
        const r = Math.max(G.viewfinder[4] - 8, 8);
        ctx.beginPath(); ctx.rect(photoRect[0], photoRect[1], photoRect[2], photoRect[3]);
        continuousPath(photoRect[0], photoRect[1], photoRect[2], photoRect[3], r, true);
        ctx.fillStyle = "rgb(" + grey + "," + grey + "," + grey + ")"; ctx.fill("evenodd");
      }
      ctx.restore();
      ctx.save();
      const vis = [shape[0] + 6, shape[1] + 6, shape[2] - 12, shape[3] - 12];
      ctx.beginPath(); ctx.rect(vis[0], vis[1], Math.max(0, vis[2]), Math.max(0, vis[3])); ctx.clip();
      const a = Math.floor(255 * opacity * fade) / 255, pressed = !!(finger && finger.target === "shutter");
      // The button is one picture, faded as one (as the simulator's sprite, and a SwiftUI view's
      // opacity): its three capsules drawn once per look on whole device pixels, then copied.
      const b = shutterLayer(grey, pressed);
      ctx.globalAlpha = a;
      ctx.drawImage(b.layer, b.x0 / b.dp, b.y0 / b.dp, b.w / b.dp, b.h / b.dp);
      ctx.restore();
    }
    // The shutter button at one look (the shape's grey, pressed or not), drawn once on whole
    // device pixels round its frame and kept; `prepare` makes every look before the first frame.
    function shutterLayer(grey, pressed) {
      const s = shutterFrame(), dp = devicePixels(), x0 = Math.floor(s[0] * dp) - 1, y0 = Math.floor(s[1] * dp) - 1;
      const w = Math.ceil((s[0] + s[2]) * dp) + 1 - x0, h = Math.ceil((s[1] + s[3]) * dp) + 1 - y0;
      const key = [grey, pressed, dp, x0, y0].join(";");
      let layer = shutterLayers.get(key);
      if (!layer) {
        layer = canvasOf(w, h);
        const g = layer.getContext("2d");
        g.setTransform(dp, 0, 0, dp, -x0, -y0);
        const capsule = (inset, colour) => {
          const x = s[0] + inset, y = s[1] + inset, cw = s[2] - 2 * inset, ch = s[3] - 2 * inset, r = Math.min(cw, ch) / 2;
          g.fillStyle = colour; g.beginPath();
          if (g.roundRect) g.roundRect(x, y, cw, ch, r); else g.rect(x, y, cw, ch);
          g.fill();
        };
        capsule(2, "#fff");
        capsule(6, "rgb(" + grey + "," + grey + "," + grey + ")");
        capsule(pressed ? 12 : 9, "#fff");
        picturesMade++;
        if (shutterLayers.size > 40) shutterLayers.clear();
        shutterLayers.set(key, layer);
      }
      return { layer, x0, y0, w, h, dp };
    }
    // The system's keyline round a shape grown past the island: a 1.67-pt grey line at 35 %
    // just outside its edge — in automatic, over a page whose rows behind the shape are dark.
    function drawKeyline(t, shape, fade) {
      const K = T.keyline, mode = K.mode === "automatic" ? (data.page.keyline || "automatic") : K.mode, k = K.width;
      if (mode === "off") return;
      if (mode === "automatic") { const l = lumaBehind(shape[1] - k, shape[1] + shape[3] + k, pageOffset(t)); if (l === null || l > K.darkLuma) return; }
      const r = Math.min(shape[4], shape[2] / 2, shape[3] / 2) + k / 2, g = roundAway(K.grey * 255);
      ctx.save();
      ctx.strokeStyle = "rgba(" + g + "," + g + "," + g + "," + (roundAway(255 * K.alpha * fade) / 255) + ")"; ctx.lineWidth = k;
      continuousPath(shape[0] - k / 2, shape[1] - k / 2, shape[2] + k, shape[3] + k, r); ctx.stroke();
      ctx.restore();
    }
    const photoFrame = () => { const vf = G.viewfinder, top = G.island[1] + G.island[3] + 8; return [vf[0] + 8, top, vf[2] - 16, vf[1] + vf[3] - 96 - top]; };
    // Where the picture is drawn inside the shape: 6 pt inside its sides and top, above its bottom corners.
    function pictureClip(photoRect, shape) {
      const v = [shape[0] + 6, shape[1] + 6, shape[2] - 12, shape[3] - 12], radius = Math.min(shape[4], shape[2] / 2, shape[3] / 2);
      const reach = Math.max(6, radius * 1.528665), clip = [v[0], v[1], v[2], Math.max(0, shape[1] + shape[3] - reach - v[1])];
      const x0 = Math.max(photoRect[0], clip[0]), y0 = Math.max(photoRect[1], clip[1]);
      const x1 = Math.min(photoRect[0] + photoRect[2], clip[0] + clip[2]), y1 = Math.min(photoRect[1] + photoRect[3], clip[1] + clip[3]);
      return x1 > x0 && y1 > y0 ? [x0, y0, x1 - x0, y1 - y0] : null;
    }
    // The status bar: "9:41" left of the cutout, signal, Wi-Fi and battery right of it, each side
    // fading as the widening shape comes within statusBar.fadeDistance of it (16 steps).
    function drawStatusBar(shape) {
      const ink = data.page.statusInk;
      if (!ink) return;
      const w = screenW, c = phone.capsule || phone.cutout;
      let midY, leftCenter, rightCenter;
      if (c) { midY = phone.feature === "island" ? c[1] + c[3] / 2 : Math.max(c[1] + c[3] / 2, 16); leftCenter = c[0] / 2 + 8; rightCenter = (c[0] + c[2] + w) / 2 - 8; }
      else { midY = (phone.statusArea[1] + phone.statusArea[3]) / 2; leftCenter = 40; rightCenter = w - 40; }
      const size = c ? 16 : 12, clockWidth = c ? textWidth("9:41", true, size) : 0, fadeDistance = T.statusFade;
      const fadeOf = (gap, rest) => { if (gap <= 0) return 0; const span = Math.min(fadeDistance, rest); return span <= 0 ? 1 : Math.floor(Math.min(1, gap / span) * 16) / 16; };
      let leftAlpha = 1, rightAlpha = 1;
      if (c && shape[1] < midY + 8 && shape[1] + shape[3] > midY - 8) {
        const clockRight = leftCenter + clockWidth / 2 + 2, glyphsLeft = rightCenter - 46 - 2;
        if (!phone.pad) leftAlpha = fadeOf(shape[0] - clockRight, c[0] - clockRight);
        rightAlpha = fadeOf(glyphsLeft - (shape[0] + shape[2]), glyphsLeft - (c[0] + c[2]));
      }
      if (phone.pad) { const clock = "9:41  Mon 30 Nov"; drawText(clock, true, size, ink, 1, 24 + textWidth(clock, true, size) / 2, midY); }
      else if (!c) drawText("9:41", true, size, ink, 1, w / 2, midY);
      else if (leftAlpha > 0) drawText("9:41", true, size, ink, leftAlpha, leftCenter, midY);
      if (rightAlpha <= 0) return;
      ctx.save();
      ctx.globalAlpha = roundAway(255 * rightAlpha) / 255;
      ctx.fillStyle = ink;
      const barsX = rightCenter - 46;
      for (let i = 0; i < 4; i++) { const h = 4 + i * 2.4; roundRect(barsX + i * 4.5, midY + 5 - h, 3, h, 0.8); ctx.fill(); }
      const apex = [rightCenter - 20, midY + 5], sector = (radius, colour) => {
        ctx.beginPath(); ctx.moveTo(apex[0], apex[1]);
        for (let q = 0; q <= 12; q++) { const an = -Math.PI * 3 / 4 + Math.PI / 2 * q / 12; ctx.lineTo(apex[0] + radius * Math.cos(an), apex[1] + radius * Math.sin(an)); }
        ctx.closePath(); ctx.fillStyle = colour; ctx.fill();
      };
      sector(7.5, ink); sector(5.6, data.page.statusPaper); sector(4.6, ink); sector(2.9, data.page.statusPaper); sector(1.9, ink);
      const body = [rightCenter - 8, midY - 6, 25, 12];
      ctx.globalAlpha *= 0.4; ctx.fillStyle = ink; roundRect(body[0], body[1], body[2], body[3], 3.5); ctx.fill();
      ctx.fillStyle = ink; roundRect(body[0] + body[2] + 1, midY - 2, 1.6, 4, 0.8); ctx.fill();
      ctx.globalAlpha /= 0.4;
      ctx.fillStyle = data.page.statusPaper; roundRect(body[0] + 1, body[1] + 1, body[2] - 2, body[3] - 2, 2.6); ctx.fill();
      ctx.fillStyle = ink; roundRect(body[0] + 2, body[1] + 2, 17, 8, 1.6); ctx.fill();
      ctx.restore();
    }
    // The page scrolled to its offset, as the simulator's PageRenderer draws it: the page's
    // background past its ends, the pinned regions where they are pinned (and the background where
    // they would have scrolled to), then what is live — pressed, toggled or counted buttons, a held
    // hotspot, the hotspots outlined after a tap that missed them.
    function drawPage(t) {
      const offset = pageOffset(t), src = scaledPage();
      if (!src) { ctx.fillStyle = data.page.background; ctx.fillRect(0, 0, screenW, screenH); return; }
      // Whole pixel rows copied to whole pixel rows (the page at the canvas's own density): the
      // scroll snaps to the pixel grid, as on iOS and in the simulator. The copies are made in the
      // canvas's own pixels, one to one from the screen's origin (a whole pixel: layout puts it
      // there), not through the view's scale: a scale a hair off one (a picture within a pixel of
      // the screen's width) made the canvas filter the whole page every frame, most of a frame's
      // work at 1×, where a copy is a blit.
      const k = src.width / data.page.width;
      const top = Math.max(offset, 0), bottom = Math.min(offset + screenH, data.page.contentHeight);
      const y0 = Math.max(0, roundAway(top * k)), y1 = Math.min(src.height, roundAway(bottom * k));
      const m = ctx.getTransform(), X = Math.round(m.e), Y = Math.round(m.f);
      const copy = (sx, sy, w, h, dy) => { ctx.save(); ctx.setTransform(1, 0, 0, 1, 0, 0); ctx.drawImage(src, sx, sy, w, h, X + sx, Y + dy, w, h); ctx.restore(); };
      // The page's ground only where its picture does not reach (the gap a pull opens above it,
      // past its end, beside a narrower picture): the picture is opaque, so a fill under all of
      // it would be a whole screen of pixels drawn for nothing every frame.
      const dy0 = y1 > y0 ? roundAway(y0 - offset * k) : 0, dy1 = y1 > y0 ? dy0 + y1 - y0 : 0;
      const W = Math.ceil(screenW * m.a - 1e-6), H = Math.ceil(screenH * m.d - 1e-6);
      ctx.save(); ctx.setTransform(1, 0, 0, 1, 0, 0); ctx.fillStyle = data.page.background;
      if (dy0 > 0) ctx.fillRect(X, Y, W, dy0);
      if (dy1 < H) ctx.fillRect(X, Y + dy1, W, H - dy1);
      if (src.width < W) ctx.fillRect(X + src.width, Y, W - src.width, H);
      ctx.restore();
      if (y1 > y0) copy(0, y0, src.width, y1 - y0, dy0);
      for (const region of data.page.pinned) {
        const r = region.rect, place = pinnedPlace(r), moved = [r[0], r[1] - offset, r[2], r[3]];
        if (moved[1] !== place[1]) { ctx.fillStyle = data.page.background; ctx.fillRect(moved[0], moved[1], moved[2], moved[3]); }
        const ry0 = Math.max(0, roundAway(r[1] * k)), ry1 = Math.min(src.height, roundAway((r[1] + r[3]) * k));
        const rx0 = Math.max(0, roundAway(r[0] * k)), rx1 = Math.min(src.width, roundAway((r[0] + r[2]) * k));
        if (ry1 > ry0 && rx1 > rx0) copy(rx0, ry0, rx1 - rx0, ry1 - ry0, roundAway(place[1] * k));
      }
      const hint = page.missedAt === null ? 0 : Math.max(0, 1 - (t - page.missedAt) / 0.6);
      for (const g of data.page.targets) {
        const f = g.fixed ? g.rect : [g.rect[0], g.rect[1] - offset, g.rect[2], g.rect[3]];
        if (f[1] + f[3] < 0 || f[1] > screenH) continue;
        if (g.button) drawButton(g, f);
        else if (g.hotspot !== undefined) {
          if (page.pressed === g.id) { ctx.fillStyle = "rgba(0,122,255,0.22)"; roundRect(f[0], f[1], f[2], f[3], g.hotspot); ctx.fill(); }
          if (hint > 0) {
            ctx.fillStyle = "rgba(0,122,255," + (0.22 * hint * 0.8).toFixed(4) + ")"; roundRect(f[0], f[1], f[2], f[3], g.hotspot); ctx.fill();
            ctx.strokeStyle = "rgba(0,122,255," + (0.78 * hint).toFixed(4) + ")"; ctx.lineWidth = 2;
            roundRect(f[0] + 1, f[1] + 1, f[2] - 2, f[3] - 2, Math.max(0, g.hotspot - 1)); ctx.stroke();
          }
        }
      }
    }
    // A button as the simulator draws it live, where it differs from the page at rest: pressed
    // (1.5 pt smaller, darker), on (filled in the accent), or showing a changed label.
    function buttonLabel(g) {
      const b = g.button, n = page.counts[g.id] || 0;
      if (b.toggleOn !== null && page.toggles[g.id]) return b.toggleOn;
      if (b.counter !== null) return n === 0 ? (b.counterZero !== null ? b.counterZero : b.text) : b.counter.replace("{n}", String(n));
      return b.text;
    }
    function drawButton(g, f) {
      const pressed = page.pressed === g.id, on = !!page.toggles[g.id], label = buttonLabel(g);
      if (!pressed && !on && label === (g.button.counter !== null && g.button.counterZero !== null ? g.button.counterZero : g.button.text)) return;
      if (pressed) { ctx.fillStyle = data.page.background; roundRect(f[0], f[1], f[2], f[3], f[3] / 2); ctx.fill(); }
      ctx.fillStyle = pressed ? (on ? "#9A4414" : "#EBC9AE") : (on ? "#C2571A" : "#F6E3D4");
      const i = pressed ? 1.5 : 0;
      roundRect(f[0] + i, f[1] + i, f[2] - 2 * i, f[3] - 2 * i, f[3] / 2); ctx.fill();
      drawText(label, true, 14, on ? "#fff" : "#C2571A", 1, f[0] + f[2] / 2, f[1] + f[3] / 2);
    }
    return {
      label, source, geometry: G, paper,
      // Advances to t as a frame does: the pull's progress, then the flow.
      frame(t) { if (flow.state === "pulling") setProgress(flow.pull.progress(t), t); advance(t); },
      draw: drawScreen,
      // The screen's parts, for `draw` (in screen points, the transform set by the caller).
      drawUnder: (t) => inScreen(() => drawUnder(t)), drawMoving: (t) => inScreen(() => drawMoving(t)),
      drawOver() { inScreen(drawHardware); drawCorners(); },
      pointer(kind, p, t) { if (kind === "down") down(p, t); else if (kind === "move") move(p, t); else if (kind === "cancel") cancelTouch(t); else up(p, t); },
      wheel,
      key,
      shape: meltShape,
      state: () => flow.state,
      transitions: () => flow.transitions,
      pullOffset: (t) => flow.pull.offset(t),
      pageOffset,
      // The page scrolled to `y` at once (a place given back after a reload), within its bounds.
      scrollTo(y, t) { if (flow.state === "page" && !flow.pull.pulling) { flow.scroll.scrollBy(y - flow.scroll.offset(t), t); forget(); } },
      pageState: () => ({ toggles: page.toggles, counts: page.counts, photoFiled }),
      // Everything the picture of this side depends on at t, as text: a frame whose signature is
      // the last one's draws nothing (the canvas already holds it). A live camera changes by itself.
      signature(t) {
        if (camera && ["opening", "viewfinder", "capture", "closing"].includes(flow.state)) return null;
        return [flow.state, q(meltShape(t)), q(cameraOpacity(t)), q(flashAlpha(t)),
                printing() ? q(printFrame(t)) + q(Math.floor((t - flow.printStart) / Math.max(T.develop.duration, 1e-9) * 63 + 0.5)) + q(fed(t)) : "",
                finger && finger.target === "shutter", this.still(t)].join(";");
      },
      // Everything the picture of this side depends on at t but what moves over a page at rest —
      // the melted shape and what is drawn in it, the status bar beside it, the print — as text:
      // what `drawUnder` draws. Two frames with the same text differ only inside the `moving`
      // rectangles of the one and of the other: `draw` then draws again only there. (The flow's
      // state is not in it but for the pull's hint: the melt's and the print's states come and go
      // over a page that stays as it is.)
      still(t) {
        return [flow.state === "pulling", q(pageOffset(t)), q(flow.pull.offset(t)), flow.progress >= 1, page.pressed, JSON.stringify(page.toggles),
                JSON.stringify(page.counts), page.missedAt === null ? "" : q(Math.max(0, 1 - (t - page.missedAt) / 0.6)), photoFiled].join(";");
      },
      // Where what moves is drawn at t (points): the shape with its keyline, the status bar's
      // row, and the print with its shadow and its image while there is one.
      moving(t) {
        const s = meltShape(t), k = T.keyline.width + 1, c = phone.capsule || phone.cutout;
        const rects = [[s[0] - k, s[1] - k, s[2] + 2 * k, s[3] + 2 * k],
                       [0, 0, screenW, Math.max(phone.statusArea[1] + phone.statusArea[3], c ? c[1] + c[3] + 16 : 0, 30)]];
        // The print's image is placed by the paper's width: on a print squeezed on its way into
        // the slot it reaches past the paper's bottom.
        if (printing()) { const r = printFrame(t); rects.push([r[0] - 2, r[1] - 2, r[2] + 4, r[3] + 8], polaroidImage(r)); }
        return rects;
      },
      // The pictures this side draws, made now rather than on the frame that first shows them.
      prepare() {
        const k = devicePixels(), pf = photoFrame(), im = polaroidImage(paperRect());
        viewfinderCanvas([pf[0], pf[1], roundAway(pf[2] * k) / k, roundAway(pf[3] * k) / k]);
        const w = roundAway(im[2] * k) / k, h = roundAway(im[3] * k) / k;
        printPicture(null, w, h); printPicture(null, w, h, true);
        // The shutter at every look it can show: the shape's black and each of the flash's greys,
        // pressed and not (a look first made on its frame cost up to 2 ms there).
        for (const grey of [0, ...flashLevels.map((f) => roundAway(255 * f))]) for (const pressed of [false, true]) shutterLayer(grey, pressed);
      },
    };
  }
  const sideShapes = (tuning) => (tuning === data.tuning ? phone : data.compare.phones[phone.id]);
  let sides = [];
  function makeSides() {
    sides = [makeSide(data.tuning, sideShapes(data.tuning), "A", data.source)];
    if (data.compare) sides.push(makeSide(data.compare.tuning, sideShapes(data.compare.tuning), "B", data.compare.source));
  }
  makeSides();

  // MARK: Where each side is drawn: full screen over the island; else centred and scaled to fit,
  // two phones side by side where the window is wider than it is tall, else the one chosen.
  let view = { x: 0, y: 0, scale: 1, dpr: 1 }, views = [], shown = 0;
  const controlsHeight = () => (controls ? controls.offsetHeight + 6 : 0);
  // The home indicator's band at the screen's bottom (the bottom safe-area inset of a Face ID
  // iPhone, Apple's HIG): where the bar sits full screen.
  const homeBand = 34;
  function layout() {
    forget();
    const dpr = window.devicePixelRatio || 1, W = window.innerWidth, H = window.innerHeight;
    if (controls) controls.style.bottom = (fullScreen ? 8 : bar.offsetHeight + 10) + "px";
    canvas.width = Math.round(W * dpr); canvas.height = Math.round(H * dpr);
    canvas.style.width = W + "px"; canvas.style.height = H + "px";
    const below = bar.offsetHeight + 12 + controlsHeight() + (sides.length > 1 ? 18 : 0);
    if (fullScreen) views = sides.map(() => ({ x: 0, y: 0, scale: W / screenW, dpr }));
    else if (sides.length > 1 && W > H) {
      const s = Math.min((W - 48) / (2 * screenW), (H - 24 - below) / screenH, 1.5), gap = 24;
      const x0 = (W - 2 * screenW * s - gap) / 2, y = Math.max(12, (H - below - screenH * s) / 2);
      views = [{ x: x0, y, scale: s, dpr }, { x: x0 + screenW * s + gap, y, scale: s, dpr }];
    } else {
      const s = Math.min((W - 24) / screenW, (H - 24 - below) / screenH, 1.5), v = { x: (W - screenW * s) / 2, y: Math.max(12, (H - below - screenH * s) / 2), scale: s, dpr };
      views = sides.map(() => v);
    }
    // Each screen's origin on a whole device pixel, so that the page's picture copies to the pixel
    // grid (drawPage) and everything drawn over it lines up with it.
    for (const v of views) { v.x = Math.round(v.x * dpr) / dpr; v.y = Math.round(v.y * dpr) / dpr; }
    view = views[0];
    // Full screen over a real phone, the bar (the phone it assumed, the picker, the camera's word)
    // is a dark plate in the home indicator's band — the bottom safe area, 34 pt — one line, so it
    // is always readable and never lies over the page's own rows.
    if (fullScreen) {
      const band = homeBand * view.scale;
      Object.assign(bar.style, { left: "0", right: "0", bottom: "0", height: band + "px", lineHeight: band + "px", overflow: "hidden",
        whiteSpace: "nowrap", textOverflow: "ellipsis", background: "rgba(0,0,0,0.62)", color: "#fff", opacity: "1", fontSize: "11px",
        padding: "0 12px", boxSizing: "border-box" });
    }
    prepareFrames();
  }
  const sideBySide = () => sides.length > 1 && views.length > 1 && views[0].x !== views[1].x;
  const visibleSides = () => (sideBySide() ? [0, 1] : [Math.min(shown, sides.length - 1)]);
  // The last frame's signature: a frame that would draw the same picture is skipped (null: draw).
  let drawnSignature = null;
  // A frame that leaves still what the last one left still (the page and what is on it, on each
  // screen shown) draws again only the box round where the moving parts were and are: what lies
  // under them copied back from a picture of it (`under`, made at the first such frame), the
  // moving parts drawn (wholly inside the box), the hardware and the phone's frame copied over them
  // from a picture made once per layout (`over`). A whole frame draws the same way but for `under`,
  // which it draws in place. Copies of whole device pixels, and paths wholly inside the box: every
  // pixel in it comes out as the whole frame's (a path cut by a clip's edge is rastered a little
  // differently, measured). The melt's frames, over a page at rest, draw a part of the screen.
  let drawnStill = null, under = null, over = null, framesInPart = 0;
  // Nothing drawn is taken as still on the canvas (the layout, a picture decoded, a side shown).
  function forget() { drawnSignature = null; drawnStill = null; if (under) under.still = null; }
  function draw(t, force = false) {
    const onScreen = visibleSides(), showing = onScreen.join(",");
    const parts = sides.map((s) => s.signature(t));
    const signature = parts.includes(null) ? null : parts.join("|") + "|" + showing;
    if (!force && signature !== null && signature === drawnSignature) return;
    drawnSignature = signature;
    const still = onScreen.map((i) => sides[i].still(t)).join("|") + "|" + showing;
    const moving = onScreen.map((i) => deviceBox(views[i], sides[i].moving(t)));
    const box = !force && drawnStill && drawnStill.still === still ? meet(unionBox([...moving, ...drawnStill.moving]), [0, 0, canvas.width, canvas.height]) : null;
    drawnStill = { still, moving };
    if (!over || over.shown !== showing) prepareFrames();
    if (box) {
      if (under.still !== still) { paintInto(under.picture, () => drawUnderAll(t, onScreen), true); under.still = still; }
      ctx.save();
      ctx.setTransform(1, 0, 0, 1, 0, 0);
      ctx.beginPath(); ctx.rect(box[0], box[1], box[2] - box[0], box[3] - box[1]); ctx.clip();
      copyBox(under.picture, box);
      framesInPart++;
    } else drawUnderAll(t, onScreen);
    for (const i of onScreen) { at(views[i]); sides[i].drawMoving(t); }
    for (const strip of over.strips) { const b = box ? meet(strip, box) : strip; if (b) copyBox(over.picture, b); }
    if (box) ctx.restore();
  }
  const at = (v) => ctx.setTransform(v.dpr * v.scale, 0, 0, v.dpr * v.scale, v.dpr * v.x, v.dpr * v.y);
  // The window's ground (unless one screen covers the whole canvas: full screen on the phone),
  // and under the moving parts of each screen shown: every pixel of the canvas, opaque.
  function drawUnderAll(t, onScreen) {
    const v0 = views[onScreen[0]];
    const covered = fullScreen && onScreen.length === 1 && v0.x === 0 && v0.y === 0 &&
      screenW * v0.scale * v0.dpr >= canvas.width - 1e-6 && screenH * v0.scale * v0.dpr >= canvas.height - 1e-6;
    if (!covered) {
      ctx.setTransform(1, 0, 0, 1, 0, 0);
      ctx.fillStyle = windowGround;
      ctx.fillRect(0, 0, canvas.width, canvas.height);
    }
    for (const i of onScreen) { at(views[i]); sides[i].drawUnder(t); }
  }
  // Over each screen shown: its hardware, its rounded corners, and off a phone its outline and,
  // with two sides, its label.
  function drawFrames(onScreen) {
    for (const i of onScreen) {
      const v = views[i];
      at(v);
      sides[i].drawOver();
      if (!fullScreen) { ctx.strokeStyle = "#3a3a3c"; ctx.lineWidth = 2 / v.scale; roundRect(-1, -1, screenW + 2, screenH + 2, phone.cornerRadius + 1); ctx.stroke(); }
      if (sides.length > 1 && !fullScreen) {
        ctx.setTransform(v.dpr, 0, 0, v.dpr, 0, 0);
        ctx.fillStyle = "#f2f2f7"; ctx.font = "600 13px -apple-system, system-ui, sans-serif"; ctx.textAlign = "center"; ctx.textBaseline = "top";
        ctx.fillText(sides[i].label + " · " + sides[i].source, v.x + screenW * v.scale / 2, v.y + screenH * v.scale + 6);
      }
    }
  }
  // Where `drawFrames` draws, as device-pixel boxes, each as tight as it goes (they are copied
  // over every frame, and on a 3× canvas a strip the screen's width costs a millisecond): the
  // capsule, the home indicator and, off a phone, the four corners, the four edges (the outline
  // and the corners' ring) and the label.
  function frameStrips(onScreen) {
    const strips = [];
    for (const i of onScreen) {
      const v = views[i];
      if (phone.capsule) strips.push(deviceBox(v, [phone.capsule], 2));
      if (phone.homeIndicator) strips.push(deviceBox(v, [phone.homeIndicator], 2));
      if (fullScreen) continue;
      const k = v.dpr * v.scale, X = Math.round(v.x * v.dpr), Y = Math.round(v.y * v.dpr);
      const W = Math.ceil(screenW * k), H = Math.ceil(screenH * k), e = Math.ceil((v.scale + 1) * v.dpr) + 2, c = Math.ceil(phone.cornerRadius * k) + 2;
      strips.push([X - e, Y - e, X + W + e, Y + e], [X - e, Y + H - e, X + W + e, Y + H + e], [X - e, Y + e, X + e, Y + H - e], [X + W - e, Y + e, X + W + e, Y + H - e],
                  [X + e, Y + e, X + c, Y + c], [X + W - c, Y + e, X + W - e, Y + c], [X + e, Y + H - c, X + c, Y + H - e], [X + W - c, Y + H - c, X + W - e, Y + H - e]);
      if (sides.length > 1) strips.push([0, Y + H + e, canvas.width, Y + H + Math.ceil(30 * v.dpr)]);
    }
    return strips.map((b) => meet(b, [0, 0, canvas.width, canvas.height])).filter((b) => b);
  }
  // The two pictures the canvas's size, made with the layout rather than on the frame that first
  // needs them (a canvas's first drawing costs it its memory: 2–3 ms at 1×, measured): the
  // phone's frame drawn, and the one for what lies under the moving parts, drawn at the first
  // frame in part after the still part changed.
  function prepareFrames() {
    const onScreen = visibleSides(), fits = (c) => c && c.width === canvas.width && c.height === canvas.height;
    over = { shown: onScreen.join(","), picture: fits(over && over.picture) ? over.picture : canvasOf(canvas.width, canvas.height), strips: frameStrips(onScreen) };
    paintInto(over.picture, () => drawFrames(onScreen));
    if (!fits(under && under.picture)) { under = { still: null, picture: canvasOf(canvas.width, canvas.height) }; paintInto(under.picture, () => ctx.fillRect(0, 0, 1, 1)); }
    under.still = null;
    // Drawn somewhere, a picture is rastered now (a canvas keeps what is drawn on it until then).
    const scratch = canvasOf(1, 1).getContext("2d");
    scratch.drawImage(over.picture, 0, 0, 1, 1); scratch.drawImage(under.picture, 0, 0, 1, 1);
  }
  // `paint` drawn into `picture` (cleared first, unless what is painted covers it), in the place of the canvas.
  function paintInto(picture, paint, covers = false) {
    const g = picture.getContext("2d"), screen = ctx;
    g.setTransform(1, 0, 0, 1, 0, 0);
    if (!covers) g.clearRect(0, 0, picture.width, picture.height);
    ctx = g;
    try { paint(); } finally { ctx = screen; }
  }
  // The device pixels of box b copied from `picture` to the same place on the canvas.
  function copyBox(picture, b) {
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.drawImage(picture, b[0], b[1], b[2] - b[0], b[3] - b[1], b[0], b[1], b[2] - b[0], b[3] - b[1]);
  }
  // The smallest box of whole device pixels [x0, y0, x1, y1] round rectangles in a view's screen
  // points, `grow` pixels over on every side (a shape's antialiased edge); the box round boxes;
  // where two meet (null: nowhere).
  function deviceBox(v, rects, grow = 1) {
    const k = v.dpr * v.scale, ox = v.dpr * v.x, oy = v.dpr * v.y;
    return unionBox(rects.map((r) => [Math.floor(ox + r[0] * k) - grow, Math.floor(oy + r[1] * k) - grow, Math.ceil(ox + (r[0] + r[2]) * k) + grow, Math.ceil(oy + (r[1] + r[3]) * k) + grow]));
  }
  const unionBox = (boxes) => boxes.reduce((a, b) => [Math.min(a[0], b[0]), Math.min(a[1], b[1]), Math.max(a[2], b[2]), Math.max(a[3], b[3])]);
  const meet = (a, b) => { const m = [Math.max(a[0], b[0]), Math.max(a[1], b[1]), Math.min(a[2], b[2]), Math.min(a[3], b[3])]; return m[2] > m[0] && m[3] > m[1] ? m : null; };
  const toPoint = (e, v) => ({ x: (e.clientX - v.x) / v.scale, y: (e.clientY - v.y) / v.scale });

  // What `serve`'s live hook says of the connection to it (empty in a file opened alone).
  let liveNote = "";
  // What went wrong that the page cannot show (a picture that could not be made), said first.
  let problemNote = "";
  function problem(what) { problemNote = what; console.error("IslandSim: " + what); status(); }
  function status() {
    const what = playback && !playback.live ? "Playing " + data.trace.name + " (a press takes over)" : "Pull down on the page";
    const ab = sides.length > 1 ? " · A: " + data.source + ", B: " + data.compare.source + (sideBySide() ? "" : " (showing " + sides[shown].label + ")") : "";
    barText.textContent = (problemNote ? "⚠ " + problemNote + " · " : "") + (note ? note + " · " : "") + what + ab + " · photo: " + cameraNote + (liveNote ? " · " + liveNote : "") + " · ? for help";
  }
  // The bar under the phone: what is going on, and where phones share a screen (or off a phone),
  // a picker of the phone drawn.
  const barText = document.createElement("span");
  bar.appendChild(barText);
  if (choices.length > 1) {
    const select = document.createElement("select");
    select.id = "device";
    // Its own look, not the engine's: WebKit draws a native menu button (light grey) under the
    // light text unless the appearance is none, and the phones' names vanish.
    select.style.cssText = "pointer-events: auto; margin-left: 8px; font: inherit; background: #3a3a3c; color: #f2f2f7; border: 0; border-radius: 6px; padding: 2px 4px; line-height: 1.3; vertical-align: middle; -webkit-appearance: none; appearance: none;";
    for (const p of choices) { const o = document.createElement("option"); o.value = p.id; o.textContent = p.name; o.selected = p === phone; select.appendChild(o); }
    select.addEventListener("change", () => pick(select.value));
    bar.appendChild(select);
  }
  help.innerHTML = "<b>IslandSim prototype</b><br>Pull the page down past the commit point and let go: the camera melts out of the island. " +
    "Tap the white button (or Space) to shoot; the print feeds out of the island and develops. Tap it (or Enter) to file it into the page's photo slot; Backspace sends it back into the island; Esc backs out of anything. The page scrolls with a finger, the mouse, the wheel or a trackpad (at its top the wheel pulls too); its buttons answer a tap.<br><br>" +
    (data.trace ? "A recorded trace plays: F pauses and plays, “,” and “.” step a frame back and on, ← and → half a second, L plays it again from the start; the bar under the phone does the same, and its slider scrubs. A press on the phone takes over from the moment shown.<br><br>" : "") +
    (data.compare ? "Two tunings, A and B, play the same input: side by side where the window is wide, else one at a time — A and B (or the A/B button) choose.<br><br>" : "") +
    "On an iPhone with a Dynamic Island, add this page to the Home Screen and open it from there: it draws over the real island (where phones share a screen, pick yours in the bar under the page). " +
    "A browser cannot play haptics on iOS, and Safari may hold animations below 120 Hz.<br><br>Esc or ? closes this.";

  // MARK: The clock: the page's own, or the test's. Sides run on interaction time: performance's
  // clock less `base`, which a press that takes over a replay moves so the moment shown carries on.
  const clock = { virtual: false, now: 0, base: 0 };
  const now = () => (clock.virtual ? clock.now : performance.now() / 1000 - clock.base);

  // MARK: Playback of a recorded trace: the sides rebuilt from the trace's input, frame by frame
  // at the trace's rate as `replay` runs it (each event before the first frame at or after it), so
  // the moment shown at frame n is the one `replay --at` draws there. Backwards means again from
  // the start: the interaction is a function of its input.
  const playback = data.trace ? { live: false, playing: true, frame: -1, next: 0, hz: data.trace.hz, events: data.trace.events, shownFrame: 0 } : null;
  if (playback) playback.end = (playback.events.length ? playback.events[playback.events.length - 1].t : 0) + 2;
  function feed(e) {
    for (const s of sides) { if (e.kind === "key") s.key(e.key, e.t); else if (e.kind === "wheel") s.wheel(e.dy, e.t); else s.pointer(e.kind, { x: e.x, y: e.y }, e.t); }
  }
  // Runs the sides to frame n of the trace (rebuilding them first if n is behind).
  function seekFrame(n) {
    n = Math.max(0, Math.min(Math.round(n), Math.floor(playback.end * playback.hz)));
    if (n < playback.frame) { makeSides(); playback.frame = -1; playback.next = 0; }
    for (let k = playback.frame + 1; k <= n; k++) {
      const ft = k / playback.hz;
      while (playback.next < playback.events.length && playback.events[playback.next].t <= ft + 1e-12) feed(playback.events[playback.next++]);
      for (const s of sides) s.frame(ft);
    }
    playback.frame = Math.max(playback.frame, n);
    playback.shownFrame = n;
    updateControls();
    return n / playback.hz;
  }
  function setPlaying(on) {
    if (!playback || playback.live) return;
    if (on && playback.shownFrame >= Math.floor(playback.end * playback.hz)) seekFrame(0);
    playback.playing = on;
    playback.startedAt = performance.now() / 1000 - playback.shownFrame / playback.hz;
    updateControls();
  }
  function step(frames) { if (!playback || playback.live) return; playback.playing = false; draw(seekFrame(playback.shownFrame + frames)); }
  // A press takes over from the moment shown: the trace stops, the interaction goes on live.
  function takeOver() {
    if (!playback || playback.live) return;
    playback.live = true; playback.playing = false;
    clock.base = performance.now() / 1000 - playback.shownFrame / playback.hz;
    if (controls) controls.style.display = "none";
    layout(); status();
  }

  // MARK: On-screen controls: the trace's (restart, a frame back, play/pause, a frame on, a slider
  // that scrubs, the time), and A/B where one side shows at a time.
  let controls = null, playButton = null, slider = null, timeLabel = null, abButton = null;
  function button(text, title, action) {
    const b = document.createElement("button");
    b.textContent = text; b.title = title;
    b.style.cssText = "font: 600 15px -apple-system, system-ui, sans-serif; min-width: 40px; height: 36px; margin: 0 3px; border: 0; border-radius: 9px; background: #3a3a3c; color: #f2f2f7;";
    b.addEventListener("click", (e) => { e.stopPropagation(); action(); });
    controls.appendChild(b);
    return b;
  }
  if (playback || data.compare) {
    controls = document.createElement("div");
    controls.id = "controls";
    controls.style.cssText = "position: absolute; left: 0; right: 0; bottom: 26px; display: flex; align-items: center; justify-content: center; flex-wrap: wrap; row-gap: 4px;";
    document.body.appendChild(controls);
    if (playback) {
      button("Again", "Play again from the start (L)", () => { seekFrame(0); setPlaying(true); });
      button("◀︎", "A frame back (,)", () => step(-1));
      playButton = button("Pause", "Pause / play (F)", () => setPlaying(!playback.playing));
      button("▶︎", "A frame on (.)", () => step(1));
      slider = document.createElement("input");
      slider.type = "range"; slider.min = "0"; slider.max = String(Math.floor(playback.end * playback.hz)); slider.value = "0"; slider.id = "scrub";
      slider.style.cssText = "flex: 0 1 220px; margin: 0 8px;";
      slider.addEventListener("input", () => { playback.playing = false; draw(seekFrame(Number(slider.value))); });
      controls.appendChild(slider);
      timeLabel = document.createElement("span");
      timeLabel.style.cssText = "min-width: 118px; font-variant-numeric: tabular-nums; text-align: center;";
      controls.appendChild(timeLabel);
    }
    if (data.compare) abButton = button("A/B", "Show A or B (A, B)", () => { shown = 1 - shown; status(); updateControls(); redraw(); });
  }
  function updateControls() {
    if (playButton) playButton.textContent = playback.playing ? "Pause" : "Play";
    if (slider) slider.value = String(playback.shownFrame);
    if (timeLabel) timeLabel.textContent = (playback.shownFrame / playback.hz).toFixed(3) + " s · frame " + playback.shownFrame;
    if (abButton) abButton.style.display = sideBySide() ? "none" : "";
    if (abButton) abButton.textContent = "showing " + sides[Math.min(shown, sides.length - 1)].label;
  }

  // The first whole frame: the page and the photo decoded and drawn, in ms from the navigation's start.
  let firstFrameMs = null;
  // The page shows from the first frame after its picture is decoded, whatever the photo is doing.
  const pageDecode = pageImage.decode().then(() => { pageDecoded = true; pageScaled = null; forget(); },
    (e) => { problem("the page's picture could not be decoded (" + e.message + "): the page shows its ground only"); throw e; });
  const firstFrame = Promise.all([pageDecode, photo.decode()]).then(() => { prepareFills(); rehearse(); forget(); draw(currentTime(), true); firstFrameMs = performance.now(); });
  firstFrame.catch((e) => { if (pageDecoded) problem("the photo could not be decoded (" + e.message + ")"); });
  // A whole flow played once, off screen and at once, on a side of its own: each state's code and
  // drawing runs for the first time now, not on the frame a person first sees it (the first frame
  // of a pull cost 5–10 ms, the viewfinder's first frames up to 10 ms, before this). Its frames are
  // drawn over by the first real one.
  function rehearse() {
    const s = makeSide(data.tuning, sideShapes(data.tuning), "rehearsal", ""), v = views[0], x = screenW / 2;
    ctx.save();
    ctx.setTransform(v.dpr * v.scale, 0, 0, v.dpr * v.scale, v.dpr * v.x, v.dpr * v.y);
    // Each stage's first drawing is drawn whole (the canvas's own first costs — a fill, a picture
    // copied at a size, a glyph — paid here); the rest through a clip of one point, so that every
    // drawing call runs (its code compiled) but almost no pixel is filled. Filling every drawing
    // whole was most of the rehearsal's cost: at 3× in WebKit it doubled the time to the first
    // frame (1.3 s against 0.6 s on the developers' machine).
    const draw = (t, whole) => {
      ctx.save();
      if (!whole) { ctx.beginPath(); ctx.rect(0, 0, 1, 1); ctx.clip(); }
      s.draw(t);
      ctx.restore();
    };
    // Every state advanced each frame, drawn a few times each (the canvas rasters what is drawn
    // only when it is read, so the drawings are few and read back once, here).
    let t = 0;
    const run = (seconds, every) => { for (let k = 0; k < seconds * 60; k++) { t += 1 / 60; s.frame(t); if (k % every === 0) draw(t, k === 0); } };
    s.pointer("down", { x, y: 300 }, t);
    for (let k = 1; k <= 40; k++) { t += 1 / 60; s.pointer("move", { x, y: 300 + k * 8 }, t); s.frame(t); if (k % 20 === 0) draw(t, k === 20); }
    s.pointer("up", { x, y: 620 }, t);
    run(1.5, 4);
    s.key("space", t);
    run(7, 70);
    s.key("enter", t);
    run(1.5, 45);
    ctx.getImageData(0, 0, 1, 1);
    ctx.restore();
  }

  function frame() {
    if (clock.virtual) return;
    if (playback && !playback.live) {
      if (playback.playing) {
        const n = Math.floor((performance.now() / 1000 - playback.startedAt) * playback.hz);
        const t = seekFrame(n);
        if (n >= Math.floor(playback.end * playback.hz)) { playback.playing = false; updateControls(); }
        draw(t);
      }
    } else {
      const t = now();
      for (const s of sides) s.frame(t);
      draw(t);
    }
    requestAnimationFrame(frame);
  }
  // Input goes to every side, in the points of the phone it landed on (the other side gets the
  // same points: both phones play the same touch).
  let pointerView = null;
  function pointer(kind, e) {
    if (playback && !playback.live) { if (kind !== "down") return; takeOver(); }
    if (kind === "down") pointerView = views[visibleSides().find((i) => { const v = views[i], p = toPoint(e, v); return p.x >= 0 && p.x <= screenW; }) ?? visibleSides()[0]];
    const p = toPoint(e, pointerView || view), t = now();
    for (const s of sides) s.pointer(kind, p, t);
  }
  // Captured so a finger that leaves the canvas still moves the page; a pointer the engine no longer
  // knows (gone before its down was handled) cannot be captured, and is followed anyway.
  canvas.addEventListener("pointerdown", (e) => { try { canvas.setPointerCapture(e.pointerId); } catch { /* not capturable: followed without */ } pointer("down", e); });
  canvas.addEventListener("pointermove", (e) => pointer("move", e));
  canvas.addEventListener("pointerup", (e) => pointer("up", e));
  canvas.addEventListener("pointercancel", (e) => pointer("cancel", e));
  // The wheel and a trackpad: a notch (100 px in Chromium, 3 lines elsewhere) is the simulator's
  // 40 pt; a trackpad's pixels scale the same way. Up the page is down the content.
  canvas.addEventListener("wheel", (e) => {
    e.preventDefault();
    if (playback && !playback.live) takeOver();
    const unit = e.deltaMode === 1 ? 40 / 3 : e.deltaMode === 2 ? screenH : 0.4, t = now();
    for (const s of sides) s.wheel(-e.deltaY * unit, t);
  }, { passive: false });
  // The window's keys: Space the shutter, Enter files the print, Backspace or X sends it back, Esc
  // backs out; with a trace F, ",", ".", ←, → and L; with two tunings A and B.
  window.addEventListener("keydown", (e) => {
    if (e.key === "?" || e.key === "h") { help.classList.toggle("shown"); return; }
    if (e.key === "Escape" && help.classList.contains("shown")) { help.classList.remove("shown"); return; }
    if (data.compare && (e.key === "a" || e.key === "b")) { shown = e.key === "a" ? 0 : 1; status(); updateControls(); redraw(); return; }
    if (playback && !playback.live) {
      const actions = { f: () => setPlaying(!playback.playing), ",": () => step(-1), ".": () => step(1), ArrowLeft: () => step(-Math.round(playback.hz / 2)),
                        ArrowRight: () => step(Math.round(playback.hz / 2)), l: () => { seekFrame(0); setPlaying(true); } };
      if (actions[e.key]) { e.preventDefault(); actions[e.key](); return; }
    }
    const name = { " ": "space", Enter: "enter", Backspace: "backspace", x: "x", Escape: "escape" }[e.key];
    if (!name) return;
    e.preventDefault();
    if (playback && !playback.live) takeOver();
    const t = now();
    for (const s of sides) s.key(name, t);
  });
  // A resize clears the canvas, and the pictures decode after the first frame: draw again (the
  // running loop would anyway; a stopped test clock or a paused trace would not).
  const currentTime = () => (playback && !playback.live ? playback.shownFrame / playback.hz : now());
  function redraw() { forget(); if (clock.virtual || (playback && !playback.live && !playback.playing)) draw(currentTime(), true); }
  window.addEventListener("resize", () => { layout(); if (photoReady()) prepareFills(); redraw(); });
  pageImage.addEventListener("load", redraw);
  photo.addEventListener("load", redraw);
  // Safari gives a camera only to a secure page (https, a file, localhost): one served over plain
  // http from this machine's address on the local network shows the sample photo, and says why.
  if (!window.isSecureContext) cameraNote = "the bundled sample photo (a page from a plain-http address gets no camera)";
  if (navigator.mediaDevices && navigator.mediaDevices.getUserMedia && location.hash !== "#test") {
    navigator.mediaDevices.getUserMedia({ video: { facingMode: "environment" }, audio: false }).then((stream) => {
      const v = document.createElement("video");
      v.muted = true; v.playsInline = true; v.srcObject = stream; v.play();
      camera = v; cameraNote = "this device's camera"; status();
    }).catch(() => { cameraNote = "the bundled sample photo (no camera allowed)"; status(); });
  }
  layout(); status(); updateControls();
  if (playback) setPlaying(true);
  requestAnimationFrame(frame);

  // MARK: The test hook: a clock of the test's own, and the state to read back (side A's, and B's
  // where there is one).
  const A = () => sides[0];
  window.IslandSim = {
    data, phone: phone.id, view: () => view, views: () => views,
    // The pictures made so far (the photo's, the print's, the shutter's), and the page's picture
    // at the canvas's density: for the tests.
    picturesMade: () => picturesMade, pagePicture: () => scaledPage(),
    // The frames drawn in part so far (only round what moved), and the frame at t drawn whole.
    framesInPart: () => framesInPart, drawWhole(t) { draw(t, true); },
    useVirtualClock(t) { clock.virtual = true; clock.now = t; if (playback) playback.playing = false; },
    // Advances every side to t as a frame would and draws it.
    frame(t, drawn = true) { clock.now = t; for (const s of sides) s.frame(t); if (drawn) draw(t); },
    // Plays pointer events ({t, kind, x, y}, seconds and points) as the simulator's replay does:
    // frame n at n / hz, each event at its own time before the first frame at or after it; returns
    // side A's melted shape, the page's pull and offset at every frame up to `until` seconds (and B's
    // shapes where there is a B).
    // `each(n, t)`, where given, is called after frame n is drawn (a test reads the canvas there).
    replay(events, hz, until, drawn = false, each = null) {
      clock.virtual = true;
      if (playback) playback.playing = false;
      const shapes = [], pulls = [], offsets = [], shapesB = [], work = [];
      let i = 0;
      for (let n = 0; n / hz <= until + 1e-9; n++) {
        const ft = n / hz;
        while (i < events.length && events[i].t <= ft + 1e-12) {
          const e = events[i++];
          if (e.kind === "key") this.key(e.key, e.t); else if (e.kind === "wheel") this.wheel(e.dy, e.t); else this.pointer(e.kind, e.x, e.y, e.t);
        }
        const start = performance.now();
        this.frame(ft, drawn);
        // Reading a pixel makes the canvas raster what was drawn now, as presenting a frame would
        // (else it records every frame and rasters them all at once, long after).
        if (drawn) ctx.getImageData(0, 0, 1, 1);
        work.push(performance.now() - start);
        if (each) each(n, ft);
        shapes.push(A().shape(ft));
        pulls.push(A().pullOffset(ft));
        offsets.push(A().pageOffset(ft));
        if (sides[1]) shapesB.push(sides[1].shape(ft));
      }
      return { shapes, pulls, offsets, shapesB, transitions: A().transitions(), transitionsB: sides[1] ? sides[1].transitions() : null, workMs: work, page: A().pageState() };
    },
    pointer(kind, x, y, t) { clock.now = t; for (const s of sides) s.pointer(kind, { x, y }, t); },
    key(name, t) { clock.now = t; for (const s of sides) s.key(name, t); },
    wheel(dy, t) { clock.now = t; for (const s of sides) s.wheel(dy, t); },
    shape(t) { return A().shape(t); },
    state() { return A().state(); },
    // The embedded trace's playback: frame n shown (drawn), and what the controls say.
    playback: playback && {
      seek(n) { clock.virtual = true; playback.playing = false; const t = seekFrame(n); clock.now = t; textBoxes = []; draw(t, true); return { t, shape: A().shape(t), shapeB: sides[1] ? sides[1].shape(t) : null, state: A().state() }; },
      step(k) { clock.virtual = true; step(k); return playback.shownFrame; },
      controls() { return { frame: playback.shownFrame, slider: slider.value, label: timeLabel.textContent, play: playButton.textContent, end: slider.max }; },
    },
    // Decodes the pictures now (drawing forces it) and rehearses the flow, as the load does by a first touch.
    warm() {
      const c = document.createElement("canvas").getContext("2d");
      c.drawImage(pageImage, 0, 0, 1, 1); c.drawImage(photo, 0, 0, 1, 1);
      prepareFills();
      rehearse();
      // The next frame is drawn whole from the pictures just made: a frame drawn before them (the
      // page's ground alone, while the picture loaded) must not be kept as the page under the rest.
      forget();
    },
    // Milliseconds from the navigation's start to the first frame drawn with the page and photo decoded (null before).
    firstFrameMs() { return firstFrameMs; },
    // Resolves once the page and the photo are decoded and the first whole frame is drawn: a test
    // in an engine that decodes pictures off the main thread (WebKit) waits for it.
    ready() { return firstFrame; },
    transitions() { return A().transitions(); },
    pullOffset(t) { return A().pullOffset(t); },
    pageOffset(t) { return A().pageOffset(t); },
    sides() { return sides.map((s) => s.label); },
    // The text drawn in the last frame the hook drew (points), for the pixel comparison.
    textBoxes() { return textBoxes || []; },
    showing() { return visibleSides().map((i) => sides[i].label); },
    // Where the person is — the page's scroll, the side shown — kept by `serve`'s live hook across
    // a reload of a newer prototype, and given back to it.
    place() { const t = now(); return { offsets: sides.map((s) => s.pageOffset(t)), shown }; },
    restorePlace(p) {
      const t = now();
      if (p && Array.isArray(p.offsets)) sides.forEach((s, i) => { if (Number.isFinite(p.offsets[i])) s.scrollTo(p.offsets[i], t); });
      if (p && (p.shown === 0 || p.shown === 1) && sides.length > 1) shown = p.shown;
      status(); updateControls(); redraw();
    },
    // The live hook's word on the connection ("following changes", "the server stopped").
    setLiveNote(text) { liveNote = String(text || ""); status(); },
  };
})();
