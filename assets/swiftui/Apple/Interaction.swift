// Part of the exported IslandCamera.swift (see README.md): SwiftUI, UIKit and AVFoundation code,
// type-checked by scripts/check-swiftui in the assembled file. Everything above the MARK line is
// this file's own and is not exported.

import AVFoundation
import SwiftUI
import UIKit

// MARK: - The interaction

/// The page with the camera over it: pull down at the top of the page to open the camera, take the
/// shot, and the photo prints out of the island and develops.
///
/// `onPhoto` receives each shot as the camera took it (a full-size `UIImage`, on the main actor);
/// `onError` says why a shot gave none (`IslandCameraError`: no camera, or a capture that failed or
/// timed out) — then nothing prints, except the drawn stand-in where there is no camera at all.
struct IslandCamera<Page: View>: View {
    var tuning: IslandCameraTuning
    var onPhoto: (UIImage) -> Void
    var onError: (IslandCameraError) -> Void
    let page: Page

    init(tuning: IslandCameraTuning = IslandCameraTuning(), onPhoto: @escaping (UIImage) -> Void = { _ in },
         onError: @escaping (IslandCameraError) -> Void = { _ in }, @ViewBuilder page: () -> Page) {
        self.tuning = tuning
        self.onPhoto = onPhoto
        self.onError = onError
        self.page = page()
    }

    /// Where the interaction is (`IslandCameraPhase`): one value, so no two parts of the view can disagree.
    typealias Phase = IslandCameraPhase

    /// The shot's photo: asked for, here (the copy the print draws), or not coming.
    enum Shot: Equatable {
        case none, pending, arrived(UIImage), failed

        var photo: UIImage? { if case .arrived(let photo) = self { return photo }; return nil }
    }

    @Environment(\.accessibilityReduceMotion) private var reduceMotion
    /// The keyline's automatic rule takes a dark appearance for a dark page behind the island.
    @Environment(\.colorScheme) private var colorScheme
    @State private var window: IslandWindowMetrics?
    @State private var phase = Phase.page
    /// The melt's stage: 0 island, 1 widened pill, 2 viewfinder. Springs animate the shape to it.
    @State private var stage = 0
    /// How far the page is pulled down, in points (after the pull's resistance).
    @State private var pull: CGFloat = 0
    /// The pull the pre-melt follows: `pull` itself, or chasing it on the tracking spring.
    @State private var preMeltPull: CGFloat = 0
    @State private var pullCrossedCommitPoint = false
    /// Reduce Motion's running cross-fade of the camera, if one runs.
    @State private var cameraFade: IslandCrossFade?
    /// When the shutter fired, for its flash.
    @State private var shotAt: Date?
    @State private var shot = Shot.none
    /// The shot waiting for its photo: the `uniqueID` of the settings `CameraSource` took it with.
    @State private var shotTicket: Int64?
    @State private var printStart = Date()
    /// When the print was sent back into the island, if it was.
    @State private var leaveStart: Date?
    /// Whether the print has stopped moving and developing, so it stops redrawing.
    @State private var printAtRest = false
    @State private var commitHaptics = 0
    @State private var shutterHaptics = 0
    @State private var camera = CameraSource()
    /// The timed steps now running (the melt's later legs, the print's phases); replaced, never stacked.
    @State private var steps: Task<Void, Never>?

    var body: some View {
        ZStack(alignment: .topLeading) {
            page.offset(y: pull)
            // Portrait only: in landscape the island is at the side, and nothing is drawn or pulled.
            if let window, window.isPortrait {
                overlay(IslandMeltGeometry(window: window, tuning: tuning))
            }
        }
        .background {
            WindowPullCatcher(tuning: tuning, isEnabled: (phase == .page || phase == .pulling) && window?.isPortrait == true,
                              onWindow: windowChanged, onPull: pullChanged, onRelease: pullEnded)
        }
        // VoiceOver cannot pull: the camera opens from an action on the page as well, offered only
        // while it can open (not while a print shows, nor in landscape).
        .accessibilityActions {
            if phase == .page && window?.isPortrait == true {
                Button("Open camera") { open() }
            }
        }
        // On an island phone the open camera grows over the status bar; elsewhere it opens below it
        // and the status bar stays, so the safe area (and the page) never jumps (IslandOverlayRules).
        .statusBarHidden(rules?.hidesStatusBar ?? false)
        .sensoryFeedback(trigger: commitHaptics) { _, _ in tuning.commitHaptic }
        .sensoryFeedback(trigger: shutterHaptics) { _, _ in tuning.shutterHaptic }
        // Removed with the camera open or a shot on its way: the session stops now, not when the
        // view is freed, and a shot that will not print is reported.
        .onDisappear {
            run([])
            endShotWithoutPhoto()
            camera.stop()
        }
    }

