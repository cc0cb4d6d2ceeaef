import Foundation
import CProcessShim
import Layout

/// The drawing worker's life (`ssc-raster-worker`): caps its address space once, then answers
/// drawing requests on its stdin socket until the parent closes it. Before each drawing it
/// registers the fonts the parent's job registered and re-arms its soft CPU limit; past either
/// bound the kernel ends it, and the parent reports the output and starts another.
package enum RasterWorkerLoop {
    /// Exit status: 0 when the parent closed the socket, 2 on bad arguments.
    package static func run(arguments: [String]) -> Int32 {
        RasterWorkers.becomeWorker()
        var memory: UInt64?
        if let index = arguments.firstIndex(of: "--memory-bytes"), index + 1 < arguments.count { memory = UInt64(arguments[index + 1]) }
        guard let memory else {
            FileHandle.standardError.write(Data("ssc-raster-worker: started by store-screenshot-compose, not by hand (expected --memory-bytes N)\n".utf8))
            return 2
        }
        if ssc_limit_memory(memory) != 0 {
            FileHandle.standardError.write(Data("ssc-raster-worker: cannot cap the address space at \(memory) bytes\n".utf8))
            return 2
        }
        let shared = SharedPixels(fd: 3)
        while true {
            var timedOut = false
            guard let header = WorkerIO.readFrame(0, timedOut: &timedOut), let svg = WorkerIO.readFrame(0, timedOut: &timedOut) else { return 0 }
            var reply: RasterReply
            if let request = try? JSONDecoder().decode(RasterRequest.self, from: header) {
                do {
                    try FontRegistry.registerInWorker(request.fonts.compactMap { $0.count == 2 ? (sha256: $0[0], path: $0[1]) : nil })
                    _ = ssc_arm_cpu(request.cpuSeconds)
                    reply = LibrsvgRasterizer.perform(request, svg: svg, shared: shared)
                } catch {
                    reply = RasterReply()
                    reply.error = "the drawing worker cannot use a font file: \(error)"
                }
            } else {
                reply = RasterReply()
                reply.error = "the drawing worker could not read its request"
            }
            guard let encoded = try? JSONEncoder().encode(reply), WorkerIO.write(1, WorkerIO.frame(encoded)) else { return 0 }
        }
    }
}
