import ShelfDetection
import ShelfISBN
import ShelfImaging
import ShelfOCR

/// Reads the small ISBN line some spines carry along one edge ("ISBN 978-0-14-044913-6"), which the
/// whole-spine reading, tuned for the large title, mostly misses.
///
/// Recognition is the cost, so the line is first found by its shape (`ISBNLineFinder`, pure image
/// work) in a band along each long edge of the spine, and only lines of an ISBN's shape and size
/// are cut out again from the photo, at a text height Tesseract reads well, and recognised as one
/// line; a spine without such a line costs no recognition. A number is taken only when it is a
/// checksum-valid ISBN, alone on the line, and either Tesseract is sure of its words or two
/// different cuts read the same. When nothing is taken, the bands are searched again reaching
/// beyond the outline, for outlines drawn too tight.
public struct SpineISBNReader: Sendable {
    public var finder: ISBNLineFinder
    public var extractor: ISBNExtractor
    /// How deep a band reaches into the spine, as a share of its width.
    public var bandShare: Double
    /// How far the second search reaches beyond the outline, as a share of the spine's width.
    public var widening: Double
    /// The spine's width in the pixels the line finder works on.
    public var pixelsAcross: Double
    /// The height of the characters in the cut given to Tesseract.
    public var recognitionTextHeight: Double
    /// A reading whose digit words are all at least this confident (0…100) needs no second reading.
    public var minimumConfidence: Double
    /// The most lines recognised per band and search.
    public var linesPerBand: Int

    public init(
        finder: ISBNLineFinder = ISBNLineFinder(), extractor: ISBNExtractor = ISBNExtractor(),
        bandShare: Double = 0.5, widening: Double = 0.2, pixelsAcross: Double = 72,
        recognitionTextHeight: Double = 48, minimumConfidence: Double = 50, linesPerBand: Int = 1
    ) {
        self.finder = finder
        self.extractor = extractor
        self.bandShare = bandShare
        self.widening = widening
        self.pixelsAcross = pixelsAcross
        self.recognitionTextHeight = recognitionTextHeight
        self.minimumConfidence = minimumConfidence
        self.linesPerBand = linesPerBand
    }

    /// The smallest height, in photo pixels, of digits Tesseract reads: of rendered title lines 6 px
    /// high it read none exactly, however the cut was enlarged, and an ISBN needs all thirteen
    /// digits right.
    public static let leastReadableDigitHeight = 6.0

    /// Whether a spine `spineWidth` photo pixels wide is wide enough for an ISBN line along it to
    /// be read: small print is at most `finder.textHeights.upperBound` of a spine's width, so on a
    /// narrower spine its digits are under `leastReadableDigitHeight`.
    public func mayHoldReadableLine(spineWidth: Double) -> Bool {
        spineWidth * finder.textHeights.upperBound >= Self.leastReadableDigitHeight
    }

    /// The ISBN printed along the spine outlined by `polygon` (top-left, top-right, bottom-right,
    /// bottom-left as the book stands) in `photo`, or nil.
    /// - Parameter orientation: which way the spine's lettering runs, when known: the edge below the
    ///   lettering is searched first. Both long edges are always searched.
    public func read(
        _ polygon: [Point], in photo: Image, orientation: TextOrientation? = nil, engine: TesseractEngine
    ) -> ISBN? {
        // Each band is sampled once, reaching beyond the outline; the first search uses the part inside.
        let bands = quarterTurns(for: orientation).compactMap { turns in
            SpineEdgeBand(
                polygon: polygon, quarterTurns: turns, share: bandShare, margin: widening, pixelsAcross: pixelsAcross
            ).map { PreparedBand($0, in: photo) }
        }
        var unconfirmed: Set<ISBN> = []
        var recognised: [Point] = []
        for isWidened in [false, true] {
            for band in bands {
                for line in lines(in: band, isWidened: isWidened) {
                    // The wider search finds the first one's lines again; each is recognised once.
                    let place = band.geometry.photoPoint(x: Double(line.box.x), y: Double(line.box.y))
                    let tolerance = band.geometry.photoPoint(x: 0, y: 0)
                        .distance(to: band.geometry.photoPoint(x: 0, y: Double(line.textHeight)))
                    guard !recognised.contains(where: { $0.distance(to: place) < tolerance }) else { continue }
                    recognised.append(place)
                    for cut in Cut.allCases {
                        let text = engine.recognize(
                            image(of: line, in: band, cut: cut, photo: photo), segmentation: .singleLine)
                        if let (isbn, confidence) = soleISBN(in: text) {
                            if confidence >= minimumConfidence || unconfirmed.contains(isbn) { return isbn }
                            unconfirmed.insert(isbn)
                        } else if text.text.count(where: { $0.isASCII && $0.isNumber }) < 4 {
                            break  // not a number at all: another cut will not make it one
                        }
                    }
                }
            }
        }
        return nil
    }

