import Foundation
import Testing

@testable import ShelfDetection
@testable import ShelfImaging
@testable import ShelfOCR
@testable import ShelfPipeline
@testable import ShelfReading

/// The detector and the reader over thousands of generated images no camera would take, and over
/// outlines no detector would give: nothing may trap (a trap loses the photo's whole batch). The
/// normal (debug) run checks `cases` images for the detector, a tenth of them for the reader's
/// image steps and a fiftieth through Tesseract; `Scripts/property-test.sh` runs many more, larger,
/// in a release build.
///
/// A trap stops the test process: the case it was on is in `lastCaseFile`, and
/// `SHELFSCAN_PROPERTY_SEED` with `SHELFSCAN_PROPERTY_CASES` makes it again.
@Suite(.tags(.property))
struct HostileImageTests {
    static let environment = ProcessInfo.processInfo.environment
    static let cases = environment["SHELFSCAN_PROPERTY_CASES"].flatMap(Int.init) ?? 1000
    /// The longest side of a generated image.
    static let maxSide = environment["SHELFSCAN_PROPERTY_MAX_SIDE"].flatMap(Int.init) ?? 160
    static let seed = environment["SHELFSCAN_PROPERTY_SEED"].flatMap(UInt64.init) ?? 20_261_124
    static let lastCaseFile = FileManager.default.temporaryDirectory.appendingPathComponent(
        "shelfscan-property-case.txt")

    static func noting(_ description: String) {
        try? description.write(to: lastCaseFile, atomically: false, encoding: .utf8)
    }

    @Test func theDetectorNeverTrapsAndGivesOutlinesInsideThePhoto() {
        var outlines = 0
        for index in 0..<Self.cases {
            let (image, description) = HostileImages.image(seed: Self.seed, index: index, maxSide: Self.maxSide)
            Self.noting("detector: " + description)
            let spines = SpineDetector().spines(in: image)
            outlines += spines.count
            for spine in spines {
                #expect(spine.polygon.count == 4, "\(description)")
                #expect(spine.polygon.allSatisfy { $0.x.isFinite && $0.y.isFinite }, "\(description)")
                #expect(spine.score.isFinite, "\(description)")
            }
        }
        // Stripes and lines look like books now and then: the outlines were made and checked.
        #expect(outlines > 0)
    }

    /// Every image step of reading — the crop along any outline, the ink, which way its letters
    /// stand, the local backgrounds, the title check's stretch, the ISBN line search — without
    /// Tesseract, so that thousands of cases take seconds.
    @Test func theReadersImageStepsNeverTrapOnAnyOutline() {
        let reader = SpineReader()
        var random = SeededGenerator(seed: Self.seed)
        for index in 0..<max(1, Self.cases / 10) {
            let (image, description) = HostileImages.image(seed: Self.seed, index: index, maxSide: Self.maxSide)
            let polygons = HostileImages.polygons(in: image, withGiants: index % 20 == 0, using: &random)
            for (number, polygon) in polygons.enumerated() {
                Self.noting("reader: \(description), outline \(number): \(polygon)")
                let colour = reader.colourCrop(polygon, in: image)
                let crop = (image: colour.image.inkOnWhite(), scale: colour.scale)
                #expect(crop.image.width >= 1 && crop.image.height >= 1, "\(description)")
                #expect(crop.scale.isFinite, "\(description)")
                _ = colour.image.inkOnWhiteAgainstLocalBackground()
                _ = SpineReader.plainGrey(colour.image)
                _ = crop.image.letteringInk()
                let turned = crop.image.rotated(quarterTurns: TextOrientation.topToBottom.quarterTurns)
                if let score = turned.uprightLetteringScore() { #expect((-1...1).contains(score), "\(description)") }
                _ = colour.image.grayscale().textLines()
                // The title check's stretch, from any box of a reading any way round at any scale.
                let box = PixelRect(
                    x: Int.random(in: -100_000...100_000, using: &random), y: Int.random(in: -100_000...100_000, using: &random),
                    width: Int.random(in: 0...100_000, using: &random), height: Int.random(in: 0...100_000, using: &random))
                let reading = SpineReader.Reading(
                    text: RecognizedText(lines: []), orientation: TextOrientation.allCases.randomElement(using: &random)!,
                    scale: [colour.scale, 1e-12, 1e12, 0].randomElement(using: &random)!)
                let part = reader.stretch(holding: box, of: reading, outline: polygon)
                #expect(part.lowerBound >= 0 && part.upperBound <= 1, "\(description)")
                let stretch = reader.colourCrop(polygon, in: image, along: part)
                #expect(stretch.image.width >= 1 && stretch.image.height >= 1, "\(description)")
                for turns in 0..<4 {
                    guard
                        let band = SpineEdgeBand(
                            polygon: polygon, quarterTurns: turns, share: 0.5, margin: 0.1, pixelsAcross: 120)
                    else { continue }
                    _ = ISBNLineFinder().lines(in: band.grayImage(in: image), spineWidth: band.spineWidth)
                }
            }
        }
    }

    /// A few dozen cases through Tesseract too: the reader, the second reading, the ISBN line
    /// reader and the parser.
    @Test func readingAndParsingNeverTrap() throws {
        let models = try ScanModels.load()
        let reader = SpineReader(lexicon: models.lexicon), parser = models.parser
        let engine = try TesseractEngine()
        var random = SeededGenerator(seed: Self.seed &+ 1)
        for index in 0..<max(1, Self.cases / 50) {
            let (image, description) = HostileImages.image(seed: Self.seed &+ 1, index: index, maxSide: Self.maxSide)
            let polygons =
                HostileImages.polygons(in: image, withGiants: false, using: &random)
                + SpineDetector().spines(in: image).map(\.polygon)
            for polygon in polygons.prefix(6) {
                Self.noting("tesseract: \(description), outline \(polygon)")
                let reading = reader.read(polygon, in: image, engine: engine)
                _ = parser.parse(reading.text)
                let crop = reader.colourCrop(polygon, in: image)
                if let again = reader.readAgainstLocalBackground(crop, engine: engine) {
                    _ = parser.parse(again.text)
                }
                _ = parser.parse(reader.readInPlainGrey(crop, engine: engine).text)
                _ = parser.parse(reader.readByLines(crop, orientation: reading.orientation, engine: engine).text)
                _ = SpineISBNReader().read(polygon, in: image, orientation: reading.orientation, engine: engine)
            }
        }
    }
}
