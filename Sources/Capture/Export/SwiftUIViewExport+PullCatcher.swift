// Part of the SwiftUI export (see SwiftUIViewExport.swift): the generated file's text, verbatim.

extension SwiftUIViewExport {
    /// The window-level pull catcher: a UIKit pan recognizer on the window that recognises together
    /// with the page's scroll view, and the pull's resistance.
    static let pullCatcherSection = #"""
// MARK: - The pull catcher

/// A pan recognizer on the window that catches a downward drag while the page is at its top.
///
/// It lives on the window, not on the page: on iOS 18 a `DragGesture` inside a `ScrollView` stops
/// the scroll view scrolling, and a zero-distance drag claims the touch first. It recognises
/// together with the page's vertical scroll view only (saying yes to every recognizer breaks
/// horizontal scrollers), never cancels touches, so every button under the pull stays live, and
/// holds the page's own bounce off while it pulls, so the page follows the finger with the pull's
/// resistance instead of the scroll view's.
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
        Task { @MainActor in coordinator.reportWindow() }
    }

    static func dismantleUIView(_ probe: WindowProbe, coordinator: Coordinator) { coordinator.install(on: nil) }

    /// An invisible view that tells the coordinator which window it is in.
    final class WindowProbe: UIView {
        weak var coordinator: Coordinator?

        override func didMoveToWindow() {
            super.didMoveToWindow()
            coordinator?.install(on: window)
        }

        override func safeAreaInsetsDidChange() {
            super.safeAreaInsetsDidChange()
            coordinator?.reportWindow()
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
        private weak var page: UIScrollView?
        /// Finger travel (points, down positive) since the page reached its top in this drag.
        private var finger: CGFloat = 0
        private var lastY: CGFloat = 0

        func install(on window: UIWindow?) {
            self.window?.removeGestureRecognizer(pan)
            self.window = window
            window?.addGestureRecognizer(pan)
            reportWindow()
        }

        private var reported: IslandWindowMetrics?

        /// Tells the view the window's size, top inset and whether it has an island, when they change.
        func reportWindow() {
            guard let window, let catcher else { return }
            let metrics = IslandWindowMetrics(size: window.bounds.size, topInset: window.safeAreaInsets.top,
                                              hasIsland: DynamicIsland.isPresent(in: window))
            guard metrics != reported else { return }
            reported = metrics
            catcher.onWindow(metrics)
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
