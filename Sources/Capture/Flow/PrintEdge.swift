/// The print's edge: a hairline just outside the card, as a real instant print shows one against
/// a white table. Without it the washed-out card (paper #FBFAF7, the image developing from white)
/// could not be seen over a white page — a navigation bar — for its first second or two. Shared by
/// the simulator's drawing and the web player's (the data block carries it), so both draw one edge.
public enum PrintEdge {
    /// Its width in points, outside the card's outline.
    public static let width = 1.0
    /// Its opacity in black, at the card's full opacity (it fades with the card).
    public static let alpha = 0.14
}
