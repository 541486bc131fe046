import Testing

@testable import ShelfDetection
@testable import ShelfImaging
@testable import ShelfOCR
@testable import ShelfPipeline
@testable import ShelfReading
@testable import ShelfText

/// Reading spines of a rendered shelf at their true outlines: titles, authors, the way the
/// lettering runs, and confidences that rank right readings above wrong ones.
@Suite struct SpineReaderTests {
    static let models = try! ScanModels.load()

    /// Whether two titles or names are the same up to OCR slips (edit similarity of at least 0.8).
    static func similar(_ read: String?, _ truth: String?) -> Bool {
        guard let read, let truth else { return false }
        return Similarity.ratio(read.folded, truth.folded) >= 0.8
    }

    struct Outcome {
        var titleRight: Bool
        var authorRight: Bool
        var orientationRight: Bool?
        var confidence: Double
    }

    /// Reads every book of a fixture at its true outline.
    static func outcomes(_ photoName: String) async throws -> [Outcome] {
        let truth = try ShelfTruth.load(photoName)
        let photo = try ImageDecoder().decodePhoto(atPath: Fixtures.path("shelves/\(photoName)"))
        let reader = SpineReader(lexicon: models.lexicon)
        let parser = models.parser
        let assessor = BookAssessor(model: models.confidence)
        let engine = try TesseractEngine()
        var outcomes: [Outcome] = []
        for book in truth.books where book.polygon != nil {
            let reading = reader.read(book.outline, in: photo.image, engine: engine)
            let parsed = parser.parse(reading.text)
            let spine = DetectedSpine(polygon: book.outline, score: 0.9, row: book.row ?? 0, lean: 0)
            let findings = SpineFindings(
                spine: spine, reading: reading, parsed: parsed, assessment: assessor.assess(parsed, on: spine))
            let reported = assessor.book(from: findings, isbn: parsed.isbn)
            let surname = book.author?.split(separator: " ").last.map(String.init)
            let authorRight =
                similar(parsed.author, book.author)
                || (parsed.author?.split(separator: " ").contains { similar(String($0), surname) } ?? false)
            outcomes.append(
                Outcome(
                    titleRight: similar(parsed.title, book.title), authorRight: authorRight,
                    orientationRight: reading.text.words.isEmpty || book.textOrientation == nil
                        ? nil : reading.orientation.rawValue == book.textOrientation,
                    confidence: reported.confidence))
        }
        return outcomes
    }

    @Test(.tags(.accuracy)) func readsMostTitlesAndAuthorsTheRightWayRound() async throws {
        let outcomes = try await Self.outcomes("shelf-003.jpg")
        let count = Double(outcomes.count)
        let titles = Double(outcomes.filter(\.titleRight).count) / count
        let authors = Double(outcomes.filter(\.authorRight).count) / count
        let oriented: [Bool] = outcomes.compactMap(\.orientationRight)
        let rightWay: Double = Double(oriented.filter { $0 }.count)
        #expect(outcomes.count == 85)
        #expect(titles >= 0.75, "titles \(titles)")
        #expect(authors >= 0.65, "authors \(authors)")
        #expect(rightWay >= 0.9 * Double(oriented.count), "orientation \(rightWay) of \(oriented.count)")

        // Confidence ranks right titles above wrong ones, and the selected ones are right.
        let right = outcomes.filter(\.titleRight).map(\.confidence)
        let wrong = outcomes.filter { !$0.titleRight }.map(\.confidence)
        let meanRight: Double = right.reduce(0, +) / Double(max(1, right.count))
        let meanWrong: Double = wrong.reduce(0, +) / Double(max(1, wrong.count))
        #expect(meanRight > meanWrong + 0.2, "\(meanRight) vs \(meanWrong)")
        let selected = outcomes.filter { $0.confidence >= 0.7 }
        #expect(selected.count >= 10)
        let selectedRight: Double = Double(selected.filter(\.titleRight).count)
        // Calibrated to 97% over all the fixtures; on one photo's forty-odd books a miss or two more.
        #expect(selectedRight >= 0.92 * Double(selected.count), "\(selectedRight) of \(selected.count)")
    }

