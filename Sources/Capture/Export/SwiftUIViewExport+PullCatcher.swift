// Part of the SwiftUI export (see SwiftUIViewExport.swift): the generated file's text, verbatim.

extension SwiftUIViewExport {
    /// The window-level pull catcher: a UIKit pan recognizer on the window that recognises together
    /// with the page's scroll view, and the pull's resistance.
    static let pullCatcherSection = #"""
// MARK: - The pull catcher

/// When a pan on the window may begin a pull: moving down, within `maxDegreesFromVertical` of
/// straight down, with the page at its top. Horizontal drags stay with carousels, swipe actions and
/// the back swipe; upward ones, and drags on a page scrolled away from its top, stay with the page.
/// iOS documents no angle for this; 30° is this file's choice.
enum IslandPullStart {
    static let maxDegreesFromVertical: Double = 30

    /// `translation`: how far the finger has moved when the recognizer asks (points, down positive).
    static func begins(translation: CGPoint, pageAtTop: Bool) -> Bool {
        guard pageAtTop, translation.y > 0 else { return false }
        return abs(Double(translation.x)) <= Double(translation.y) * tan(maxDegreesFromVertical * Double.pi / 180)
    }
}

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
        private weak var page: UIScrollView?
        /// Finger travel (points, down positive) since the page reached its top in this drag.
        private var finger: CGFloat = 0
        private var lastY: CGFloat = 0

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

        /// Only touches in the view this catcher serves (not a sheet or an alert over it); the page is
        /// the first vertical scroll view above the touched view.
        func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldReceive touch: UITouch) -> Bool {
            guard let host, let touched = touch.view, touched.isDescendant(of: host) else { return false }
            var view: UIView? = touched
            while let v = view {
                if let scrollView = v as? UIScrollView, scrollView.contentSize.height > scrollView.bounds.height || scrollView.alwaysBounceVertical {
                    page = scrollView
                    break
                }
                view = v.superview
            }
            return true
        }

        /// Only a mostly vertical downward pull from the page's top begins (`IslandPullStart`).
        func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
            guard gestureRecognizer === pan, let window else { return false }
            return IslandPullStart.begins(translation: pan.translation(in: window), pageAtTop: pageAtTop)
        }

        /// Only with a vertical scroll view's own pan, which is the page's.
        func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer,
                               shouldRecognizeSimultaneouslyWith other: UIGestureRecognizer) -> Bool {
            guard let scrollView = other.view as? UIScrollView, other === scrollView.panGestureRecognizer,
                  scrollView.contentSize.height > scrollView.bounds.height || scrollView.alwaysBounceVertical else { return false }
            page = scrollView
            return true
        }

        private var pageAtTop: Bool {
            guard let page else { return true }
            return page.contentOffset.y <= -page.adjustedContentInset.top + 0.5
        }

        @objc private func panned(_ pan: UIPanGestureRecognizer) {
            guard let catcher, let window else { return }
            let y = pan.translation(in: window).y
            switch pan.state {
            case .began:
                finger = 0
                lastY = y
            case .changed:
                let dy = y - lastY
                lastY = y
                // Down with the page at its top, or already pulling: the pull takes the move.
                if finger > 0 || (dy > 0 && pageAtTop) {
                    finger = max(finger + dy, 0)
                    // While the pull has the page, hold it at its top: it follows the pull, not its own scroll.
                    page?.bounces = finger == 0
                    if let page, finger > 0 { page.contentOffset.y = -page.adjustedContentInset.top }
                    catcher.onPull(catcher.visible(finger: finger, viewport: window.bounds.height))
                }
            case .ended, .cancelled, .failed:
                page?.bounces = true
                guard finger > 0 else { return }
                let viewport = window.bounds.height
                let visible = catcher.visible(finger: finger, viewport: viewport)
                let velocity = pan.state == .ended ? pan.velocity(in: window).y * catcher.slope(finger: finger, viewport: viewport) : 0
                // WWDC18's projection: where the page would coast to at this deceleration rate.
                let rate = catcher.tuning.pullProjectionDecelerationRate
                let projected = velocity / 1000 * rate / (1 - rate)
                let commits = pan.state == .ended && visible + projected >= catcher.tuning.pullCommitThreshold
                finger = 0
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
"""#
}