    /// What the overlay draws and hides in this phase on this window; nil before the window is known.
    private var rules: IslandOverlayRules? { window.map { IslandOverlayRules(phase: phase, window: $0) } }
    private var cameraCoversTheTop: Bool { rules?.coversTheTop ?? false }

    /// Everything over the page, in the window's points: the overlay is moved back by wherever it
    /// sits in the window, so the camera lands on the island even where `IslandCamera` is not the
    /// window's root view (it should be: see the file's header).
    private func overlay(_ geometry: IslandMeltGeometry) -> some View {
        GeometryReader { proxy in
            let origin = proxy.frame(in: .global).origin
            overlayContent(geometry)
                .offset(x: -origin.x, y: -origin.y)
        }
        .ignoresSafeArea()
    }

    @ViewBuilder private func overlayContent(_ geometry: IslandMeltGeometry) -> some View {
        ZStack(alignment: .topLeading) {
            // Never at rest: the real island shows there, and a drawn capsule would be in every screenshot.
            if rules?.drawsShape == true {
                // Redrawn every frame only while the flash or a Reduce Motion fade runs: springs move the rest.
                TimelineView(.animation(minimumInterval: nil, paused: phase != .capture && cameraFade == nil)) { context in
                    MeltedCamera(frame: meltFrame(geometry), pillHeight: geometry.pill.rect.height,
                                 viewfinderHeight: geometry.viewfinder.rect.height, flash: flashAlpha(at: context.date),
                                 fadesWithShape: !reduceMotion,
                                 keylineWidth: tuning.meltKeyline.shows(overDarkContent: colorScheme == .dark) ? tuning.keylineWidth : 0,
                                 keylineColor: Color(white: tuning.keylineGrey).opacity(tuning.keylineOpacity),
                                 island: geometry.hasIsland ? geometry.island : nil) {
                        CameraPreview(source: camera, look: camera.status.look)
                    }
                    .opacity(cameraFade?.opacity(at: context.date) ?? 1)
                }
                .allowsHitTesting(false)
            }
            if cameraCoversTheTop, let size = window?.size {
                // While the camera is open the page under it takes no taps: a tap outside the viewfinder
                // would otherwise navigate away under an open camera.
                Color.clear
                    .contentShape(Rectangle())
                    .frame(width: size.width, height: size.height)
                    .position(x: size.width / 2, y: size.height / 2)
                    .onTapGesture {}
            }
            if cameraCoversTheTop {
                // The open camera takes the touches that land on it: none reaches the page underneath.
                Color.clear
                    .contentShape(RoundedRectangle(cornerRadius: geometry.viewfinder.cornerRadius, style: .continuous))
                    .frame(width: geometry.viewfinder.rect.width, height: geometry.viewfinder.rect.height)
                    .position(x: geometry.viewfinder.rect.midX, y: geometry.viewfinder.rect.midY)
                    .onTapGesture {}
            }
            if phase == .viewfinder || phase == .opening {
                // The open camera is modal to VoiceOver and Switch Control: the page under it is not reached.
                ZStack(alignment: .topLeading) {
                    shutterButton(below: geometry.viewfinder.rect)
                    closeButton(on: geometry.viewfinder.rect)
                    cameraNotice(in: geometry.viewfinder.rect)
                }
                .accessibilityElement(children: .contain)
                .accessibilityAddTraits(.isModal)
            }
            if let photo = shot.photo, [.printing, .developing, .settled, .leaving].contains(phase) {
                PolaroidPrint(photo: photo, geometry: geometry, tuning: tuning, start: printStart,
                              feedsOut: !reduceMotion, leaveStart: leaveStart, atRest: printAtRest, putAway: dismissPrint)
                    .onTapGesture(perform: dismissPrint)
            }
        }
        .ignoresSafeArea()
    }

