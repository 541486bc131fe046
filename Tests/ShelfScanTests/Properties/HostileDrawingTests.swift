import Foundation
import Testing

@testable import ShelfImaging
@testable import ShelfPipeline
@testable import ShelfReading

/// What is drawn and cut for a person (annotated pictures, crops) over outlines no detector would
/// give — off the photo, inside out, collapsed, enormous, not numbers, with too few or too many
/// corners: nothing may trap or hang, and every picture stays within its size limit.
@Suite(.tags(.property))
struct HostileDrawingTests {
    static func books(_ outlines: [[Point]]) -> [DetectedBook] {
        outlines.enumerated().map { index, outline in
            DetectedBook(
                confidence: 0.5, detectionScore: 0.5, status: index % 2 == 0 ? .detected : .uncertain,
                selected: index % 2 == 0, polygon: outline,
                textOrientation: [TextOrientation.topToBottom, .bottomToTop, .horizontal, nil][index % 4])
        }
    }

    @Test func annotationsAndCropsOfImpossibleOutlinesNeitherTrapNorGrow() {
        var random = SeededGenerator(seed: 2026)
        for index in 0..<40 {
            let (image, description) = HostileImages.image(seed: 77, index: index, maxSide: 120)
            var outlines = HostileImages.polygons(in: image, withGiants: true, using: &random)
            outlines += [[], [Point(x: 1, y: 1)], [Point(x: 0, y: 0), Point(x: 5, y: 5), Point(x: 9, y: 0)]]
            outlines.append((0..<7).map { Point(x: Double($0) * 1e11, y: -Double($0) * 3e11) })
            let books = Self.books(outlines)
            let picture = BookAnnotator.annotated(image, books: books, maxSide: 100)
            #expect(picture.width <= max(100, 1) && picture.width >= 1, "\(description)")
            #expect(picture.height < 1000, "\(description)")
            for book in books {
                let crop = BookCropper.crop(of: book, in: image, maxSide: 64)
                #expect(crop.width >= 4 && crop.height >= 4 && crop.width <= 64 && crop.height <= 64, "\(description)")
            }
        }
    }

    @Test func aLineIsDrawnOnlyWhereItCrossesTheImage() {
        var image = Image(width: 50, height: 40, format: .rgb, filledWith: 0)
        // From far off on the left to far off on the right, through the middle row.
        image.drawLine(from: Point(x: -1e15, y: 20), to: Point(x: 1e15, y: 20), colour: .white, thickness: 1)
        #expect((0..<50).allSatisfy { image[x: $0, y: 20] == 255 })
        #expect(image[x: 25, y: 10] == 0)
        // Never on the image, and not numbers: nothing drawn.
        let before = image
        image.drawLine(from: Point(x: -100, y: -100), to: Point(x: -10, y: 500), colour: .white)
        image.drawLine(from: Point(x: .nan, y: 3), to: Point(x: 10, y: .infinity), colour: .white)
        #expect(image == before)
        #expect(Image.clipped(Point(x: 5, y: 5), Point(x: 100, y: 5), left: 0, top: 0, right: 50, bottom: 40)?.1 == Point(x: 50, y: 5))
    }
}
