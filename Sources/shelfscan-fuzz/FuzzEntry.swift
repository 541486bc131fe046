import Foundation
import ShelfFuzzTargets

#if FUZZING
    // Built by Scripts/fuzz.sh with -sanitize=fuzzer: libFuzzer calls this for every input, and
    // SHELFSCAN_FUZZ_TARGET names the target.
    private let target: FuzzTarget = {
        guard let name = ProcessInfo.processInfo.environment["SHELFSCAN_FUZZ_TARGET"],
            let target = FuzzTarget(rawValue: name)
        else { fatalError("set SHELFSCAN_FUZZ_TARGET to one of \(FuzzTarget.allCases.map(\.rawValue))") }
        return target
    }()

    @_cdecl("LLVMFuzzerTestOneInput")
    public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
        target.run(Array(UnsafeBufferPointer(start: data, count: size)))
        return 0
    }

    /// libFuzzer's driver, called from the package's own entry point (SwiftPM names the executable's
    /// main itself, so libFuzzer's main cannot be used).
    @_silgen_name("LLVMFuzzerRunDriver")
    private func runDriver(
        _ argc: UnsafeMutablePointer<CInt>,
        _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
        _ callback: @convention(c) (UnsafePointer<UInt8>, Int) -> CInt
    ) -> CInt

    @main
    struct FuzzMain {
        static func main() {
            var argc = CommandLine.argc
            var argv = CommandLine.unsafeArgv
            exit(runDriver(&argc, &argv) { data, size in fuzzOneInput(data, size) })
        }
    }
#else
    /// Without libFuzzer: replays inputs, `shelfscan-fuzz TARGET FILE...` (a crash's input, a corpus).
    @main
    struct FuzzReplay {
        static func main() {
            let arguments = CommandLine.arguments.dropFirst()
            guard let name = arguments.first, let target = FuzzTarget(rawValue: name) else {
                print("usage: shelfscan-fuzz \(FuzzTarget.allCases.map(\.rawValue).joined(separator: "|")) FILE...")
                exit(64)
            }
            for file in arguments.dropFirst() {
                guard let data = FileManager.default.contents(atPath: file) else { continue }
                target.run([UInt8](data))
            }
            print("\(name): ran \(arguments.count - 1) inputs")
        }
    }
#endif