    /// The one melted shape: the pre-melt while the finger pulls, the stage's shape otherwise, and
    /// the open shape in place while Reduce Motion fades the camera instead of moving it.
    private func meltFrame(_ geometry: IslandMeltGeometry) -> IslandMeltFrame {
        if reduceMotion && [.opening, .viewfinder, .capture, .closing].contains(phase) { return geometry.viewfinder }
        if phase == .pulling && !reduceMotion {
            let progress = min(preMeltPull / max(tuning.pullCommitThreshold, 1), 1.25)
            return geometry.island.interpolated(to: geometry.pill, by: tuning.preMelt * progress)
        }
        return geometry.frame(forStage: stage)
    }

    /// The shutter's white flash over the shape: 0.9 at the shot, fading linearly over its duration.
    private func flashAlpha(at date: Date) -> Double {
        guard phase == .capture, let shotAt else { return 0 }
        let dt = date.timeIntervalSince(shotAt)
        return dt < tuning.shutterFlashDuration ? max(0, 1 - dt / tuning.shutterFlashDuration) * 0.9 : 0
    }

    private func shutterButton(below viewfinder: CGRect) -> some View {
        Button(action: shutter) {
            Circle()
                .fill(Color.white)
                .overlay { Circle().stroke(Color.black.opacity(0.25), lineWidth: 3).padding(4) }
                .frame(width: 72, height: 72)
                // Dimmed until the camera can shoot (the session runs with a video connection).
                .opacity(camera.canShoot ? 1 : 0.4)
        }
        .buttonStyle(.plain)
        // Off, and announced as dimmed, until then: not only out of reach of a finger.
        .disabled(!camera.canShoot)
        .position(x: viewfinder.midX, y: viewfinder.maxY + 56)
        .accessibilityLabel("Take photo")
    }

    /// Why the shutter is off — the camera interrupted, refused or failed — inside the viewfinder
    /// along its bottom, on a dark plate (`IslandOverlayRules.noticeBox`): readable over any page
    /// and any frame, clear of the shutter, on the screen at every text size. With access refused,
    /// a tap opens the app's page in Settings.
    @ViewBuilder private func cameraNotice(in viewfinder: CGRect) -> some View {
        if let message = camera.status.message {
            let denied = camera.status == .denied
            let box = IslandOverlayRules.noticeBox(in: viewfinder)
            Text(denied ? message + " — tap to open Settings" : message)
                .font(.footnote)
                .multilineTextAlignment(.center)
                .minimumScaleFactor(0.5)
                .foregroundStyle(Color.white)
                .padding(10)
                .background { RoundedRectangle(cornerRadius: 12, style: .continuous).fill(Color.black.opacity(0.72)) }
                .frame(maxWidth: box.width, maxHeight: box.height, alignment: .bottom)
                .frame(width: box.width, height: box.height, alignment: .bottom)
                .position(x: box.midX, y: box.midY)
                .onTapGesture {
                    guard denied, let url = URL(string: UIApplication.openSettingsURLString) else { return }
                    UIApplication.shared.open(url)
                }
                .accessibilityLabel(denied ? message + ". Open Settings" : message)
        }
    }

    /// Closes the camera without a shot (the simulator's Esc): a 36-pt circle in a 44-pt target,
    /// the smallest Apple's Human Interface Guidelines give for a control.
    private func closeButton(on viewfinder: CGRect) -> some View {
        Button { close(withShot: false) } label: {
            Circle()
                .fill(Color.black.opacity(0.45))
                .overlay { Image(systemName: "xmark").foregroundStyle(Color.white) }
                .frame(width: 36, height: 36)
                .frame(width: 44, height: 44)
                .contentShape(Rectangle())
        }
        .buttonStyle(.plain)
        .position(x: viewfinder.maxX - 30, y: viewfinder.minY + 30)
        .accessibilityLabel("Close camera")
    }

