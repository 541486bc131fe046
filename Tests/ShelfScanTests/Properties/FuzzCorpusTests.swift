import Foundation
import Testing

@testable import ShelfFuzzTargets

/// Every seed and every input a fuzzer ever crashed a target on (`Fixtures/fuzz/TARGET/`), run
/// through its target again: a crash fixed stays fixed.
struct FuzzCorpusTests {
    @Test(arguments: FuzzTarget.allCases)
    func everyKeptInputRunsWithoutATrap(target: FuzzTarget) throws {
        let folder = Fixtures.path("fuzz/\(target.rawValue)")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        #expect(files.count >= 3, "\(target): too few seeds")
        for file in files {
            let data = try #require(FileManager.default.contents(atPath: folder + "/" + file))
            target.run([UInt8](data))
        }
    }
}
