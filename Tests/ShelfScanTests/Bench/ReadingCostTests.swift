import Foundation
import Testing

@testable import ShelfBench
@testable import ShelfPipeline

/// What reading cost over a folder: two photos' reading work summed, per spine, in the order the
/// parts run, with their worker times.
@Suite struct ReadingCostTests {
    static func photo(_ name: String, spines: Int, parts: [String: ReadingWork.Part], times: [String: Double]) -> ImageReport {
        var report = ImageReport(path: name, timings: times)
        report.readingWork = ReadingWork(spines: spines, parts: parts)
        return report
    }

    @Test func sumsThePhotosWorkPerSpineInTheOrderThePartsRun() throws {
        let first = Self.photo(
            "a.jpg", spines: 3,
            parts: [
                "read.lines": .init(spines: 2, calls: 6, lineLength: 12, kept: 1, keptSelected: 0),
                "read.first": .init(spines: 3, calls: 6, lineLength: 60, kept: 2, keptSelected: 2),
            ],
            times: ["read.first": 300, "read.lines": 90, "read.parse": 12, "detect": 50])
        let second = Self.photo(
            "b.jpg", spines: 1,
            parts: ["read.first": .init(spines: 1, calls: 2, lineLength: 20, kept: 1, keptSelected: 1)],
            times: ["read.first": 100, "read.lines": 0])
        // A photo that could not be read has no reading work, and its times count for nothing.
        let broken = ImageReport(path: "c.jpg", timings: ["read.first": 999])
        let cost = try #require(ReadingCost(reports: [first, second, broken]))
        #expect(cost.spines == 4 && cost.callsPerSpine == 14.0 / 4 && cost.millisecondsPerSpine == 490.0 / 4)
        #expect(cost.parts.map(\.name) == ["read.first", "read.lines"])
        let lines = try #require(cost.parts.last)
        #expect(lines.ranShare == 0.5 && lines.callsPerSpine == 1.5 && lines.millisecondsPerSpine == 22.5)
        #expect(cost.lineLengthPerSpine == 92.0 / 4 && lines.lineLengthPerSpine == 3)
        #expect(cost.parts.first?.kept == 3 && cost.parts.first?.keptSelected == 3)
        #expect(cost.lines[1].hasPrefix("  read.first") && cost.lines[1].hasSuffix("3         3"), "\(cost.lines[1])")
        #expect(cost.lines[3].contains("3.50     23.0    122.5"), "\(cost.lines[3])")
    }

    /// A report written before line lengths were counted still reads, with none.
    @Test func readsAReportWithoutLineLengths() throws {
        let json = #"{"spines":3,"calls":6,"kept":2,"keptSelected":1}"#
        let part = try JSONDecoder().decode(ReadingWork.Part.self, from: Data(json.utf8))
        #expect(part == ReadingWork.Part(spines: 3, calls: 6, lineLength: 0, kept: 2, keptSelected: 1))
        let again = try JSONDecoder().decode(
            ReadingWork.Part.self, from: JSONEncoder().encode(ReadingWork.Part(spines: 1, calls: 2, lineLength: 7.5)))
        #expect(again.lineLength == 7.5)
    }

    @Test func isNothingWhenNoSpineWasRead() {
        #expect(ReadingCost(reports: [ImageReport(path: "wall.jpg")]) == nil)
        #expect(ReadingCost(reports: []) == nil)
    }
}
