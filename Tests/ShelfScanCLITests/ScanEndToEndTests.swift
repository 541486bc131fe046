import Foundation
import ShelfScan
import Testing

/// `shelfscan scan` as a user runs it: the table, the JSON report, `--annotate`, errors and exit codes.
struct ScanEndToEndTests {
    struct Report: Decodable {
        struct Image: Decodable {
            struct Book: Decodable {
                var title: String?
                var author: String?
                var isbn: String?
                var confidence: Double
                var detectionScore: Double
                var status: String
                var selected: Bool
                var polygon: [[Double]]
                var text: String
            }
            struct Failure: Decodable {
                var code: String
                var message: String
            }
            var path: String
            var width: Int?
            var height: Int?
            var elapsedMs: Double
            var error: Failure?
            var books: [Book]
            var timings: [String: Double]?
        }
        struct Summary: Decodable {
            var images: Int
            var books: Int
            var errors: Int
        }
        var schemaVersion: Int
        var images: [Image]
        var summary: Summary
    }

    static let shelf = EndToEndTests.fixture("shelves/shelf-001.jpg")

    @Test func printsEachSpineAsAnUncertainBookWithItsOutline() throws {
        let bad = EndToEndTests.fixture("imaging/bad/truncated.jpg")
        let run = try EndToEndTests.run(["scan", "--json", Self.shelf, bad])
        #expect(run.status == 1)
        let report = try JSONDecoder().decode(Report.self, from: Data(run.stdout.utf8))
        #expect(report.schemaVersion == 1)
        #expect(report.images.map(\.path) == [Self.shelf, bad])
        let image = report.images[0]
        #expect(image.error == nil)
        #expect(image.books.count >= 10)
        #expect(image.timings?["detect"] != nil && image.timings?["decode"] != nil)
        for book in image.books {
            #expect(book.status == "uncertain" && !book.selected && book.title == nil && book.author == nil)
            #expect(book.polygon.count == 4 && book.polygon.allSatisfy { $0.count == 2 })
            #expect(book.detectionScore > 0 && book.detectionScore <= 1)
            #expect(book.polygon.allSatisfy { $0[0] >= 0 && $0[0] <= Double(image.width!) && $0[1] <= Double(image.height!) })
        }
        #expect(report.images[1].error?.code == "truncated")
        #expect(report.summary.images == 2 && report.summary.errors == 1 && report.summary.books == image.books.count)
        #expect(run.stderr.contains("shelfscan: error: \(bad)"))
    }

    @Test func printsATableByDefault() throws {
        let run = try EndToEndTests.run(["scan", Self.shelf])
        #expect(run.status == 0)
        let lines = run.stdout.split(separator: "\n")
        #expect(lines.first?.hasPrefix(Self.shelf) == true)
        #expect(lines.first?.contains("books") == true)
        #expect(lines.dropFirst().allSatisfy { $0.contains("uncertain") && $0.contains("score") })
        #expect(lines.count >= 11)
    }

    @Test func writesAnAnnotatedPictureForEachPhoto() throws {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("shelfscan-annotate-\(UUID().uuidString)").appendingPathComponent("new")
        defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
        let empty = EndToEndTests.fixture("shelves/blank-wall.jpg")
        let run = try EndToEndTests.run(["scan", "--annotate", folder.path, Self.shelf, empty])
        #expect(run.status == 0)
        let picture = try ImageDecoder().decodePhoto(atPath: folder.appendingPathComponent("shelf-001.annotated.png").path)
        let photo = try ImageDecoder().decodePhoto(atPath: Self.shelf)
        #expect(abs(Double(picture.image.width) / Double(picture.image.height) - Double(photo.image.width) / Double(photo.image.height)) < 0.01)
        // The outlines are drawn in the colour of `uncertain`.
        let colour = BookAnnotator.colour(for: .uncertain)
        var drawn = 0
        for y in stride(from: 0, to: picture.image.height, by: 2) {
            for x in stride(from: 0, to: picture.image.width, by: 2)
            where picture.image[x: x, y: y, channel: 0] == colour.red && picture.image[x: x, y: y, channel: 1] == colour.green
                && picture.image[x: x, y: y, channel: 2] == colour.blue
            {
                drawn += 1
            }
        }
        #expect(drawn > 1000)
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("blank-wall.annotated.png").path))
    }

    @Test func refusesAnAnnotationFolderThatIsAFile() throws {
        let run = try EndToEndTests.run(["scan", "--annotate", Self.shelf, Self.shelf])
        #expect(run.status == 64)
        #expect(run.stderr.contains("is a file"))
    }

    @Test func refusesElevenPhotos() throws {
        let run = try EndToEndTests.run(["scan"] + Array(repeating: Self.shelf, count: 11))
        #expect(run.status == 64)
        #expect(run.stderr.contains("At most 10 photos a run: got 11"))
    }
}