    @Test func turnsLightLetteringOnADarkSpineDarkOnWhite() {
        var spine = Image(width: 120, height: 60, format: .rgb, filledWith: 0)
        spine.fill(PixelRect(x: 0, y: 0, width: 120, height: 60), with: Image.Colour(red: 30, green: 40, blue: 90))
        spine.drawText("HOLES", at: (10, 15), scale: 4, colour: Image.Colour(red: 240, green: 220, blue: 150))
        let ink = spine.inkOnWhite()
        #expect(ink.format == .gray)
        #expect(ink[x: 2, y: 2] >= 240)  // the spine's cloth
        var darkest = 255
        for y in 15..<43 { for x in 10..<110 { darkest = min(darkest, Int(ink[x: x, y: y])) } }
        #expect(darkest <= 40)  // the lettering
    }

    /// A spine of two colours, cream at the head and navy below, lying on its side (head at the left).
    static func twoColourSpine() -> Image {
        var spine = Image(width: 900, height: 140, format: .rgb, filledWith: 0)
        spine.fill(PixelRect(x: 0, y: 0, width: 400, height: 140), with: Image.Colour(red: 235, green: 225, blue: 200))
        spine.fill(PixelRect(x: 400, y: 0, width: 500, height: 140), with: Image.Colour(red: 25, green: 35, blue: 80))
        spine.drawText("HARBOUR", at: (20, 42), scale: 7, colour: Image.Colour(red: 140, green: 30, blue: 30))
        spine.drawText("VANCE", at: (480, 42), scale: 7, colour: Image.Colour(red: 235, green: 225, blue: 200))
        return spine
    }

    /// Against one background, one part of a two-colour spine turns into a dark block; against each
    /// part's own, both parts are white with their lettering dark.
    @Test func inksEachPartOfATwoColourSpineAgainstItsOwnBackground() throws {
        let spine = Self.twoColourSpine().rotated(quarterTurns: 1)
        let (head, foot) = ((10, 100), (10, 700))
        let whole = spine.inkOnWhite()
        #expect(min(whole[x: head.0, y: head.1], whole[x: foot.0, y: foot.1]) < 100)
        let local = try #require(spine.inkOnWhiteAgainstLocalBackground())
        #expect(local[x: head.0, y: head.1] >= 240 && local[x: foot.0, y: foot.1] >= 240)
        func darkest(_ rows: Range<Int>) -> Int {
            var darkest = 255
            for y in rows { for x in 0..<local.width { darkest = min(darkest, Int(local[x: x, y: y])) } }
            return darkest
        }
        #expect(darkest(20..<400) <= 60 && darkest(480..<880) <= 60)
        // A spine of one colour has no part of its own, however bold its lettering.
        var plain = Image(width: 140, height: 600, format: .rgb, filledWith: 0)
        plain.fill(PixelRect(x: 0, y: 0, width: 140, height: 600), with: Image.Colour(red: 25, green: 35, blue: 80))
        plain.drawText("WM", at: (4, 200), scale: 20, colour: .white)
        #expect(plain.inkOnWhiteAgainstLocalBackground() == nil)
    }

    /// The second reading of a two-colour spine reads the head's lettering, which the first, against
    /// the foot's colour, cannot.
    @Test func readsTheHeadOfATwoColourSpineOnASecondReading() async throws {
        let spine = Self.twoColourSpine().rotated(quarterTurns: 1)
        let outline = SpineReaderTests.wholeOutline(of: spine)
        let reader = SpineReader(lexicon: Self.models.lexicon)
        let engine = try TesseractEngine()
        let first = reader.read(outline, in: spine, engine: engine)
        #expect(!first.text.text.contains("HARBOUR"), "\(first.text.text)")
        let second = try #require(reader.readAgainstLocalBackground(outline, in: spine, engine: engine))
        #expect(second.text.text.contains("HARBOUR"), "\(second.text.text)")
    }

    /// The outline of a whole image, corners in reading order: a spine cut out on its own.
    static func wholeOutline(of image: Image) -> [Point] {
        let (width, height) = (Double(image.width), Double(image.height))
        return [Point(x: 0, y: 0), Point(x: width, y: 0), Point(x: width, y: height), Point(x: 0, y: height)]
    }

