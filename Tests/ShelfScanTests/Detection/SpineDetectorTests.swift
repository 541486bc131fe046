import Foundation
import Testing

@testable import ShelfDetection
@testable import ShelfImaging

/// The detector against the rendered shelves of `Fixtures/shelves`, whose truth has every spine's
/// outline; matching is one-to-one at an intersection over union of at least 0.5.
@Suite(.tags(.accuracy))
struct SpineDetectorTests {
    static let shelves = Fixtures.photos(in: "shelves").filter { $0.hasPrefix("shelf-") }

    static func detect(_ photo: String) throws -> (truth: ShelfTruth, spines: [DetectedSpine]) {
        let decoded = try ImageDecoder().decodePhoto(atPath: Fixtures.path("shelves/\(photo)"))
        let truth = try ShelfTruth.load(photo)
        #expect(decoded.image.width == truth.width && decoded.image.height == truth.height)
        return (truth, SpineDetector().spines(in: decoded.image))
    }

    static func matching(_ photo: String) throws -> (ShelfTruth, [DetectedSpine], OutlineMatching) {
        let (truth, spines) = try detect(photo)
        let matching = OutlineMatching(truth: truth.books.map(\.outline), detected: spines.map(\.polygon))
        return (truth, spines, matching)
    }

    @Test func findsTheSpinesOfEveryShelf() throws {
        #expect(Self.shelves.count >= 8)
        var truthCount = 0, detectedCount = 0, matched = 0
        for photo in Self.shelves {
            let (_, _, matching) = try Self.matching(photo)
            truthCount += matching.truthCount
            detectedCount += matching.detectedCount
            matched += matching.matches.count
            #expect(matching.recall >= 0.6, "\(photo): recall \(matching.recall)")
            #expect(matching.precision >= 0.85, "\(photo): precision \(matching.precision)")
        }
        let recall = Double(matched) / Double(truthCount), precision = Double(matched) / Double(detectedCount)
        #expect(recall >= Self.minimumRecall, "recall \(recall) over \(truthCount) spines")
        #expect(precision >= Self.minimumPrecision, "precision \(precision) over \(detectedCount) outlines")
    }

    @Test func leaningBooksGetTiltedOutlines() throws {
        let (truth, spines, matching) = try Self.matching("leaning.jpg")
        let leaning = truth.books.indices.filter { abs(Self.lean(of: truth.books[$0].outline)) >= 8 }
        #expect(leaning.count >= 4)
        // Each found, and all but at most one outlined within 4° of its lean (not as an upright box).
        var tilted = 0
        for index in leaning {
            let expected = Self.lean(of: truth.books[index].outline)
            guard let detected = matching.matches[index] else {
                Issue.record("leaning book \(truth.books[index].title) (\(expected)°) not found")
                continue
            }
            if abs(spines[detected].lean - expected) <= 4 { tilted += 1 }
        }
        #expect(tilted >= leaning.count - 1, "\(tilted) of \(leaning.count) leaning books outlined at their lean")
    }

    @Test func sameColouredNeighboursStayApart() throws {
        let (truth, spines, matching) = try Self.matching("same-colour.jpg")
        #expect(matching.recall >= 0.8, "recall \(matching.recall)")
        // At most two outlines (of five runs of same-coloured books) cover most of two books.
        let merged = spines.filter { spine in
            truth.books.filter { book in
                Polygon.area(Polygon.intersection(book.outline, spine.polygon)) > 0.5 * Polygon.area(book.outline)
            }.count > 1
        }
        #expect(merged.count <= 2, "\(merged.count) outlines cover two books")
    }

    @Test func aFaceOutBookIsOneRegion() throws {
        let (truth, spines, matching) = try Self.matching("face-out.jpg")
        let faceOut = try #require(
            truth.books.indices.max { Polygon.area(truth.books[$0].outline) < Polygon.area(truth.books[$1].outline) })
        #expect(truth.books[faceOut].textOrientation == "horizontal")
        #expect(matching.matches[faceOut] != nil)
        let pieces = spines.filter { spine in
            Polygon.area(Polygon.intersection(truth.books[faceOut].outline, spine.polygon))
                > 0.15 * Polygon.area(spine.polygon)
        }
        #expect(pieces.count == 1, "the cover is in \(pieces.count) outlines")
    }

    @Test(arguments: ["empty-shelf.png", "blank-wall.jpg", "blank-page.jpg"])
    func aPhotoWithoutBooksHasAtMostTwoSpines(photo: String) throws {
        let (truth, spines) = try Self.detect(photo)
        #expect(truth.books.isEmpty)
        #expect(spines.count <= 2, "\(spines.count) spines")
    }

    @Test func outlinesAreInTheDisplayedPhotoOfAnEXIFRotatedFile() throws {
        let (truth, _, matching) = try Self.matching("exif-rotated.jpg")
        #expect(truth.exifOrientation != 1)
        #expect(matching.recall >= 0.85, "recall \(matching.recall)")
        #expect(matching.precision >= 0.95, "precision \(matching.precision)")
    }

    @Test func aSmallPhotoOrATinyOneIsNotAnError() {
        #expect(SpineDetector().spines(in: Image(width: 8, height: 8, format: .rgb)).isEmpty)
        #expect(SpineDetector().spines(in: Image(width: 200, height: 100, format: .gray, filledWith: 128)).isEmpty)
    }

    /// The lean of an outline's long sides from vertical, degrees clockwise.
    static func lean(of outline: [Point]) -> Double {
        let left = atan2(outline[0].x - outline[3].x, outline[3].y - outline[0].y)
        let right = atan2(outline[1].x - outline[2].x, outline[2].y - outline[1].y)
        return (left + right) / 2 * 180 / .pi
    }

    /// What the detector achieves on the fixtures, less a margin.
    static let minimumRecall = 0.9
    static let minimumPrecision = 0.95
}
