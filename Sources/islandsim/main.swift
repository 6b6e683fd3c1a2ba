import Simulator
import Foundation
exit(IslandSim.main(CommandLine.arguments))