    /// A spine of two parts: at the head, blotches of red and green of one brightness under a title
    /// in pale lettering; at the foot, plain navy under the author. By colour distance, against one
    /// background or each part's own, the blotches of the other colour ink as dark as the lettering;
    /// in plain grey they vanish.
    static func mottledSpine() -> Image {
        var spine = Image(width: 1300, height: 140, format: .rgb, filledWith: 0)
        let red = Image.Colour(red: 200, green: 60, blue: 60), green = Image.Colour(red: 60, green: 130, blue: 60)
        for tileY in stride(from: 0, to: 140, by: 10) {
            for tileX in stride(from: 0, to: 800, by: 10) {
                let isRed = (tileX / 10 * 7 + tileY / 10 * 3) % 5 < 3
                spine.fill(PixelRect(x: tileX, y: tileY, width: 10, height: 10), with: isRed ? red : green)
            }
        }
        spine.fill(PixelRect(x: 800, y: 0, width: 500, height: 140), with: Image.Colour(red: 25, green: 35, blue: 80))
        let pale = Image.Colour(red: 245, green: 240, blue: 225)
        spine.drawText("HARBOUR LIGHTS", at: (30, 46), scale: 6, colour: pale)
        spine.drawText("VANCE", at: (900, 46), scale: 6, colour: pale)
        return spine
    }

    /// A reader with the shipped lexicon, an engine of its own, and a standing spine cut out whole
    /// (`SpineReader.colourCrop`) for it to read.
    static func cutWhole(_ standing: Image) throws -> (
        reader: SpineReader, engine: TesseractEngine, crop: (image: Image, scale: Double)
    ) {
        let reader = SpineReader(lexicon: models.lexicon)
        return (reader, try TesseractEngine(), reader.colourCrop(wholeOutline(of: standing), in: standing))
    }

    /// The plain-grey reading reads the title of a part-mottled spine, which inking by colour, against
    /// one background or each part's own, cannot.
    @Test func readsAMottledSpineInPlainGrey() throws {
        let (reader, engine, crop) = try Self.cutWhole(Self.mottledSpine().rotated(quarterTurns: 1))
        let inked = reader.read(crop, engine: engine)
        #expect(!inked.text.text.contains("HARBOUR"), "\(inked.text.text)")
        // Its background varies, so the scanner reads it in plain grey when still in doubt.
        let local = try #require(reader.readAgainstLocalBackground(crop, engine: engine))
        #expect(!local.text.text.contains("HARBOUR"), "\(local.text.text)")
        let grey = reader.readInPlainGrey(crop, engine: engine)
        #expect(grey.text.text.contains("HARBOUR"), "\(grey.text.text)")
    }

    /// A reading that read a sure word settles the way a spine's lettering runs
    /// (`SpineReader.settledWay(of:)`), and a further reading given that way reads only it; a
    /// reading of no sure word settles nothing.
    @Test func aSureWordSettlesTheWayFurtherReadingsRead() throws {
        let (reader, engine, crop) = try Self.cutWhole(Self.mottledSpine().rotated(quarterTurns: 1))
        let inked = reader.read(crop, engine: engine)
        #expect(reader.settledWay(of: inked) == nil, "\(inked.text.text)")
        let grey = reader.readInPlainGrey(crop, engine: engine)
        let way = try #require(reader.settledWay(of: grey), "\(grey.text.text)")
        #expect(way == grey.orientation && way != .horizontal)
        let settled = reader.readInPlainGrey(crop, engine: engine, way: way)
        #expect(settled.orientation == way && settled.text.text.contains("HARBOUR"), "\(settled.text.text)")
        // Told the other way, it reads that way only, though the lettering does not run so.
        let other: TextOrientation = way == .topToBottom ? .bottomToTop : .topToBottom
        let backwards = reader.readInPlainGrey(crop, engine: engine, way: other)
        #expect(backwards.orientation == other && !backwards.text.text.contains("HARBOUR"), "\(backwards.text.text)")
    }

    /// A tall spine whose words are set across it, one word a line, title then author printed
    /// twice over: no reading along the spine makes words of it.
    static func stackedSpine() -> Image {
        var spine = Image(width: 200, height: 900, format: .rgb, filledWith: 0)
        spine.fill(PixelRect(x: 0, y: 0, width: 200, height: 900), with: Image.Colour(red: 225, green: 110, blue: 40))
        let ink = Image.Colour(red: 30, green: 20, blue: 20)
        for top in [80, 520] {
            for (index, word) in ["SILVER", "HARBOUR", "EDITH", "BLAKE"].enumerated() {
                spine.drawText(word, at: (15, top + index * 44), scale: 4, colour: ink)
            }
        }
        return spine
    }

