import ShelfBarcodes
import ShelfCatalog
import ShelfDetection
import ShelfISBN
import ShelfImaging
import ShelfOCR
import ShelfReading

/// The stage that reads a photo's spines. Each spine is read through as one piece of work on a
/// worker thread, with that thread's Tesseract engine: a first reading, its parse and assessment,
/// further readings when the first is doubtful, and the title check when the book would be selected;
/// then, once the photo's barcodes are known, the small ISBN line of a spine that has neither an
/// ISBN in its text nor a barcode and is wide enough for one to be legible
/// (`SpineISBNReader.mayHoldReadableLine`). Spines wait for no other spine between these steps, so no core
/// idles while a step's last spines finish.
struct SpineReadingStage: Sendable {
    /// Books read with less confidence than this — those the default threshold would not select —
    /// are read again: line by line (`SpineReader.readByLines`), then against their spines' local
    /// backgrounds (`SpineReader.readAgainstLocalBackground`).
    static let doubtfulConfidence = BookAssessor.defaultMinimumConfidence

    var reader: SpineReader
    var parser: SpineTextParser
    var assessor: BookAssessor
    var recognizer: TextRecognizer
    /// The catalogue a book is identified in at assembly. A reading it names surely
    /// (`CatalogMatch.isStrong`) is read no further and not checked: assembly gives such a book the
    /// catalogue's title and author and selects it, whatever a further reading or check would say.
    var catalog: CatalogIdentifier?
    var isbnLineReader = SpineISBNReader()
    /// How much wider, as a share of its width on each side, a doubtful book whose lettering runs
    /// into its outline's long sides is cut again.
    static let widening = 0.1
    /// The narrowest spine, in photo pixels, cut wider: on a narrower one (a 640-pixel photo of a
    /// bookcase) lettering fills the width as a matter of course, and reading it again cost a fifth
    /// of such a photo's time.
    static let leastWidthToWiden = 40.0

    /// A book still below this confidence after its first reading and its lines is not read
    /// against its local backgrounds nor in plain grey. On the open-shelves tune part those
    /// readings of such books took two fifths of the time of those readings and made none of them
    /// a book to select; at 0.1 one was lost.
    static let hopelessConfidence = 0.05

    /// A spine narrower than `leastWidthToWiden` whose reading so far Tesseract is this unsure of
    /// (mean word confidence, 0…100) is not read against its local backgrounds nor in plain grey
    /// either (`isTooBlurredToInkAgain(_:on:)`): its lettering is a few photo pixels tall and
    /// blurred, which inking it another way does not mend. On the tune parts of the real photos
    /// such spines were a fifth to two-fifths of those read so, took 30 to 55% of those readings'
    /// time, and none of them came out selected.
    static let leastWordConfidenceToInkAgain = 50.0

    /// A spine narrower than this, in photo pixels, gets no further readings, however doubtful:
    /// its lettering is a few pixels tall, and reading it line by line, against its local
    /// backgrounds or in plain grey reads it no better. On the tune parts of the real photos
    /// (docs/real-split.txt), such spines were one in eight of those read and a fifteenth of the
    /// reading time, and none was selected from a further reading.
    static let leastWidthToReadFurther = 12.0

    /// Whether a doubtful book is read line by line (`SpineReader.readByLines`) before the other
    /// further readings. Its lines often hold the small ISBN printed on the spine, which then needs
    /// no ISBN line.
    var readsLineByLine = true

    /// The barcode search failed (was cancelled): the stage's error, told apart from reading's own.
    struct BarcodeSearchFailure: Error {
        var underlying: any Error
    }

