import Foundation
import Raster

// A drawing worker, started by the tool (RasterWorkers): never run by hand.
HeapReuse.keepLargeBuffers()
exit(RasterWorkerLoop.run(arguments: CommandLine.arguments))
