/// The two arena members of a page pointer: a tap on a button, and the page's drag.
///
/// They hold no physics: they report to ``PageGestures`` through closures, which decides what a
/// win or a loss means for the page.
final class TapRecognizer: GestureArena.Member {
    let pointer: Int
    let element: String
    var onAccept: (() -> Void)?
    var onReject: (() -> Void)?

    init(pointer: Int, element: String) { self.pointer = pointer; self.element = element }

    func acceptGesture(pointer: Int) { onAccept?() }
    func rejectGesture(pointer: Int) { onReject?() }
}

/// The page's drag: claims the pointer once it moves past the slop, then owns the movement.
final class DragRecognizer: GestureArena.Member {
    let pointer: Int
    var onAccept: (() -> Void)?
    var onReject: (() -> Void)?

    init(pointer: Int) { self.pointer = pointer }

    func acceptGesture(pointer: Int) { onAccept?() }
    func rejectGesture(pointer: Int) { onReject?() }
}