    /// Reads every spine; `barcodes` gives the photo's barcodes (searched meanwhile), which decide
    /// whose ISBN line is read. `onEach` is called as each spine's reading is done.
    func read(
        _ spines: [DetectedSpine], in image: Image,
        barcodes: @escaping @Sendable () async throws -> [BarcodeFinding],
        onEach: @escaping @Sendable () -> Void = {}
    ) async throws -> Outcome {
        enum Piece: Sendable {
            case spine(Int, SpineFindings, SpineWork)
            case barcodes([BarcodeFinding])
            case isbnLine(Int, ISBN?, Double, Int, Int)
        }
        return try await withThrowingTaskGroup(of: Piece.self) { group in
            group.addTask {
                do { return .barcodes(try await barcodes()) } catch { throw BarcodeSearchFailure(underlying: error) }
            }
            for (index, spine) in spines.enumerated() {
                group.addTask {
                    let (found, work) = try await recognizer.withEngine { engine in
                        self.findings(of: spine, in: image, engine: engine)
                    }
                    return .spine(index, found, work)
                }
            }
            var findings = [SpineFindings?](repeating: nil, count: spines.count)
            var lineISBNs = [ISBN?](repeating: nil, count: spines.count)
            var foundBarcodes: [BarcodeFinding]?
            var waitingForBarcodes: [Int] = []
            var work = [SpineWork](repeating: SpineWork(), count: spines.count)
            let reader = isbnLineReader
            for try await piece in group {
                var ready: [Int] = []
                switch piece {
                case let .spine(index, found, spineWork):
                    findings[index] = found
                    work[index] = spineWork
                    onEach()
                    if foundBarcodes == nil { waitingForBarcodes.append(index) } else { ready = [index] }
                case let .barcodes(barcodes):
                    foundBarcodes = barcodes
                    ready = waitingForBarcodes
                    waitingForBarcodes = []
                case let .isbnLine(index, isbn, milliseconds, calls, lineLength):
                    lineISBNs[index] = isbn
                    work[index].times[ReadingPart.isbnLine.rawValue] = milliseconds
                    work[index].calls[ReadingPart.isbnLine.rawValue] = calls
                    work[index].lineLengths[ReadingPart.isbnLine.rawValue] = lineLength
                }
                let barcodes = foundBarcodes ?? []
                for index in ready {
                    guard let found = findings[index], found.parsed.isbn == nil,
                        !barcodes.contains(where: { found.spine.contains($0.centre) }),
                        reader.mayHoldReadableLine(spineWidth: found.spine.width)
                    else { continue }
                    let (polygon, orientation) = (found.spine.polygon, found.reading.orientation)
                    group.addTask {
                        let (isbn, milliseconds, calls, lineLength) = try await recognizer.withEngine { engine in
                            var stopwatch = Stopwatch()
                            let (before, lengthBefore) = (engine.recognitions, engine.lineLengthThousandths)
                            let isbn = reader.read(polygon, in: image, orientation: orientation, engine: engine)
                            let calls = engine.recognitions - before
                            return (isbn, stopwatch.lap(), calls, engine.lineLengthThousandths - lengthBefore)
                        }
                        return .isbnLine(index, isbn, milliseconds, calls, lineLength)
                    }
                }
            }
            return Outcome(
                findings: findings.compactMap { $0 }, lineISBNs: lineISBNs, barcodes: foundBarcodes ?? [], work: work)
        }
    }