    /// Words stacked across a tall spine are read across it, once the readings along it make no
    /// words.
    @Test func readsWordsStackedAcrossATallSpine() throws {
        let spine = Self.stackedSpine()
        let reader = SpineReader(lexicon: Self.models.lexicon)
        let engine = try TesseractEngine()
        let reading = reader.read(Self.wholeOutline(of: spine), in: spine, engine: engine)
        #expect(reading.orientation == .horizontal, "\(reading.text.text)")
        #expect(reading.text.lines.count == 8, "\(reading.text.text)")
        // The parse reads each line once, and the given name above the surname as one name.
        let parsed = Self.models.parser.parse(reading.text)
        #expect(parsed.title?.hasPrefix("Silver") == true, "\(reading.text.text)")
        #expect(parsed.author == "Edith Blake", "\(reading.text.text)")
    }

    /// The further readings of a doubtful book read along it only: the first reading looked
    /// across it already.
    @Test func readsAcrossInTheFirstReadingOnly() throws {
        let spine = Self.stackedSpine()
        let reader = SpineReader(lexicon: Self.models.lexicon)
        let engine = try TesseractEngine()
        let crop = reader.colourCrop(Self.wholeOutline(of: spine), in: spine)
        #expect(reader.read(crop, engine: engine).orientation == .horizontal)
        #expect(reader.readInPlainGrey(crop, engine: engine).orientation != .horizontal)
    }

    /// Words stacked across a spine are looked for only where the spine is wide enough in the
    /// photo for a word across it to be legible, and never before the readings along it.
    @Test func readsAcrossOnlyASpineWideEnoughForWordsAcrossIt() {
        let reader = SpineReader()
        #expect(reader.orientationsToTry(width: 140, length: 900, photoPixelsAcross: 200).last == .horizontal)
        #expect(!reader.orientationsToTry(width: 140, length: 900, photoPixelsAcross: 30).contains(.horizontal))
        // A cover is read upright first, however small; a paperback's is 0.6 as wide as long.
        #expect(reader.orientationsToTry(width: 140, length: 150, photoPixelsAcross: 30).first == .horizontal)
        #expect(reader.orientationsToTry(width: 600, length: 1000, photoPixelsAcross: 600).first == .horizontal)
        #expect(reader.orientationsToTry(width: 400, length: 1000, photoPixelsAcross: 400).first != .horizontal)
    }

    /// Of two readings of a book turned different ways, the one sure of a whole word more is kept,
    /// even when the other's scraps are read more confidently; between readings sure of as much,
    /// the one that looks better.
    @Test func prefersTheReadingSureOfMoreWords() {
        let reader = SpineReader(lexicon: Self.models.lexicon)
        func reading(_ words: [(String, Double)], _ orientation: TextOrientation) -> SpineReader.Reading {
            var x = 0
            let line = words.map { text, confidence in
                defer { x += 30 * text.count + 20 }
                return RecognizedText.Word(
                    text: text, confidence: confidence, box: PixelRect(x: x, y: 10, width: 30 * text.count, height: 40))
            }
            let box = line.dropFirst().reduce(line[0].box) { $0.union($1.box) }
            let text = RecognizedText(lines: [RecognizedText.Line(words: line, box: box)])
            return SpineReader.Reading(text: text, orientation: orientation, scale: 1)
        }
        let right = reading([("Harbour", 92), ("of", 25), ("the", 25), ("Qvenmoor", 25)], .topToBottom)
        let scraps = reading([("SB", 95), ("ce", 94), ("SD", 95), ("oe", 93)], .bottomToTop)
        #expect(reader.quality(of: scraps) > reader.quality(of: right))
        #expect(reader.isBetter(right, than: scraps) && !reader.isBetter(scraps, than: right))
        let unsure = reading([("Harbour", 70), ("Lights", 70)], .bottomToTop)
        let sure = reading([("Harbour", 95), ("Lights", 95)], .topToBottom)
        #expect(reader.isBetter(sure, than: unsure))
    }

