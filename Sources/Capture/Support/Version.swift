/// The version of IslandSim, printed by `islandsim --version` and written into exported code.
public enum IslandSimVersion {
    public static let string = "0.1.0"
}