    /// One spine read through on a worker thread, with the work of each part (`SpineWork`): the
    /// first reading; its parse; when doubtful and its words run into the outline's long sides, a
    /// reading of a wider cut; when doubtful, a reading line by line (`SpineReader.readByLines`),
    /// the other way along the spine too when that makes no sure title — a spine on which it finds
    /// no line of lettering tall enough to read is read no more, nor one narrower than
    /// `leastWidthToReadFurther` from the start — and, when still doubtful but neither all but
    /// hopeless (`hopelessConfidence`) nor too blurred (`isTooBlurredToInkAgain(_:on:)`), one
    /// against the spine's local backgrounds from the same cut and, when the background varies and
    /// the book is still doubtful, one in plain grey where it can pay (`isWorthReadingInPlainGrey(_:)`)
    /// (the wider, local-background and plain-grey readings read only the way round that the
    /// reading kept so far settled:
    /// `SpineReader.settledWay(of:)`); the parse the confidence model trusts most kept, with the
    /// words it lacks that the other readings of the same cut read surely
    /// (`SpineReader.merging(wordsOf:into:)`) when the model trusts that no less. A sure reading
    /// whose title holds a misread word is read line by line and against its local backgrounds
    /// too, only to mend that word (`withMisreadWordsMended`); and when the book
    /// would be selected, its title checked against an independent reading of the stretch of the
    /// spine that holds it (`SpineReader.titleCheck(of:readIn:outline:in:engine:)`). A book whose
    /// kept reading is the one in plain grey is not checked: it is not selected. A book the catalogue names surely
    /// (`isSurelyIdentified(_:)`) is read no further and not checked, nor the other ways round when
    /// the first way round names it.
    func findings(of spine: DetectedSpine, in image: Image, engine: TesseractEngine) -> (SpineFindings, SpineWork) {
        var work = SpineWork()
        var stopwatch = Stopwatch()
        var (recognitions, lineLength) = (engine.recognitions, engine.lineLengthThousandths)
        func lap(_ part: ReadingPart) {
            work.times[part.rawValue, default: 0] += stopwatch.lap()
            guard part != .parse else { return }
            work.calls[part.rawValue, default: 0] += engine.recognitions - recognitions
            work.lineLengths[part.rawValue, default: 0] += engine.lineLengthThousandths - lineLength
            (recognitions, lineLength) = (engine.recognitions, engine.lineLengthThousandths)
        }

        let crop = reader.colourCrop(spine.polygon, in: image)
        // A way round whose reading the catalogue names surely is the way the lettering runs.
        let isNamed: ((SpineReader.Reading) -> Bool)? =
            catalog == nil ? nil : { isSurelyIdentified(findings(of: spine, reading: $0)) }
        let first = reader.read(crop, engine: engine, isSettled: isNamed)
        lap(.first)
        var kept = findings(of: spine, reading: first)
        // Every parse made, for the doubts one reading raises about a title another reading shares.
        var made = [kept]
        // The readings of the outline's own cut, whose words lie in the same places.
        var sameCut = [first]
        // A book the catalogue names surely is read no further.
        let isIdentified = isSurelyIdentified(kept)
        lap(.parse)
        if isIdentified { return (kept, work) }
        // A sure reading whose title holds a word misread is read further only to mend that word
        // (`withMisreadWordsMended`): the readings made for it do not take its place. (Taking the
        // surer of them, as for a doubtful book, took cut titles on the open-shelves folders.)
        let mendsOnly = kept.confidence >= Self.doubtfulConfidence && isTitleMisread(kept)
        // Doubtful, and the outline drawn through the lettering: read from a wider cut too. The
        // further readings keep the outline's own cut: lines found in the wider one take in the
        // neighbours' edges.
        if kept.confidence < Self.doubtfulConfidence, spine.width >= Self.leastWidthToWiden,
            SpineReader.lettersTouchLongSide(of: kept.reading, across: crop.image.width)
        {
            let wider = reader.colourCrop(SpineReader.widened(spine.polygon, by: Self.widening), in: image)
            let reading = reader.read(wider, engine: engine, way: reader.settledWay(of: kept.reading))
            let again = findings(of: spine, reading: reading)
            made.append(again)
            if again.confidence > kept.confidence { (kept, work.keptFrom) = (again, .wider) }
            lap(.wider)
            if work.keptFrom == .wider, isSurelyIdentified(kept) { return (kept, work) }
        }
        // Doubtful: each line of lettering read on its own, against its own surroundings.
        var isIllegible = spine.width < Self.leastWidthToReadFurther
        if readsLineByLine, !isIllegible, kept.confidence < Self.doubtfulConfidence || mendsOnly {
            let before = engine.recognitions
            let lines = findings(
                of: spine, reading: reader.readByLines(crop, orientation: kept.reading.orientation, engine: engine))
            // Not one line of lettering a person could read (`SpineReader.leastLegibleLetterHeight`).
            isIllegible = engine.recognitions == before
            sameCut.append(lines.reading)
            made.append(lines)
            if !mendsOnly, lines.confidence > kept.confidence { (kept, work.keptFrom) = (lines, .lines) }
            // The first reading of a doubtful book may have been surer read backwards; lettering read
            // the wrong way round makes no sure title: the lines are read the other way along it too.
            if !mendsOnly, lines.parsed.title == nil || lines.reading.text.meanConfidence < 50,
                lines.reading.orientation != .horizontal, !isIllegible
            {
                let other: TextOrientation = lines.reading.orientation == .topToBottom ? .bottomToTop : .topToBottom
                let turned = findings(of: spine, reading: reader.readByLines(crop, orientation: other, engine: engine))
                sameCut.append(turned.reading)
                made.append(turned)
                if turned.confidence > kept.confidence { (kept, work.keptFrom) = (turned, .lines) }
            }
            lap(.lines)
            if work.keptFrom == .lines, isSurelyIdentified(kept) { return (kept, work) }
        }
        if kept.confidence < Self.doubtfulConfidence || mendsOnly, kept.confidence >= Self.hopelessConfidence,
            !isIllegible, !Self.isTooBlurredToInkAgain(kept, on: spine)
        {
            if let second = reader.readAgainstLocalBackground(
                crop, engine: engine, way: reader.settledWay(of: kept.reading)) {
                let again = findings(of: spine, reading: second)
                sameCut.append(second)
                made.append(again)
                if !mendsOnly, again.confidence > kept.confidence { (kept, work.keptFrom) = (again, .again) }
                // A background that varies is where inking by colour is least sure: one more
                // reading, in plain grey, when the book is still doubtful. (Not on a spine of one
                // colour, where colour distance already sets the lettering apart.)
                if kept.confidence < Self.doubtfulConfidence, isWorthReadingInPlainGrey(kept) {
                    var grey = findings(
                        of: spine,
                        reading: reader.readInPlainGrey(crop, engine: engine, way: reader.settledWay(of: kept.reading)))
                    grey.isReadInPlainGrey = true
                    sameCut.append(grey.reading)
                    made.append(grey)
                    if grey.confidence > kept.confidence { (kept, work.keptFrom) = (grey, .again) }
                }
            }
            lap(.again)
        }
        if mendsOnly, sameCut.count > 1 {
            kept = withMisreadWordsMended(kept, from: sameCut)
            lap(.parse)
        }
        if sameCut.count > 1 {
            kept = withLentWords(kept, from: sameCut)
            lap(.parse)
        }
        if made.count > 1 { kept = withDoubtsShared(kept, by: made) }
        // A book the catalogue names is selected as the catalogue has it, checked or not.
        if made.count > 1, isSurelyIdentified(kept) { return (kept, work) }
        // An ISBN printed on the book is check enough; a book withheld from selection
        // (`SpineFindings.withheldBecause`) is not selected, checked or not.
        if kept.parsed.title != nil, kept.parsed.isbn == nil, kept.withheldBecause.isEmpty,
            kept.confidence >= assessor.minimumConfidence
        {
            let check = reader.titleCheck(
                of: kept.parsed, readIn: kept.reading, outline: spine.polygon, in: image, engine: engine)
            kept.titleAgreement = check?.agreement
            kept.checkReadsOn = check?.readsOn ?? false
            lap(.check)
        }
        if isAuthorToCheck(in: kept),
            let check = reader.authorCheck(
                of: kept.parsed, readIn: kept.reading, outline: spine.polygon, in: image, engine: engine)
        {
            kept.authorAgreement = check.agreement
            kept = withAuthor(of: kept, asReadAgainIn: check.check)
            lap(.check)
        }
        return (kept, work)
    }