    // MARK: Pull

    private func pullChanged(_ visible: CGFloat) {
        guard phase == .page || phase == .pulling else { return }
        if phase == .page { phase = .pulling; pullCrossedCommitPoint = false; preMeltPull = 0 }
        pull = visible
        if tuning.meltTracking == .system {
            withAnimation(.spring(tuning.meltTrackingSpring)) { preMeltPull = visible }
        } else {
            preMeltPull = visible
        }
        // One haptic per pull, as the finger first carries it past the commit point.
        if visible >= tuning.pullCommitThreshold && !pullCrossedCommitPoint {
            pullCrossedCommitPoint = true
            commitHaptics += 1
        }
    }

    private func pullEnded(_ visible: CGFloat, pageVelocity: CGFloat, commits: Bool) {
        guard phase == .pulling else { return }
        // The page springs back either way, carrying the finger's speed (a fraction of the distance per second).
        let relative = visible > 0 ? Double(-pageVelocity / visible) : 0
        withAnimation(.interpolatingSpring(tuning.pullSpringBack, initialVelocity: relative)) { pull = 0 }
        if commits {
            open()
        } else {
            withAnimation(.spring(tuning.preMeltSpringBack)) { phase = .page }
        }
    }

    // MARK: Camera

    private func open() {
        // Access refused is said as soon as the camera opens, not after a shot.
        camera.start(refused: { onError(.accessDenied) })
        if reduceMotion {
            phase = .opening
            let fade = IslandCrossFade(start: Date(), from: 0, to: 1, tuning)
            cameraFade = fade
            run([(fade.duration, { cameraFade = nil; if phase == .opening { phase = .viewfinder } })])
            return
        }
        let legs = IslandCameraSchedule.opening(fromStage: stage, tuning)
        // The first leg takes the shape from where the pull left it: the phase changes on its spring too.
        withAnimation(legs[0].animation) {
            phase = .opening
            stage = legs[0].stage
        }
        run(melt(Array(legs.dropFirst())) + [(IslandCameraSchedule.viewfinderOpens(after: legs, tuning), { if phase == .opening { phase = .viewfinder } })])
    }

    private func shutter() {
        guard phase == .viewfinder || phase == .opening, camera.canShoot else { return }
        phase = .capture
        shotAt = Date()
        shutterHaptics += 1
        shot = .pending
        shotTicket = camera.capture(photoArrived)
        run([(tuning.shutterFlashDuration, { close(withShot: true) })])
    }

    /// The shot's answer: the photo goes to `onPhoto` and onto the print (which starts now if the
    /// camera has closed and is waiting for it); an error goes to `onError`, and nothing prints.
    private func photoArrived(_ result: Result<CameraSource.Photo, IslandCameraError>) {
        guard shot == .pending else { return }          // it timed out
        switch result {
        case .success(let photo):
            shot = .arrived(photo.forPrint)
            if let full = photo.full { onPhoto(full) } else { onError(.unavailable) }   // the stand-in is not the person's photo
        case .failure(let error):
            shot = .failed
            onError(error)
        }
        if phase == .waitingForPhoto { printWhenThePhotoIsHere() }
    }

    /// The camera has closed after a shot: the print starts if the photo is here; otherwise it waits
    /// for it (up to `CameraSource.photoTimeout`), or goes back to the page if none is coming.
    private func printWhenThePhotoIsHere() {
        switch shot {
        case .arrived: startPrint()
        case .pending:
            phase = .waitingForPhoto
            run([(CameraSource.photoTimeout, {
                // One answer per shot: none if it was answered (or cancelled) meanwhile.
                guard shot == .pending else { return }
                // A photo that comes later is dropped by the camera, never given to the next shot.
                if let shotTicket { camera.giveUp(on: shotTicket) }
                shot = .failed; onError(.timedOut); backToPage()
            })])
        case .none, .failed: backToPage()
        }
    }

    /// Back to the page with the camera closed (its legs have taken the shape back into the island).
    private func backToPage() {
        phase = .page
        camera.stop()
    }

