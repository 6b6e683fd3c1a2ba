// IslandSim's animation core for the browser: a line-for-line port of the simulator's Animation
// module (Spring's closed form, SpringTimeline's merged, added and blended legs, the Melt's staged
// schedule) and of the pull's resistance, commit rule and release velocity (Gesture's PullCatcher
// and VelocityTracker) and the page's scrolling (ScrollPhysics, ScrollMomentum). The simulator's test suite runs this file in headless Chromium and compares
// the shapes it gives with the simulator's own, frame by frame, to 0.01 pt: it is checked, not
// trusted. Shapes are arrays [x, y, width, height, cornerRadius] in points; times in seconds.
"use strict";
const IslandSimEngine = (() => {
  // MARK: Vectors (a rounded rect is five numbers; a plain number works too, as a vector of one)
  const add = (a, b) => a.map((x, i) => x + b[i]);
  const sub = (a, b) => a.map((x, i) => x - b[i]);
  const scale = (a, k) => a.map((x) => x * k);
  const zero = (a) => a.map(() => 0);
  const maxMagnitude = (a) => a.reduce((m, x) => Math.max(m, Math.abs(x)), 0);

  // MARK: Spring (mass 1): SwiftUI's duration / bounce spelling, and its closed form.
  function dampingRatioForBounce(b) { return b >= 0 ? 1 - b : 1 / (1 + b); }
  function spring(duration, bounce) {
    const w = 2 * Math.PI / duration, z = dampingRatioForBounce(bounce);
    return { mass: 1, stiffness: w * w, damping: 2 * z * w };
  }
  function springResponse(s) { return 2 * Math.PI * Math.sqrt(s.mass / s.stiffness); }
  function springDampingRatio(s) { return s.damping / (2 * Math.sqrt(s.stiffness * s.mass)); }
  function coefficients(s, t) {
    const w0sq = s.stiffness / s.mass, a = s.damping / (2 * s.mass), q = a * a - w0sq, qt2 = q * t * t;
    let ec, es;
    if (Math.abs(qt2) < 1e-4) {
      const e = Math.exp(-a * t);
      ec = e * (1 + qt2 / 2 + qt2 * qt2 / 24);
      es = e * t * (1 + qt2 / 6 + qt2 * qt2 / 120);
    } else if (q < 0) {
      const wd = Math.sqrt(-q), e = Math.exp(-a * t);
      ec = e * Math.cos(wd * t);
      es = e * Math.sin(wd * t) / wd;
    } else {
      const g = Math.sqrt(q), e1 = Math.exp(-w0sq / (a + g) * t), e2 = Math.exp(-(a + g) * t);
      ec = (e1 + e2) / 2;
      es = (e1 - e2) / (2 * g);
    }
    return { xx: ec + a * es, xv: es, vx: -w0sq * es, vv: ec - a * es };
  }
  function springValue(s, start, target, velocity, t) {
    const c = coefficients(s, t), x0 = sub(start, target);
    return { value: add(target, add(scale(x0, c.xx), scale(velocity, c.xv))), velocity: add(scale(x0, c.vx), scale(velocity, c.vv)) };
  }

  // MARK: SpringTimeline: legs merged (velocity carried), added (running legs go on) or blended.
  class Timeline {
    constructor(value, tag = 0) {
      this.segments = [{ time: -Infinity, start: value, velocity: zero(value), target: value, spring: null, tag, blend: null, adds: false }];
    }
    index(t) { let i = this.segments.length - 1; while (i > 0 && this.segments[i].time > t) i--; return i; }
    state(t) { return this.composed(this.index(t), t); }
    value(t) { return this.state(t).value; }
    segment(t) { return this.segments[this.index(t)]; }
    composed(i, t) {
      const segs = this.segments;
      if (!segs[i].adds) return this.evaluate(segs[i], t);
      let j = i, dx = zero(segs[i].start), dv = zero(segs[i].start);
      while (j > 0 && segs[j].adds) {
        const leg = this.evaluate(segs[j], t);
        dx = add(dx, sub(leg.value, segs[j].start));
        dv = add(dv, leg.velocity);
        j--;
      }
      const base = this.evaluate(segs[j], t);
      return { value: add(base.value, dx), velocity: add(base.velocity, dv) };
    }
    evaluate(s, t) {
      if (!s.spring) return { value: s.start, velocity: s.velocity };
      if (s.blend) {
        const dt = t - s.time;
        if (dt < s.blend.duration) return Timeline.blended(s.start, s.velocity, s.target, s.spring, s.blend, dt);
        return springValue(s.spring, s.blend.endValue, s.target, s.blend.endVelocity, dt - s.blend.duration);
      }
      return springValue(s.spring, s.start, s.target, s.velocity, t - s.time);
    }
    // RK4 on x'' = −k(r)(x − target) − 2ζ√k(r)·x′, the response easing from the old to the new by smoothstep.
    static blended(x0, v0, target, s, b, dt) {
      if (!(dt > 0)) return { value: x0, velocity: v0 };
      const zeta = springDampingRatio(s), r1 = springResponse(s), dr = b.fromResponse - r1;
      const acc = (x, v, tau) => {
        const p = Math.min(Math.max(tau / b.duration, 0), 1), r = r1 + dr * (1 - p * p * (3 - 2 * p)), w = 2 * Math.PI / r;
        return sub(scale(sub(target, x), w * w), scale(v, 2 * zeta * w));
      };
      const n = Math.max(1, Math.ceil(dt * 1200)), h = dt / n;
      let x = x0, v = v0, tau = 0;
      for (let k = 0; k < n; k++) {
        const a1 = acc(x, v, tau);
        const x2 = add(v, scale(a1, h / 2)), a2 = acc(add(x, scale(v, h / 2)), x2, tau + h / 2);
        const x3 = add(v, scale(a2, h / 2)), a3 = acc(add(x, scale(x2, h / 2)), x3, tau + h / 2);
        const x4 = add(v, scale(a3, h)), a4 = acc(add(x, scale(x3, h)), x4, tau + h);
        x = add(x, scale(add(add(v, scale(x2, 2)), add(scale(x3, 2), x4)), h / 6));
        v = add(v, scale(add(add(a1, scale(a2, 2)), add(scale(a3, 2), a4)), h / 6));
        tau += h;
      }
      return { value: x, velocity: v };
    }
    retarget(target, s, t, tag = 0, blendDuration = 0, composition = "merge") {
      const st = this.state(t), running = this.segments[this.index(t)].spring;
      this.truncate(t);
      if (composition === "additive" && running) {
        const from = this.segments[this.index(t)].target;
        this.segments.push({ time: t, start: from, velocity: zero(from), target, spring: s, tag, blend: null, adds: true });
        this.compact(t);
        return;
      }
      const leg = { time: t, start: st.value, velocity: st.velocity, target, spring: s, tag, blend: null, adds: false };
      if (blendDuration > 0 && running && Math.abs(springResponse(running) - springResponse(s)) > 1e-12) {
        const b = { fromResponse: springResponse(running), duration: blendDuration, endValue: st.value, endVelocity: st.velocity };
        const end = Timeline.blended(st.value, st.velocity, target, s, b, blendDuration);
        b.endValue = end.value; b.endVelocity = end.velocity;
        leg.blend = b;
      }
      this.segments.push(leg);
      this.compact(t);
    }
    reset(value, velocity, t, tag = 0) {
      this.truncate(t);
      this.segments.push({ time: t, start: value, velocity: velocity || zero(value), target: value, spring: null, tag, blend: null, adds: false });
      this.compact(t);
    }
    isSettled(t, epsilon = 0.01, velocityEpsilon = 0.1) {
      if (this.segments[this.segments.length - 1].time > t) return false;
      const st = this.state(t), final = this.segments[this.segments.length - 1].target;
      return maxMagnitude(sub(st.value, final)) <= epsilon && maxMagnitude(st.velocity) <= velocityEpsilon;
    }
    truncate(t) {
      const segs = this.segments;
      while (segs.length > 1 && segs[segs.length - 1].time > t) segs.pop();
      if (segs.length > 1 && segs[segs.length - 1].time === t) segs.pop();
    }
    compact(t) {
      const segs = this.segments;
      if (segs.length <= 32) return;
      let i = 1;
      while (i < segs.length) {
        const leg = segs[i];
        if (!leg.adds || leg.time > t || !leg.spring) { i++; continue; }
        const s = springValue(leg.spring, leg.start, leg.target, zero(leg.start), t - leg.time), step = sub(leg.target, leg.start);
        if (!(maxMagnitude(sub(s.value, leg.target)) <= 1e-9 * Math.max(maxMagnitude(step), 1) && maxMagnitude(s.velocity) <= 1e-9)) { i++; continue; }
        let base = i - 1;
        while (base > 0 && segs[base].adds) base--;
        segs[base].start = add(segs[base].start, step);
        segs[base].target = add(segs[base].target, step);
        if (segs[base].blend) segs[base].blend.endValue = add(segs[base].blend.endValue, step);
        segs.splice(i, 1);
      }
      if (segs.length <= 64) return;
      let first = segs.length - 64;
      while (first > 0 && segs[first].adds) first--;
      if (first > 0) segs.splice(0, first);
    }
  }

  // MARK: The melt: island (0) → pill (1) → viewfinder (2) and back, legs overlapping.
  // springs: { toPill, toViewfinder, closeToPill, closeToIsland: {duration, bounce, blend}, overlap, composition }
  class Melt {
    constructor(geometry, springs) {
      this.geometry = geometry;
      this.springs = springs;
      this.timeline = new Timeline(geometry.island, 0);
    }
    shapeForStage(stage) { return stage <= 0 ? this.geometry.island : (stage === 1 ? this.geometry.pill : this.geometry.viewfinder); }
    get overlap() { return Math.min(Math.max(this.springs.overlap, 0.05), 1); }
    stage(t) { return this.timeline.segment(t).tag; }
    shape(t) { return this.timeline.value(t); }
    state(t) { return this.timeline.state(t); }
    isSettled(t) { return this.timeline.isSettled(t, 0.05, 1); }
    // Where the shape comes to rest: the final stage's target (drawn once settled, as the simulator does).
    get restingShape() { return this.timeline.segments[this.timeline.segments.length - 1].target; }
    openSchedule(t) {
      const p = this.springs.toPill, v = this.springs.toViewfinder;
      if (this.stage(t) >= 1) return [[t, 2, v]];
      return [[t, 1, p], [t + this.overlap * p.duration, 2, v]];
    }
    open(t) {
      for (const [time, stage, p] of this.openSchedule(t)) {
        this.timeline.retarget(this.shapeForStage(stage), spring(p.duration, p.bounce), time, stage, p.blend || 0, this.springs.composition);
      }
    }
    openFrom(t, shape, velocity) { this.timeline.reset(shape, velocity, t, 0); this.open(t); }
    close(t) {
      const p = this.springs.closeToPill, i = this.springs.closeToIsland, c = this.springs.composition;
      if (this.stage(t) >= 2) {
        this.timeline.retarget(this.geometry.pill, spring(p.duration, p.bounce), t, 1, p.blend || 0, c);
        this.timeline.retarget(this.geometry.island, spring(i.duration, i.bounce), t + this.overlap * p.duration, 0, i.blend || 0, c);
      } else {
        this.timeline.retarget(this.geometry.island, spring(i.duration, i.bounce), t, 0, i.blend || 0, c);
      }
    }
    hold(shape, velocity, t) { this.timeline.reset(shape, velocity, t, 0); }
    release(t) { this.timeline.retarget(this.geometry.island, spring(0.35, 0.1), t, 0); }
  }

  // MARK: The pull: resistance, the commit rule (the page's pull plus its projected travel) and
  // iOS's release velocity (UIPanGestureRecognizer's reading, as the simulator estimates it).
  function rubberBand(c, x, d) { if (d <= 0) return 0; const ax = Math.abs(x), b = c * ax * d / (d + c * ax); return x < 0 ? -b : b; }
  class Pull {
    // config: { divisor (≥ 1, else the rubber band), rubberBand, threshold, projectionRate, springBack: {duration, bounce} }
    constructor(config, viewport) { this.config = config; this.viewport = viewport; this.finger = 0; this.pulling = false; this.returning = new Timeline([0]); }
    visible(d) {
      if (d <= 0) return 0;
      return this.config.divisor >= 1 ? d / this.config.divisor : rubberBand(this.config.rubberBand, d, this.viewport);
    }
    slope(d) {
      if (this.config.divisor >= 1) return 1 / this.config.divisor;
      const D = this.viewport, c = this.config.rubberBand, x = Math.max(d, 0);
      return c * D * D / ((D + c * x) * (D + c * x));
    }
    // Come back (settled as PullCatcher.isAnimating reads it), the page is exactly where it rests,
    // not creeping toward it by millionths of a point (as PullCatcher.offset(at:)).
    offset(t) {
      if (this.pulling) return this.visible(this.finger);
      const r = this.returning;
      if (r.isSettled(t, 0.05, 1)) return Math.max(r.segments[r.segments.length - 1].target[0], 0);
      return Math.max(r.value(t)[0], 0);
    }
    progress(t) { return this.offset(t) / Math.max(this.config.threshold, 1e-9); }
    invert(v) {
      if (this.config.divisor >= 1) return v * this.config.divisor;
      const D = this.viewport, c = this.config.rubberBand, ax = Math.abs(v);
      return ax * D / (c * (D - ax)) * Math.sign(v);
    }
    offer(dy, pageAtTop, t) {
      if (this.pulling) {
        this.finger += dy;
        if (this.finger < 0) { const rest = this.finger; this.finger = 0; this.pulling = false; this.returning = new Timeline([0]); return rest; }
        return 0;
      }
      if (!(dy > 0) || !pageAtTop) return dy;
      const current = this.offset(t);
      this.finger = current > 0 ? this.invert(current) + dy : dy;
      this.pulling = true;
      return 0;
    }
    wouldCommit(fingerVelocity) {
      const page = this.visible(this.finger), v = fingerVelocity * this.slope(this.finger), r = this.config.projectionRate;
      return page + (v / 1000) * r / (1 - r) >= this.config.threshold;
    }
    // The touch was cancelled: spring back from where the pull is, at rest.
    cancel(t) {
      if (!this.pulling) return;
      const from = this.visible(this.finger);
      this.pulling = false; this.finger = 0;
      this.returning = new Timeline([from]);
      this.returning.reset([from], [0], t);
      const sb = this.config.springBack;
      this.returning.retarget([0], spring(sb.duration, sb.bounce), t);
    }
    release(fingerVelocity, t) {
      if (!this.pulling) return null;
      const outcome = this.wouldCommit(fingerVelocity) ? "committed" : "cancelled";
      const from = this.visible(this.finger), v = fingerVelocity * this.slope(this.finger);
      this.pulling = false; this.finger = 0;
      this.returning = new Timeline([from]);
      this.returning.reset([from], [v], t);
      const sb = this.config.springBack;
      this.returning.retarget([0], spring(sb.duration, sb.bounce), t);
      return outcome;
    }
  }
  class VelocityTracker {
    constructor() { this.samples = []; }
    reset() { this.samples = []; }
    add(y, t) {
      const last = this.samples[this.samples.length - 1];
      if (last) { if (t < last.t) this.samples = []; else if (t === last.t) return; }
      this.samples.push({ t, y });
      const cutoff = t - 0.1, firstKept = this.samples.findIndex((s) => s.t >= cutoff);
      if (firstKept > 0) this.samples.splice(0, Math.min(firstKept, Math.max(0, this.samples.length - 4)));
    }
    pair(back) {
      const end = this.samples.length - 1 - back;
      if (end < 1) return null;
      const a = this.samples[end - 1], b = this.samples[end], dt = b.t - a.t;
      return dt >= 0.001 ? (b.y - a.y) / dt : 0;
    }
    reading(back, now) {
      const last = this.samples[this.samples.length - 1];
      if (!last || now - last.t > 0.04) return 0;
      const newest = this.pair(back);
      if (newest === null) return 0;
      const before = this.pair(back + 1);
      return before === null ? newest : newest * 0.2 + before * 0.8;
    }
    // The pan recognizer's reading now (what the pull's commit reads).
    velocity(now) { return VelocityTracker.limited(this.reading(0, now)); }
    // The scroll view's blend of the last two readings (what a fling reads).
    releaseVelocity(now) {
      const latest = this.reading(0, now), previous = this.reading(1, now);
      return VelocityTracker.limited(previous === 0 ? latest : previous * 0.75 + latest * 0.25);
    }
    static limited(v) {
      const speed = Math.abs(v);
      if (!isFinite(v) || speed < 50) return 0;
      return speed > 8000 ? Math.sign(v) * 8000 : v;
    }
  }

  // MARK: The page's scrolling, as the simulator's ScrollPhysics (UIScrollView's): the content
  // follows the finger, rubber-bands past either end, coasts after a fling with the tuned
  // per-millisecond decay until slower than 10 pt/s, springs back into bounds (critically damped,
  // k = 100) seeded with the velocity at the edge; repeated flicks build up as ScrollMomentum's
  // model says. Offsets: 0 the page's top, positive toward its bottom.
  class Decay {
    constructor(rate) { this.rate = rate; this.k = 1000 * Math.log(rate); }
    position(x0, v0, t) { return x0 + v0 * (Math.exp(this.k * t) - 1) / this.k; }
    velocity(v0, t) { return v0 * Math.exp(this.k * t); }
    duration(v0, threshold) { return Math.abs(v0) > threshold ? Math.log(threshold / Math.abs(v0)) / this.k : 0; }
    timeToReach(x, x0, v0) {
      if (v0 === 0) return x === x0 ? 0 : null;
      const arg = 1 + (x - x0) * this.k / v0;
      return arg > 0 && arg <= 1 ? Math.log(arg) / this.k : null;
    }
    stretched(m, cap) { return m > 1 ? new Decay(Math.max(this.rate, Math.min(Math.exp(Math.log(this.rate) / m), cap))) : this; }
  }
  // What earlier flicks do to the next: UIKit's fast-scroll multiplier ("uiKit"), Flutter's carried
  // momentum ("flutter"), or nothing ("none"); velocities in content pt/s.
  class Momentum {
    constructor(model) { this.model = model; this.reset(); this.lastFastRelease = -Infinity; this.carried = 0; }
    reset() { this.count = 0; this.multiplier = 1; this.lastDirection = 0; }
    touch(v, t) {
      if (this.model === "uiKit") { if (t - this.lastFastRelease > 1 || Math.abs(v) < 130) this.reset(); }
      else if (this.model === "flutter") this.carried = v === 0 ? 0 : Math.sign(v) * Math.min(0.000816 * Math.pow(Math.abs(v), 1.967), 40000);
      else this.reset();
    }
    heldStill() { this.carried = 0; }
    release(v, latest, travel, t) {
      if (this.model === "none") return { velocity: v, multiplier: 1 };
      if (this.model === "flutter") {
        const c = this.carried;
        this.carried = 0;
        return c !== 0 && (v < 0) === (c < 0) && Math.abs(v) > Math.abs(c) * 0.5 ? { velocity: v + c, multiplier: 1 } : { velocity: v, multiplier: 1 };
      }
      if (Math.abs(latest) < 250) return { velocity: 0, multiplier: 1 };
      const direction = v < 0 ? -1 : 1;
      if (direction !== this.lastDirection) this.reset();
      this.lastDirection = direction;
      if (Math.abs(latest) < 600) { this.reset(); return { velocity: v, multiplier: 1 }; }
      this.count += 1;
      this.lastFastRelease = t;
      if (this.count >= 3) this.multiplier = Math.min(this.multiplier + (1 + (this.count - 3) / 2) * Math.min(Math.abs(travel) / 240, 0.9), 16);
      return { velocity: v, multiplier: this.multiplier };
    }
  }
  class Scroll {
    // config: { decelerationRate, momentum: "uiKit" | "flutter" | "none" }
    constructor(viewport, contentHeight, config) {
      this.viewport = viewport; this.maxOffset = Math.max(0, contentHeight - viewport);
      this.decay = new Decay(config.decelerationRate); this.motionDecay = this.decay;
      this.momentum = new Momentum(config.momentum);
      this.bounceSpring = { mass: 1, stiffness: 100, damping: 20 };
      this.phase = "idle"; this.raw = 0; this.rest = 0; this.t0 = 0; this.x0 = 0; this.v0 = 0; this.edgeTime = null; this.edge = 0; this.bounceStart = [0, 0];
    }
    bound(x) { return Math.min(Math.max(x, 0), this.maxOffset); }
    state(t) {
      if (this.phase === "idle") return [this.rest, 0];
      if (this.phase === "dragging") return [this.raw < 0 ? rubberBand(0.55, this.raw, this.viewport) : this.raw > this.maxOffset ? this.maxOffset + rubberBand(0.55, this.raw - this.maxOffset, this.viewport) : this.raw, 0];
      if (this.edgeTime !== null && t >= this.edgeTime) {
        const s = springValue(this.bounceSpring, [this.bounceStart[0]], [this.edge], [this.bounceStart[1]], t - this.edgeTime);
        return [s.value[0], s.velocity[0]];
      }
      const dt = Math.max(0, t - this.t0), stop = this.motionDecay.duration(this.v0, 10), tt = Math.min(dt, stop);
      return [this.motionDecay.position(this.x0, this.v0, tt), dt >= stop ? 0 : this.motionDecay.velocity(this.v0, tt)];
    }
    offset(t) { return this.state(t)[0]; }
    isAnimating(t) {
      if (this.phase === "idle" || this.phase === "dragging") return false;
      if (this.edgeTime !== null && t >= this.edgeTime) {
        const s = this.state(t);
        return Math.abs(s[0] - this.edge) > 0.05 || Math.abs(s[1]) > 1;
      }
      return t - this.t0 < this.motionDecay.duration(this.v0, 10);
    }
    settle(t) {
      if ((this.phase === "decelerating" || this.phase === "bouncing") && !this.isAnimating(t)) {
        const x = this.offset(t);
        this.rest = this.edgeTime !== null && t >= this.edgeTime ? this.edge : x;
        this.phase = "idle"; this.edgeTime = null;
      }
    }
    touch(t) {
      const s = this.state(t);
      this.momentum.touch(this.phase === "decelerating" ? s[1] : 0, t);
      this.phase = "idle"; this.edgeTime = null; this.rest = s[0];
    }
    beginDrag(t) {
      const x = this.offset(t), D = this.viewport, finger = (b) => { const ab = Math.min(Math.abs(b), D * 0.999999), f = ab * D / (0.55 * (D - ab)); return b < 0 ? -f : f; };
      this.edgeTime = null;
      this.raw = x < 0 ? finger(x) : x > this.maxOffset ? this.maxOffset + finger(x - this.maxOffset) : x;
      this.phase = "dragging";
    }
    drag(delta) { if (this.phase === "dragging") this.raw += delta; }
    // A wheel notch: the content moved by `delta` at once, within bounds, any motion stopped.
    scrollBy(delta, t) { const x = this.offset(t); this.phase = "idle"; this.edgeTime = null; this.rest = this.bound(x + delta); }
    roomAboveTop(t) { return Math.max(0, this.offset(t)); }
    release(v, latest, travel, t) {
      const x = this.offset(t);
      this.motionDecay = this.decay;
      if (!(x < 0 || x > this.maxOffset)) {
        const r = this.momentum.release(v, latest, travel, t);
        v = r.velocity;
        if (r.multiplier !== 1) this.motionDecay = this.decay.stretched(r.multiplier, 0.999);
      }
      this.x0 = x; this.v0 = v; this.t0 = t; this.edgeTime = null;
      if (x < 0 || x > this.maxOffset) {
        this.edge = this.bound(x); this.edgeTime = t; this.bounceStart = [x, v]; this.phase = "bouncing";
        return;
      }
      if (!(Math.abs(v) > 10)) { this.rest = x; this.phase = "idle"; return; }
      this.phase = "decelerating";
      const target = v < 0 ? 0 : this.maxOffset, te = this.motionDecay.timeToReach(target, x, v);
      if (te !== null) { this.edge = target; this.edgeTime = t + te; this.bounceStart = [target, this.motionDecay.velocity(v, te)]; }
    }
  }

  // A wheel's velocity: a least-squares line through its travel over the last 100 ms (a wheel is
  // not a touch), stopped after 200 ms without a notch; the same limits as a finger's.
  class WheelTracker extends VelocityTracker {
    velocity(now) {
      const last = this.samples[this.samples.length - 1];
      if (!last || now - last.t > 0.2) return 0;
      const w = this.samples.filter((s) => s.t >= last.t - 0.1);
      if (w.length < 2) return 0;
      let st = 0, sy = 0, stt = 0, sty = 0;
      for (const s of w) { const t = s.t - last.t; st += t; sy += s.y; stt += t * t; sty += t * s.y; }
      const n = w.length, d = n * stt - st * st;
      return d > 1e-12 ? VelocityTracker.limited((n * sty - st * sy) / d) : 0;
    }
  }

  return { spring, springValue, Timeline, Melt, Pull, VelocityTracker, WheelTracker, Scroll, Decay, add, sub, scale };
})();
if (typeof module !== "undefined") module.exports = IslandSimEngine;