    /// Whether a doubtful book's spine is too narrow and its reading so far too unsure
    /// (`leastWordConfidenceToInkAgain`) for readings against its local backgrounds or in plain
    /// grey to read it better.
    static func isTooBlurredToInkAgain(_ findings: SpineFindings, on spine: DetectedSpine) -> Bool {
        spine.width < leastWidthToWiden && findings.reading.text.meanConfidence < leastWordConfidenceToInkAgain
    }

    /// Whether the catalogue names the book of `findings` surely, by its title and author or an ISBN
    /// printed on it (`CatalogMatch.isStrong`), as assembly will: no further reading or check could
    /// change what is reported of it. A lookup, no Tesseract work.
    func isSurelyIdentified(_ findings: SpineFindings) -> Bool {
        guard let catalog, findings.parsed.title != nil || findings.parsed.isbn != nil else { return false }
        let book = assessor.book(from: findings, isbn: findings.parsed.isbn)
        return catalog.identify(book.scannedBook)?.isStrong ?? false
    }

    /// Whether a doubtful book is worth its reading in plain grey. Such a reading is never selected
    /// on its own (`SpineFindings.isReadInPlainGrey`): what it can change is the catalogue's
    /// identification, so with a catalogue it is made only where the catalogue holds a work the
    /// reading so far points to (`CatalogIdentifier.hasLead(_:)`, a lookup, no Tesseract work).
    /// Without one, it is the last try at a title to show for review, and always made. On the
    /// real folders, with the built-in catalogue, this took 5–9% off a spine's reading time and
    /// lost one selected book of 1,059 on the open-shelves folder.
    func isWorthReadingInPlainGrey(_ findings: SpineFindings) -> Bool {
        guard let catalog else { return true }
        return catalog.hasLead(assessor.book(from: findings, isbn: findings.parsed.isbn).scannedBook)
    }

    /// Whether the author of a book that stays selected after its title check is read again
    /// (`SpineReader.authorAgreement`): one that no name list knows a word of, or a short lone word
    /// (`isShortLoneWord`), and that is not already no name (`Lexicon.isNoName(_:)`). A known name
    /// needs no check; an unlisted one ("Vashkorin") and junk shaped like one ("Xarnet") differ in
    /// whether they read alike again.
    func isAuthorToCheck(in findings: SpineFindings) -> Bool {
        guard let author = findings.parsed.author, findings.parsed.title != nil, findings.withheldBecause.isEmpty
        else { return false }
        let lexicon = parser.lexicon
        guard !lexicon.isNoName(author), !lexicon.hasKnownName(author) || Self.isShortLoneWord(author) else {
            return false
        }
        let confidence = assessor.checkedConfidence(of: findings, hasISBN: findings.parsed.isbn != nil)
        return confidence >= assessor.minimumConfidence
    }

    /// Whether an author is one word of `longestShortName` letters or fewer: the name lists hold
    /// most such words as someone's name ("Poe", but also many a three-letter scrap), so a scrap
    /// read off a picture or a cut letter passes them, and only a second reading tells the two
    /// apart.
    static func isShortLoneWord(_ author: String) -> Bool {
        let words = author.split(whereSeparator: \.isWhitespace)
        return words.count == 1 && words[0].filter(\.isLetter).count <= longestShortName
    }

    /// The most letters of a lone author that a second reading must bear out (`isShortLoneWord`).
    static let longestShortName = 4
}
