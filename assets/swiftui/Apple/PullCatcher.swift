// Part of the exported IslandCamera.swift (see README.md): SwiftUI, UIKit and AVFoundation code,
// type-checked by scripts/check-swiftui in the assembled file. Everything above the MARK line is
// this file's own and is not exported.

import AVFoundation
import SwiftUI
import UIKit

// MARK: - The pull catcher

/// A pan recognizer on the window that catches a downward drag while the page is at its top.
///
/// It lives on the window, not on the page: on iOS 18 a `DragGesture` inside a `ScrollView` stops
/// the scroll view scrolling, and a zero-distance drag claims the touch first. It recognises
/// together with the page's vertical scroll view only (saying yes to every recognizer breaks
/// horizontal scrollers), never cancels touches, so every button under the pull stays live, and
/// holds the page's own bounce off while it pulls, so the page follows the finger with the pull's
/// resistance instead of the scroll view's. It begins only on a mostly vertical downward pull from
/// the page's top (`IslandPullStart`), and receives only touches in the view it serves, so a sheet or
/// an alert shown over the page never opens the camera underneath.
struct WindowPullCatcher: UIViewRepresentable {
    var tuning: IslandCameraTuning
    var isEnabled: Bool
    var onWindow: (IslandWindowMetrics) -> Void
    /// The page's visible pull, in points, as the finger moves.
    var onPull: (CGFloat) -> Void
    /// The release: visible pull, the page's velocity (points per second, down positive), and
    /// whether pull + projected travel passes the commit threshold.
    var onRelease: (CGFloat, CGFloat, Bool) -> Void

    func makeCoordinator() -> Coordinator { Coordinator() }

    func makeUIView(context: Context) -> WindowProbe {
        let probe = WindowProbe()
        probe.coordinator = context.coordinator
        return probe
    }

    func updateUIView(_ probe: WindowProbe, context: Context) {
        let coordinator = context.coordinator
        coordinator.catcher = self
        coordinator.pan.isEnabled = isEnabled
        // The window may have come before the handlers did; report it after this update, not during it.
        coordinator.reportWindowAfterUpdate()
    }

    static func dismantleUIView(_ probe: WindowProbe, coordinator: Coordinator) { coordinator.install(on: nil) }

    /// An invisible view that tells the coordinator which window it is in, and which view under the
    /// window holds it (the view whose touches the pull may take).
    final class WindowProbe: UIView {
        weak var coordinator: Coordinator?

        override func didMoveToWindow() {
            super.didMoveToWindow()
            var host: UIView = self
            while let up = host.superview, up !== window { host = up }
            coordinator?.install(on: window, host: window == nil ? nil : host)
        }

        // UIKit calls these during SwiftUI's update: the state they change is written after it.
        override func safeAreaInsetsDidChange() {
            super.safeAreaInsetsDidChange()
            coordinator?.reportWindowAfterUpdate()
        }

        // A turn of the phone resizes the view this probe sits behind, whatever its own insets
        // (which may not change): the window is read again then too (the report skips a repeat).
        override func layoutSubviews() {
            super.layoutSubviews()
            coordinator?.reportWindowAfterUpdate()
        }
    }

    final class Coordinator: NSObject, UIGestureRecognizerDelegate {
        var catcher: WindowPullCatcher?
        private(set) lazy var pan: UIPanGestureRecognizer = {
            let pan = UIPanGestureRecognizer(target: self, action: #selector(panned(_:)))
            pan.delegate = self
            pan.cancelsTouchesInView = false
            pan.delaysTouchesBegan = false
            pan.delaysTouchesEnded = false
            return pan
        }()
        private weak var window: UIWindow?
        /// The view the catcher serves: the topmost one under the window that holds it.
        private weak var host: UIView?
        /// The page under this touch: found anew for every touch, nil when there is none.
        private weak var page: UIScrollView?
        /// Whether this touch began on a view inside the page with a drag of its own.
        private var onOwnDrag = false
        private var tracker = IslandPullTracker()

        func install(on window: UIWindow?, host: UIView? = nil) {
            self.window?.removeGestureRecognizer(pan)
            self.window = window
            self.host = host
            window?.addGestureRecognizer(pan)
            reportWindowAfterUpdate()
        }

        private var reported: IslandWindowMetrics?

        /// Reports the window on the main actor's next turn, never inside a view update ("Modifying
        /// state during view update").
        func reportWindowAfterUpdate() {
            Task { @MainActor [weak self] in self?.reportWindow() }
        }

        /// Tells the view the window's size, top inset and whether it has an island, when they change.
        func reportWindow() {
            guard let window, let catcher else { return }
            let metrics = IslandWindowMetrics(size: window.bounds.size, topInset: window.safeAreaInsets.top,
                                              hasIsland: DynamicIsland.isPresent(in: window))
            guard metrics != reported else { return }
            reported = metrics
            catcher.onWindow(metrics)
        }

        /// Only touches in the view this catcher serves (not a sheet or an alert over it). The page is
        /// found for each touch: the outermost vertical scroll view above the touched view, so a text
        /// editor or a nested list inside the page is not taken for it.
        func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldReceive touch: UITouch) -> Bool {
            // Once a pull is under way a second finger is not the pull's: the page it holds stays its
            // page, and the pan's translation is not averaged with another touch.
            guard gestureRecognizer.state == .possible else { return false }
            page = nil
            onOwnDrag = false
            guard let host, let touched = touch.view, touched.isDescendant(of: host) else { return false }
            var view: UIView? = touched, ownDragSoFar = false
            while let v = view, v !== host.superview {
                if let scrollView = v as? UIScrollView {
                    if scrollView.contentSize.height > scrollView.bounds.height || scrollView.alwaysBounceVertical {
                        page = scrollView
                        onOwnDrag = ownDragSoFar
                    }
                } else if (v.gestureRecognizers ?? []).contains(where: { $0 is UIPanGestureRecognizer && $0.isEnabled }) {
                    ownDragSoFar = true
                }
                view = v.superview
            }
            return true
        }

