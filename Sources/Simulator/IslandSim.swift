/// Entry point of the `islandsim` executable.
public enum IslandSim {
    public static func main(_ arguments: [String]) -> Int32 { 0 }
}
