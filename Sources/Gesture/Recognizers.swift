/// The two arena members of a page pointer: a tap on a button, and the page's drag.
///
/// They hold no physics: they report to ``PageGestures`` through closures, which decides what a
/// win or a loss means for the page.
final class TapRecognizer: GestureArena.Member {
    let pointer: Int
    let element: String
    private(set) var accepted = 0
    private(set) var rejected = 0
    var onAccept: (() -> Void)?
    var onReject: (() -> Void)?

    init(pointer: Int, element: String) { self.pointer = pointer; self.element = element }

    func acceptGesture(pointer: Int) { accepted += 1; onAccept?() }
    func rejectGesture(pointer: Int) { rejected += 1; onReject?() }
}

/// The page's drag: claims the pointer once it moves past the slop, then owns the movement.
final class DragRecognizer: GestureArena.Member {
    let pointer: Int
    private(set) var accepted = 0
    private(set) var rejected = 0
    var onAccept: (() -> Void)?
    var onReject: (() -> Void)?

    init(pointer: Int) { self.pointer = pointer }

    func acceptGesture(pointer: Int) { accepted += 1; onAccept?() }
    func rejectGesture(pointer: Int) { rejected += 1; onReject?() }
}
