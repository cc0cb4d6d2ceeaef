import Foundation

// Built by `make fuzz` with -sanitize=fuzzer and -DFUZZING, this hands control to libFuzzer's
// driver. In an ordinary build (swift build, swift test) it only says how to run it.

#if FUZZING
@_silgen_name("LLVMFuzzerRunDriver")
func runDriver(_ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
               _ callback: @convention(c) (UnsafePointer<UInt8>, Int) -> CInt) -> CInt

var argc = CommandLine.argc
var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(runDriver(&argc, &argv) { fuzz($0, $1) })
#else
FileHandle.standardError.write(Data("ssc-fuzz: build and run it with `make fuzz`\n".utf8))
exit(2)
#endif