    /// A reading along a spine that is sure of a whole word it knows shows the lettering runs along
    /// the spine, and rules out words stacked across it; an unsure or unknown word does not.
    @Test func tellsASureWordOfTheLexicon() {
        let reader = SpineReader(lexicon: Self.models.lexicon)
        func text(_ word: String, _ confidence: Double) -> RecognizedText {
            let box = PixelRect(x: 10, y: 10, width: 200, height: 40)
            let read = RecognizedText.Word(text: word, confidence: confidence, box: box)
            return RecognizedText(lines: [RecognizedText.Line(words: [read], box: box)])
        }
        #expect(reader.sureLetters(in: text("HARBOUR", 95)) == 7)
        #expect(reader.sureLetters(in: text("HARBOUR", 80)) == 0)
        #expect(reader.sureLetters(in: text("Xqzvw", 96)) == 0)
        #expect(reader.sureLetters(in: text("the", 96)) == 0)
        #expect(SpineReader().sureLetters(in: text("HARBOUR", 95)) == 0)
    }

    /// A spine lettered along its length is still read along it: the reading across is the last
    /// resort, taken only when it is sure and made of words.
    @Test func readsLetteringAlongASpineAlongIt() throws {
        var spine = Image(width: 900, height: 140, format: .rgb, filledWith: 0)
        spine.fill(PixelRect(x: 0, y: 0, width: 900, height: 140), with: Image.Colour(red: 235, green: 225, blue: 200))
        spine.drawText("HARBOUR LIGHTS", at: (30, 46), scale: 6, colour: Image.Colour(red: 30, green: 30, blue: 60))
        let upright = spine.rotated(quarterTurns: 1)
        let reader = SpineReader(lexicon: Self.models.lexicon)
        let reading = reader.read(Self.wholeOutline(of: upright), in: upright, engine: try TesseractEngine())
        #expect(reading.orientation != .horizontal)
        #expect(reading.text.text.contains("HARBOUR"), "\(reading.text.text)")
    }

    /// A reading one way round that is sure of a word is kept without reading the spine the other
    /// way: a word of the lexicon read that surely is the way the lettering runs, though the
    /// scraps beside it keep the reading from being accepted on its confidence.
    @Test func aSureWordEndsTheFirstReading() throws {
        var spine = Image(width: 1100, height: 140, format: .rgb, filledWith: 0)
        spine.fill(PixelRect(x: 0, y: 0, width: 1100, height: 140), with: Image.Colour(red: 235, green: 225, blue: 200))
        let ink = Image.Colour(red: 30, green: 30, blue: 60)
        spine.drawText("LIGHTS", at: (30, 40), scale: 6, colour: ink)
        spine.drawText("7 4 2 9", at: (500, 40), scale: 6, colour: ink)
        let (reader, engine, crop) = try Self.cutWhole(spine.rotated(quarterTurns: 1))
        let reading = reader.read(crop, engine: engine)
        #expect(reading.text.text.contains("LIGHTS"), "\(reading.text.text)")
        let accepted = reader.isAcceptedWithoutComparison(reading.text)
        #expect(!accepted, "\(reading.text.words.map(\.confidence))")
        #expect(reader.settledWay(of: reading) == reading.orientation)
        #expect(engine.recognitions == 1)
    }