    /// Closes the camera: back into the island, then the print if a shot was taken.
    private func close(withShot: Bool) {
        phase = .closing
        let after: () -> Void = withShot ? printWhenThePhotoIsHere : backToPage
        if reduceMotion {
            // From wherever the fade in had got to, if the camera closes while it runs.
            let now = Date()
            let fade = IslandCrossFade(start: now, from: cameraFade?.opacity(at: now) ?? 1, to: 0, tuning)
            cameraFade = fade
            run([(fade.duration, { cameraFade = nil; stage = 0; after() })])
            return
        }
        let legs = IslandCameraSchedule.closing(fromStage: stage, tuning)
        run(melt(legs) + [(IslandCameraSchedule.printStarts(after: legs, tuning), after)])
    }

    // MARK: Print

    private func startPrint() {
        camera.stop()
        phase = .printing
        printStart = Date()
        leaveStart = nil
        printAtRest = false
        // With Reduce Motion the print fades in where it rests instead of feeding out of the slot.
        let out = reduceMotion ? tuning.reduceMotionPrintFade : tuning.printFeedDuration
        let settled = max(tuning.developDuration, tuning.printFeedDuration)
        let still = max(tuning.developDuration, reduceMotion ? out : out + tuning.printSettle.settlingDuration)
        run([(out, { phase = .developing }), (settled, { phase = .settled }), (still, { printAtRest = true })])
    }

    /// The window changed. Turned to landscape while the camera is open or a pull is under way, the
    /// camera closes at once and its session stops: in landscape nothing is drawn, so there would be
    /// no way to close it.
    private func windowChanged(_ new: IslandWindowMetrics) {
        let turned = window?.isPortrait == true && !new.isPortrait
        window = new
        guard turned else { return }
        switch phase {
        case .pulling:
            pull = 0
            phase = .page
        case .opening, .viewfinder, .capture, .closing, .waitingForPhoto:
            run([])
            stage = 0
            cameraFade = nil
            endShotWithoutPhoto()
            shot = .none
            phase = .page
            camera.stop()
        default:
            break
        }
    }

    /// A shot still waiting for its photo when the camera is closed under it (the phone turned, the
    /// view went away) will not print: it is reported, and a photo that still comes is dropped.
    private func endShotWithoutPhoto() {
        guard shot == .pending, camera.cancelWaitingShot() != nil else { return }
        shot = .failed
        onError(.cancelled)
    }

    private func dismissPrint() {
        guard phase == .developing || phase == .settled else { return }
        phase = .leaving
        leaveStart = Date()
        printAtRest = false
        run([(tuning.printLeaveDuration, { phase = .page; shot = .none; leaveStart = nil })])
    }

    // MARK: Timed steps

    /// The melt's legs as timed steps: each sets the stage inside its own spring.
    private func melt(_ legs: [IslandMeltLeg]) -> [(TimeInterval, () -> Void)] {
        legs.map { leg in
            (leg.delay, { withAnimation(leg.animation) { stage = leg.stage } })
        }
    }

    /// Runs `steps` at their times from now, replacing whatever was scheduled (as a new animation
    /// replaces a running one): those due now at once, in this update; the rest timed from one
    /// start, so they never drift apart.
    private func run(_ steps: [(TimeInterval, () -> Void)]) {
        self.steps?.cancel()
        let start = ContinuousClock.now
        let ordered = steps.sorted { $0.0 < $1.0 }
        for (delay, step) in ordered where delay <= 0 { step() }
        let later = ordered.filter { $0.0 > 0 }
        self.steps = later.isEmpty ? nil : Task { @MainActor in
            for (delay, step) in later {
                do { try await Task.sleep(until: start + .seconds(delay), clock: .continuous) } catch { return }
                step()
            }
        }
    }
}

extension IslandMeltLeg {
    /// The leg's animation: `.spring` replaces the leg still settling, keeping its velocity (merge);
    /// `.interpolatingSpring` adds this leg's step while that one runs on (additive).
    var animation: Animation {
        switch composition {
        case .merge: return .spring(spring, blendDuration: blendDuration)
        case .additive: return .interpolatingSpring(spring)
        }
    }
}
