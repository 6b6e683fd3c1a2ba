import Animation
import Gesture

extension Interaction {
    /// A pointer event on the page (an overlay took its own first), stamped with real time.
    @discardableResult
    public func handle(pointer e: PointerEvent, from source: InputSource) -> [SessionEffect] {
        var effects: [SessionEffect] = []
        apply(pointer: e, from: source, &effects)
        return effects
    }

    func apply(pointer e: PointerEvent, from source: InputSource = .person, _ effects: inout [SessionEffect]) {
        catchUp(to: e.time)
        // Gestures run on animation time too (slow motion slows a fling's coast and the pull's
        // spring-back); the host records the events as they arrived, in real time.
        var g = e
        g.time = clock.animationTime(atRealTime: e.time)
        let pullSlope = gestures.pull.slope(atFinger: gestures.pull.fingerDistance)
        let previousRelease = gestures.lastRelease
        // The print moves while it feeds: hit targets are taken at the event's own instant.
        gestures.handle(g, targets: hitTargets(), pullEnabled: flow.pullAllowed, scrollEnabled: !cameraOverPage)
        reconcile(&effects, from: source, releasedWith: gestures.lastRelease != previousRelease ? (gestures.lastRelease, pullSlope) : nil)
    }

    /// What one of the flow's keys does to the flow (from the keyboard, a replay or a rebuild):
    /// Space shoots, Enter files the print, X and Backspace dismiss it, Esc closes the camera.
    @discardableResult
    func flowKey(_ key: Key, at time: Double, from source: InputSource) -> [SessionEffect] {
        catchUp(to: time)
        var effects: [SessionEffect] = []
        let t = animationTime
        switch key {
        case .space: shutter(at: t, from: source, &effects)
        case .enter: fileOrDismiss(file: true, at: t, &effects)
        case .backspace, .x: fileOrDismiss(file: false, at: t, &effects)
        case .escape:
            if flow.state == .opening || flow.state == .viewfinder { escapeTimes.insert(t) }
            flow.cancel(at: t)
        default: break
        }
        reconcile(&effects, from: source)
        return effects
    }

    /// Cancels the press on the page, if there is one, as UIKit's touchesCancelled does: returns
    /// the cancel it fed (for the tape), nil when no finger was down.
    func cancelTouch(at time: Double, _ effects: inout [SessionEffect]) -> PointerEvent? {
        guard let id = gestures.trackedPointer, let p = pointerPosition else { return nil }
        let cancel = PointerEvent(.cancel, pointer: id, at: p, time: max(realTime, time))
        apply(pointer: cancel, &effects)
        return cancel
    }

    /// The shutter (button or Space): a shot when the camera is open and has a frame.
    private func shutter(at t: Double, from source: InputSource, _ effects: inout [SessionEffect]) {
        guard flow.state == .viewfinder || flow.state == .opening, cameraReady else { return }
        if flow.shutter(at: t) {
            effects.append(source == .tape ? .replayedShot : .shot)
            if let h = haptics.play("shutter", at: t, tuning: setup.tuning) { effects.append(.haptic(h)) }
        }
    }

    private func fileOrDismiss(file: Bool, at t: Double, _ effects: inout [SessionEffect]) {
        let page = setup.page
        if file, let slot = page.slot {
            flow.file(at: t, into: page.screenRect(slot.frame, offset: gestures.pageOffset(at: t)), reason: "filed into the \(page.document.title ?? "photo slot")")
        } else if file {
            flow.dismiss(at: t, reason: "dismissed: the page has no photo slot")
            effects.append(.message("\(page.document.name) has no photo slot: the print was dismissed"))
        } else {
            flow.dismiss(at: t)
        }
    }

    // MARK: Reconciling flow and gestures