    /// A name set small beside a large title, missed by the first reading, is found by reading what
    /// is left once the title is painted out.
    @Test func readsTheLetteringTheFirstReadingMissed() async throws {
        var spine = Image(width: 900, height: 140, format: .rgb, filledWith: 255)
        spine.drawText("MAUS", at: (20, 30), scale: 14, colour: .black)
        spine.drawText("WILLA CATHER", at: (560, 90), scale: 3, colour: .black)
        var gray = spine.inkOnWhite()
        let title = RecognizedText.Word(
            text: "MAUS", confidence: 95, box: PixelRect(x: 20, y: 30, width: 330, height: 100))
        let first = RecognizedText(lines: [RecognizedText.Line(words: [title], box: title.box)])
        let engine = try TesseractEngine()
        let text = SpineReader().addingLeftovers(to: first, in: &gray, engine: engine)
        #expect(text.words.first?.text == "MAUS")
        let added = text.words.dropFirst()
        #expect(added.contains { $0.text.contains("WILLA") || $0.text.contains("CATHER") }, "\(text.text)")
        // Boxes come back in the crop's pixels, beside the name.
        #expect(added.allSatisfy { $0.box.x >= 540 && $0.box.maxX <= 900 })
        // A word missed on the title's own line goes into that line, in its place.
        var titled = Image(width: 900, height: 140, format: .rgb, filledWith: 255)
        titled.drawText("THE", at: (20, 50), scale: 9, colour: .black)
        titled.drawText("MAUS", at: (260, 30), scale: 14, colour: .black)
        var titledGray = titled.inkOnWhite()
        let maus = RecognizedText.Word(
            text: "MAUS", confidence: 95, box: PixelRect(x: 260, y: 30, width: 330, height: 100))
        let missed = SpineReader().addingLeftovers(
            to: RecognizedText(lines: [RecognizedText.Line(words: [maus], box: maus.box)]), in: &titledGray,
            engine: engine)
        #expect(missed.lines.count == 1)
        #expect(missed.lines.first?.words.map(\.text) == ["THE", "MAUS"], "\(missed.text)")
        // Nothing left to read: no second look.
        var blank = Image(width: 900, height: 140, format: .gray, filledWith: 255)
        #expect(SpineReader().addingLeftovers(to: first, in: &blank, engine: engine) == first)
    }

    @Test func dropsMarksAndNoise() {
        func word(_ text: String, _ confidence: Double) -> RecognizedText.Word {
            RecognizedText.Word(text: text, confidence: confidence, box: PixelRect(x: 0, y: 0, width: 10, height: 10))
        }
        let read = RecognizedText(lines: [
            RecognizedText.Line(
                words: [
                    word("©", 95), word("HOLES", 93), word("|", 90), word("—I|", 70), word("xq", 8), word("A", 90),
                ],
                box: PixelRect(x: 0, y: 0, width: 10, height: 10)),
            RecognizedText.Line(words: [word("~", 60)], box: PixelRect(x: 0, y: 0, width: 10, height: 10)),
        ])
        let cleaned = SpineReader().cleaned(read)
        #expect(cleaned.words.map(\.text) == ["HOLES", "A"])
        #expect(cleaned.lines.count == 1)
    }

    /// A confident reading of real, whole words is kept without reading the other way round; a
    /// confident scatter of fragments, as lettering read upside down often gives, is not.
    @Test func acceptsAConfidentReadingOnlyWhenItIsWholeWords() {
        func reading(_ text: String, confidence: Double) -> RecognizedText {
            let box = PixelRect(x: 0, y: 0, width: 10, height: 10)
            let words = text.split(separator: " ").map {
                RecognizedText.Word(text: String($0), confidence: confidence, box: box)
            }
            return RecognizedText(lines: [RecognizedText.Line(words: words, box: box)])
        }
        let reader = SpineReader(lexicon: Self.models.lexicon)
        #expect(reader.isAcceptedWithoutComparison(reading("THE BLIND ASSASSIN MARGARET ATWOOD", confidence: 80)))
        #expect(!reader.isAcceptedWithoutComparison(reading("THE BLIND ASSASSIN MARGARET ATWOOD", confidence: 60)))
        // Half its longer words real, but most of its letters in fragments.
        #expect(!reader.isAcceptedWithoutComparison(reading("N IS S V S SV d N ll dq HHL THE", confidence: 80)))
        #expect(!reader.isAcceptedWithoutComparison(reading("SUSL UNAS XQT", confidence: 90)))
    }

    @Test func confidenceGrowsWithBetterEvidenceAndAnISBN() {
        let model = Self.models.confidence
        var signals: [ConfidenceSignal: Double] = [
            .detection: 0.9, .hasTitle: 1, .titleConfidence: 0.5, .titleWordShare: 0.5, .titleLength: 0.5,
        ]
        let weak = model.confidence(signals: signals, hasISBN: false)
        signals[.titleConfidence] = 0.95
        signals[.titleWordShare] = 1
        let strong = model.confidence(signals: signals, hasISBN: false)
        #expect(strong > weak)
        #expect(model.confidence(signals: [.detection: 0.5], hasISBN: false) < BookAssessor.defaultMinimumConfidence)
        #expect(model.confidence(signals: [.detection: 0.5], hasISBN: true) >= model.isbnFloor)
    }
}