    /// A band with its print made ready for the line finder.
    struct PreparedBand {
        let geometry: SpineEdgeBand
        /// Gray, the print dark, the ground flattened to white.
        let print: Image
        /// Whether the spine's print is lighter than its ground (judged inside the outline only:
        /// beyond it lie the shelf or the next book).
        let isLightPrint: Bool

        init(_ geometry: SpineEdgeBand, in photo: Image) {
            let gray = geometry.grayImage(in: photo)
            let inside = gray.cropped(to: PixelRect(x: 0, y: 0, width: gray.width, height: geometry.insideHeight))
            self.geometry = geometry
            isLightPrint = inside.hasLightPrint
            print = (isLightPrint ? gray.inverted() : gray).flattened(window: geometry.insideHeight / 2)
        }
    }

    /// The lines worth recognising in a band: on the first search those inside the outline; on the
    /// wider one also those the outline cuts, or that start just beyond it (outlines are drawn
    /// tight), but not those well beyond it, which are another book's.
    func lines(in band: PreparedBand, isWidened: Bool) -> [ISBNLineFinder.Line] {
        let inside = band.geometry.insideHeight
        let print =
            isWidened
            ? band.print : band.print.cropped(to: PixelRect(x: 0, y: 0, width: band.print.width, height: inside))
        let lines = finder.lines(inPrint: print, spineWidth: band.geometry.spineWidth).filter { line in
            isWidened ? line.box.y < inside + line.textHeight / 2 : line.box.maxY < inside
        }
        return Array(lines.prefix(linesPerBand))
    }

    /// The quarter turns that put each long edge of a spine at the bottom, the edge below lettering
    /// running `orientation` first.
    func quarterTurns(for orientation: TextOrientation?) -> [Int] {
        switch orientation {
        case .horizontal: [0, 2]
        case .bottomToTop: [1, 3]
        case .topToBottom, nil: [3, 1]
        }
    }

    /// The ways a line is cut for recognition, tried in order.
    enum Cut: CaseIterable {
        /// Luma, print made dark, background divided out.
        case gray
        /// Colour distance from the ground (print that differs in hue more than in brightness),
        /// at a smaller size.
        case colourDistance
    }

    /// The line cut from the photo with room for an `ISBN` label before it, its characters
    /// `recognitionTextHeight` tall (two thirds of it for the colour cut), dark on white.
    func image(of line: ISBNLineFinder.Line, in band: PreparedBand, cut: Cut, photo: Image) -> Image {
        let height = line.textHeight, box = line.box
        // Across the line the cut may leave the band: the photo goes on beyond an outline too tight.
        let left = max(0, box.x - 5 * height), right = min(band.geometry.width, box.maxX + 2 * height)
        let rect = PixelRect(x: left, y: box.y - height / 2, width: right - left, height: box.height + height)
        let textHeight = cut == .gray ? recognitionTextHeight : recognitionTextHeight * 2 / 3
        let colour = band.geometry.image(of: rect, scale: textHeight / Double(height), in: photo)
        // The gray cut keeps the band's polarity: a cut of mostly print would be judged the wrong
        // way round on its own. The colour distance is dark wherever the print is.
        let gray = colour.grayscale()
        let print = cut == .colourDistance ? colour.inkOnWhite() : band.isLightPrint ? gray.inverted() : gray
        // No white border: against it the cut's grey ground reads as a picture, and nothing at all
        // is recognised.
        return print.flattened(window: Int(3 * textHeight)).contrastStretched()
    }

    /// The one ISBN in a line's reading (none when it holds two different ones), with the lowest
    /// confidence of the words holding digits on its line.
    func soleISBN(in text: RecognizedText) -> (ISBN, Double)? {
        let matches = extractor.matches(in: text.text)
        guard let match = matches.first, matches.allSatisfy({ $0.isbn == match.isbn }) else { return nil }
        let digitWords = text.lines[match.line].words.filter { word in
            word.text.contains { $0.isASCII && $0.isNumber }
        }
        guard let confidence = digitWords.map(\.confidence).min() else { return nil }
        return (match.isbn, confidence)
    }
}