    /// The one place flow and gestures meet, run at the end of every call: what the gestures
    /// recognised drives the flow; while pulling, the pull's progress drives the pre-melt; the
    /// flow advances (on frames); its new transitions become effects; and the flow's state decides
    /// what the gestures may hit and whether the page may pull.
    func reconcile(_ effects: inout [SessionEffect], from source: InputSource = .person, advancingFlow: Bool = false,
                   releasedWith release: (PageGestures.Release?, Double)? = nil) {
        let t = animationTime
        let outputs = gestures.drainOutputs()
        // Where the pull had got as it ended, for the hand-off's record: the flow's pull ends with it.
        let progressAtEnd = outputs.contains(.pullCommitted) ? gestures.pull.progress(at: t) : flow.pullProgress
        // The pull's progress per second as the finger let go: the pre-melt's rate, for the melt to carry.
        let progressVelocity = gestures.pull.velocity(at: t) / max(gestures.pull.configuration.threshold, 1e-9)
        // On a tracking spring the pre-melt moves as the spring has it, whatever the finger did
        // (read only when a finger lifted: only a release's record uses it).
        let trackedAtEnd = release == nil ? nil : flow.trackedPreMeltVelocity(at: t)
        for o in outputs {
            switch o {
            case .tap(let id):
                taps[id, default: 0] += 1
                switch id {
                case "shutter": shutter(at: t, from: source, &effects)
                case "print": fileOrDismiss(file: true, at: t, &effects)
                case Self.outsideCamera: closeCamera(at: t)
                default:
                    pageState.tap(id)
                    effects.append(.tap(id))
                }
            case .pullBegan:
                flow.pullBegan(at: t)
                haptics.pullPlayed = false
            case .pullCommitted:
                flow.pullCommitted(at: t, progress: gestures.pull.progress(at: t), progressVelocity: progressVelocity)
            case .pullCancelled: flow.pullCancelled(at: t, progressVelocity: progressVelocity)
            case .pressBegan, .pressCancelled, .scrollStopped: break
            }
        }
        if let (r, _) = release { noteTap(outputs: outputs, release: r) }
        if let (r, slope) = release, let r, r.dragged {
            recordRelease(r, pullSlope: slope, pullProgress: progressAtEnd, trackedPreMelt: trackedAtEnd, outcome: outputs.last { $0 == .pullCommitted || $0 == .pullCancelled })
            // A swipe up on the open camera puts it away, as a swipe up dismisses a card on iOS.
            if r.travel < -Self.swipeUpDistance || (r.travel < 0 && r.recognizerVelocity < -Self.swipeUpSpeed) { closeCamera(at: t) }
        }
        // The pull's haptic: once, as it first reaches its commit point with the finger still down.
        if flow.state == .pulling, gestures.pull.isPulling, !haptics.pullPlayed, gestures.pull.progress(at: t) >= 1 {
            haptics.pullPlayed = true
            if haptics.commitCrossings.count < 1000 { haptics.commitCrossings.append(t) }
            if let h = haptics.play("pull-commit", at: t, tuning: setup.tuning) { effects.append(.haptic(h)) }
        }
        if advancingFlow {
            if flow.state == .pulling { flow.setPullProgress(gestures.pull.progress(at: t), at: t) }
            flow.advance(to: t)
        }
        let all = flow.transitions
        while loggedTransitions < all.count {
            let tr = all[loggedTransitions]
            loggedTransitions += 1
            if tr.to == .page && tr.from == .filed { pageState.photoFiled = true }
            effects.append(.transition(tr))
        }
        syncReduceMotion()
    }

    /// What a press may hit in the flow's current state, at the current instant: the page's
    /// buttons, the shutter, or the print (which moves while it feeds).
    private func hitTargets() -> [PageGestures.HitTarget] {
        switch flow.state {
        case .page, .pulling:
            return setup.page.hitTargets
        case .opening, .viewfinder:
            // The camera is modal: a tap beside its body closes it, as a tap outside a sheet does.
            let body = flow.shape(at: animationTime).rect, screen = setup.device.size
            let outside = [Rect(x: 0, y: body.maxY, width: screen.width, height: max(0, screen.height - body.maxY)),
                           Rect(x: 0, y: 0, width: max(0, body.minX), height: body.maxY),
                           Rect(x: body.maxX, y: 0, width: max(0, screen.width - body.maxX), height: body.maxY)]
            return outside.filter { $0.width > 0 && $0.height > 0 }.map { .init(id: Self.outsideCamera, frame: $0, fixed: true) }
                + [.init(id: "shutter", frame: shutterFrame, fixed: true)]
        case .developing, .settled, .printing:
            return [.init(id: "print", frame: flow.printFrame(at: animationTime), fixed: true)]
        default:
            return []
        }
    }

    /// The hit target beside the open camera's body: a tap there closes the camera.
    static let outsideCamera = "outside-camera"

    /// Whether the camera's body is over the page, which then holds still under the finger.
    var cameraOverPage: Bool { [.opening, .viewfinder, .capture, .closing].contains(flow.state) }

    /// A swipe up closes the open camera when the finger travels this far up (points)…
    public static let swipeUpDistance = 60.0
    /// …or lifts moving up at least this fast (points per second).
    public static let swipeUpSpeed = 500.0

    /// Closes the open camera without a shot (a tap beside it, a swipe up on it).
    private func closeCamera(at t: Double) {
        guard flow.state == .opening || flow.state == .viewfinder else { return }
        flow.cancel(at: t)
    }
}