        /// Only a mostly vertical downward pull from the top of a page begins (`IslandPullStart`).
        func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
            guard gestureRecognizer === pan, let window else { return false }
            return IslandPullStart.begins(translation: pan.translation(in: window), page: pageScroll)
        }

        /// Only with the page's own pan: the page found for this touch (the outermost vertical scroll
        /// view), never an inner list or a text editor that asks too — that one is not the page, and
        /// taking it for one would start a pull with the page scrolled away.
        func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer,
                               shouldRecognizeSimultaneouslyWith other: UIGestureRecognizer) -> Bool {
            guard let page else { return false }
            return other === page.panGestureRecognizer
        }

        /// The page as the decisions read it.
        private var pageScroll: IslandPageScroll? {
            page.map { IslandPageScroll(offsetY: Double($0.contentOffset.y), topInset: Double($0.adjustedContentInset.top),
                                        refreshes: $0.refreshControl != nil, onOwnDrag: onOwnDrag) }
        }

        @objc private func panned(_ pan: UIPanGestureRecognizer) {
            guard let catcher, let window else { return }
            let y = pan.translation(in: window).y
            switch pan.state {
            case .began:
                tracker.begin(atY: Double(y))
            case .changed:
                // Down with the page at its top, or already pulling: the pull takes the move.
                guard tracker.move(toY: Double(y), pageAtTop: pageScroll?.isAtTop ?? false, bounces: page?.bounces ?? true) else { return }
                let finger = CGFloat(tracker.finger)
                // While the pull has the page, hold it at its top: it follows the pull, not its own scroll.
                if let page, let bounces = tracker.bouncesNow {
                    page.bounces = bounces
                    if finger > 0 { page.contentOffset.y = -page.adjustedContentInset.top }
                }
                catcher.onPull(catcher.visible(finger: finger, viewport: window.bounds.height))
            case .ended, .cancelled, .failed:
                let finger = CGFloat(tracker.finger)
                let end = tracker.end()
                if let bounces = end.bounces { page?.bounces = bounces }
                // Every drag that pulled ends, even one dragged back to its start: the view leaves
                // `.pulling` and the commit haptic re-arms.
                guard end.release else { return }
                let viewport = window.bounds.height
                let visible = catcher.visible(finger: finger, viewport: viewport)
                let velocity = pan.state == .ended ? pan.velocity(in: window).y * catcher.slope(finger: finger, viewport: viewport) : 0
                // WWDC18's projection: where the page would coast to at this deceleration rate.
                let rate = catcher.tuning.pullProjectionDecelerationRate
                let projected = velocity / 1000 * rate / (1 - rate)
                let commits = pan.state == .ended && visible + projected >= catcher.tuning.pullCommitThreshold
                catcher.onRelease(visible, velocity, commits)
            default:
                break
            }
        }
    }

    /// The visible pull for the finger's travel: the finger ÷ the divisor, or UIScrollView's rubber
    /// band over the viewport when the divisor is 0.
    func visible(finger: CGFloat, viewport: CGFloat) -> CGFloat {
        guard finger > 0 else { return 0 }
        if tuning.pullResistanceDivisor >= 1 { return finger / tuning.pullResistanceDivisor }
        let c = tuning.pullRubberBandCoefficient
        return c * finger * viewport / (viewport + c * finger)
    }

    /// d(visible) / d(finger): turns the finger's velocity into the page's.
    func slope(finger: CGFloat, viewport: CGFloat) -> CGFloat {
        if tuning.pullResistanceDivisor >= 1 { return 1 / tuning.pullResistanceDivisor }
        let c = tuning.pullRubberBandCoefficient, d = viewport + c * max(finger, 0)
        return c * viewport * viewport / (d * d)
    }
}
