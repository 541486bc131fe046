import ShelfDetection
import ShelfImaging
import ShelfOCR

/// Reads the text of one book in a photo: cuts the spine out along its own axis, turns it each way
/// its lettering may run, and keeps the reading Tesseract is surest of.
///
/// The cut is resampled so that a spine is `pixelsAcross` wide (lettering then comes out about
/// 20–50 px tall, where Tesseract is at its best), converted so the lettering is dark on white
/// (`Image.inkOnWhite`: light-on-dark spines are inverted here, not by Tesseract), and recognised
/// as one block (PSM 6), which keeps the lines in reading order.
public struct SpineReader: Sendable {
    /// What was read on one book.
    public struct Reading: Sendable, Equatable {
        /// The recognised words, junk dropped, in the turned crop's pixels.
        public var text: RecognizedText
        /// Which way the kept reading runs.
        public var orientation: TextOrientation
        /// Photo pixels per pixel of the turned crop (to map word boxes back).
        public var scale: Double
    }

    /// Width across a spine after resampling, in pixels.
    public var pixelsAcross: Double
    /// A reading at least this confident (mean word confidence, 0…100), in real words and whole ones
    /// (`isAcceptedWithoutComparison`), is not compared with the other way round: the wrong way reads
    /// at a median of about 30.
    public var acceptedConfidence: Double
    /// Words below this Tesseract confidence (0…100) are dropped as noise.
    public var minimumWordConfidence: Double

    /// Below this share of lettering ink left once the words read are painted out, nothing is read again.
    public var leftoverInkShare: Double = 0.004

    /// Words to judge readings by: text read the wrong way up is rarely made of words. Without it,
    /// readings are judged by Tesseract's confidence alone.
    public var lexicon: Lexicon?

    public init(
        lexicon: Lexicon? = nil, pixelsAcross: Double = 140, acceptedConfidence: Double = 70,
        minimumWordConfidence: Double = 20
    ) {
        self.lexicon = lexicon
        self.pixelsAcross = pixelsAcross
        self.acceptedConfidence = acceptedConfidence
        self.minimumWordConfidence = minimumWordConfidence
    }

    /// Reads the book outlined by `polygon` (top-left, top-right, bottom-right, bottom-left as the
    /// book stands) in `photo`.
    public func read(_ polygon: [Point], in photo: Image, engine: TesseractEngine) -> Reading {
        read(colourCrop(polygon, in: photo), engine: engine)
    }

    /// Reads a book already cut out of its photo by `colourCrop`. A reading one way round that
    /// `isSettled` accepts (a catalogue names the book it reads) is kept without reading the crop
    /// the other ways round; given a `way` (`settledWay(of:)`), only that way round is read.
    public func read(
        _ crop: (image: Image, scale: Double), engine: TesseractEngine, way: TextOrientation? = nil,
        isSettled: ((Reading) -> Bool)? = nil
    ) -> Reading {
        read(crop.image.inkOnWhite(), scale: crop.scale, engine: engine, way: way, isSettled: isSettled)
    }

    /// Reads an upright crop each way its lettering may run, or only `way` when given, and keeps
    /// the best reading, with what it missed added. The further readings of a doubtful book
    /// (`readsAcross` false) do not try words stacked across it again: the first reading's inking
    /// already showed whether there are.
    private func read(
        _ crop: Image, scale: Double, engine: TesseractEngine, readsAcross: Bool = true,
        way: TextOrientation? = nil, isSettled: ((Reading) -> Bool)? = nil
    ) -> Reading {
        var best: (reading: Reading, turned: Image)?
        var orientations = way.map { [$0] } ?? orientationsToTry(
            width: crop.width, length: crop.height, photoPixelsAcross: readsAcross ? Double(crop.width) * scale : 0)
        // Read first the way the letters stand on their feet: read the wrong way first, a spine is
        // read twice.
        var turnedTopToBottom: Image?
        if orientations.starts(with: [.topToBottom, .bottomToTop]) {
            let turned = crop.rotated(quarterTurns: TextOrientation.topToBottom.quarterTurns)
            turnedTopToBottom = turned
            if let score = turned.uprightLetteringScore(), score < -Self.upsideDownScore { orientations.swapAt(0, 1) }
        }
        for (index, orientation) in orientations.enumerated() {
            // Words stacked across a tall spine ("SILVER / HARBOUR") are the last resort: read that way,
            // lettering that runs along it comes out as scraps, some of them sure, so only a reading
            // sure and made of words is taken. (Nor is it tried after a reading along the spine sure
            // of a word: the lettering runs along it, and the loop ends below.)
            let isLastResort = orientation == .horizontal && orientations.first != .horizontal
            let ready = orientation == .topToBottom ? turnedTopToBottom : nil
            let turned = ready ?? crop.rotated(quarterTurns: orientation.quarterTurns)
            let text = cleaned(engine.recognize(turned, segmentation: .singleBlock))
            let reading = Reading(text: text, orientation: orientation, scale: scale)
            let isAccepted = isAcceptedWithoutComparison(text)
            if isLastResort && !isAccepted { break }
            let isBest = best.map { isBetter(reading, than: $0.reading) } ?? true
            if isBest { best = (reading, turned) }
            // A word read sure settles the way the lettering runs (`settledWay(of:)`), whatever the
            // scraps beside it: read the wrong way round, lettering seldom makes one.
            if isAccepted || settledWay(of: reading) != nil { break }
            // So is a reading that names a book: the other ways round read the same letters as scraps.
            if isBest, index < orientations.count - 1, let isSettled, isSettled(reading) { break }
        }
        guard var (reading, turned) = best else {
            return Reading(text: RecognizedText(lines: []), orientation: .topToBottom, scale: scale)
        }
        if !reading.text.words.isEmpty {
            reading.text = addingLeftovers(to: reading.text, in: &turned, engine: engine)
        }
        return reading
    }

    /// A second reading of a book, for when the first was doubtful: each stretch of the spine is
    /// inked against its own background (`Image.inkOnWhiteAgainstLocalBackground`), which reads a
    /// spine of two colours, or one lit unevenly, where the first reading lost a part. Nil when the
    /// spine's background is one colour throughout.
    public func readAgainstLocalBackground(_ polygon: [Point], in photo: Image, engine: TesseractEngine) -> Reading? {
        readAgainstLocalBackground(colourCrop(polygon, in: photo), engine: engine)
    }

    /// A reading of a book already cut out by `colourCrop` in plain grey (`plainGrey`) instead of
    /// inked by colour distance: for a spine still doubtful after `readAgainstLocalBackground`,
    /// where neither one background colour nor a colour per stretch sets the lettering apart as
    /// well as its brightness does (gilt or pale lettering on a worn, mottled or glossy spine).
    /// Given a `way` (`settledWay(of:)`), only that way round is read.
    public func readInPlainGrey(
        _ crop: (image: Image, scale: Double), engine: TesseractEngine, way: TextOrientation? = nil
    ) -> Reading {
        read(Self.plainGrey(crop.image), scale: crop.scale, engine: engine, readsAcross: false, way: way)
    }

    /// `readAgainstLocalBackground(_:in:engine:)` of a book already cut out by `colourCrop`: the
    /// first reading's cut serves again. Given a `way` (`settledWay(of:)`), only that way round is read.
    public func readAgainstLocalBackground(
        _ crop: (image: Image, scale: Double), engine: TesseractEngine, way: TextOrientation? = nil
    ) -> Reading? {
        guard let image = crop.image.inkOnWhiteAgainstLocalBackground() else { return nil }
        return read(image, scale: crop.scale, engine: engine, readsAcross: false, way: way)
    }

    /// Width across a spine for the check readings: far enough from `pixelsAcross` that the
    /// lettering is resampled differently.
    public var checkPixelsAcross: Double = 100

    /// The reading with the lettering it missed: the words read are painted out, and what ink is
    /// left that could be lettering (an author's name set small beside the title, a line offset
    /// from the others; not the spine's edges or specks) is read again, enlarged, as scattered
    /// text. Its lines join the reading in their places.
    func addingLeftovers(to text: RecognizedText, in image: inout Image, engine: TesseractEngine) -> RecognizedText {
        for word in text.words {
            let margin = max(2, word.box.height / 6)
            image.fill(
                PixelRect(
                    x: word.box.x - margin, y: word.box.y - margin, width: word.box.width + 2 * margin,
                    height: word.box.height + 2 * margin), with: .white)
        }
        let left = image.letteringInk()
        guard left.share >= leftoverInkShare, let ink = left.bounds else { return text }
        // Only the part holding that ink, with a margin, is read: most of a spine is already painted out.
        let margin = 8
        let region = PixelRect(
            x: ink.x - margin, y: ink.y - margin, width: ink.width + 2 * margin, height: ink.height + 2 * margin
        )
        .intersection(PixelRect(x: 0, y: 0, width: image.width, height: image.height))
        let enlargement = 2.0
        let found = cleaned(engine.recognize(image.cropped(to: region).scaled(by: enlargement), segmentation: .sparse))
        var lines = text.lines
        for var line in found.lines {
            line.words = line.words.filter { $0.confidence >= 50 && $0.text.filter(\.isLetter).count >= 2 }
            guard !line.words.isEmpty else { continue }
            line.words = line.words.map { Self.placed($0, readIn: region, enlargedBy: enlargement) }
            // A word on the band of a line already read is a word that line missed ("THE" before
            // "SILENT HARBOUR BELLS"): it goes into that line in its place.
            var rest: [RecognizedText.Word] = []
            for word in line.words {
                if let index = lines.indices.max(by: {
                    verticalOverlap(word.box, lines[$0].box) < verticalOverlap(word.box, lines[$1].box)
                }),
                    verticalOverlap(word.box, lines[index].box) >= 0.5
                {
                    Self.insert(word, into: &lines[index])
                } else {
                    rest.append(word)
                }
            }
            guard !rest.isEmpty else { continue }
            line.words = rest
            line.fitBoxToWords()
            let place = lines.firstIndex { $0.box.y > line.box.y } ?? lines.count
            lines.insert(line, at: place)
        }
        return RecognizedText(lines: lines)
    }

    /// Puts `word` into `line` in its place along it, left to right.
    static func insert(_ word: RecognizedText.Word, into line: inout RecognizedText.Line) {
        let place = line.words.firstIndex { $0.box.x > word.box.x } ?? line.words.count
        line.words.insert(word, at: place)
        line.box = line.box.union(word.box)
    }

    /// A word read in the part `region` of an image, enlarged by `enlargement`, with its box and its
    /// characters' heights in the image's pixels.
    static func placed(_ word: RecognizedText.Word, readIn region: PixelRect, enlargedBy enlargement: Double)
        -> RecognizedText.Word
    {
        var word = word
        var box = word.box.scaled(by: 1 / enlargement)
        box.x += region.x
        box.y += region.y
        word.box = box
        word.characters = word.characters.map { ($0.character, Int(Double($0.height) / enlargement)) }
        return word
    }

    /// How much two boxes share vertically, as a share of the lower one's height.
    func verticalOverlap(_ a: PixelRect, _ b: PixelRect) -> Double {
        let shared = min(a.maxY, b.maxY) - max(a.y, b.y)
        return Double(max(0, shared)) / Double(max(1, min(a.height, b.height)))
    }

    /// The margin kept each side of a title's stretch, as a share of the book's length.
    public var titleStretchMargin = 0.05

    /// The ways to turn a crop, likeliest first: spines run top to bottom in English; a shape of a
    /// cover's proportions or wider (`coverShape`) is a cover or a book lying flat, read upright
    /// first; a spine's words may also be stacked across it, one a line, which is read last
    /// (`read(_:scale:engine:)`), when the spine is wide enough in the photo (`photoPixelsAcross`)
    /// for a word across it to be legible, and no reading along it was sure of a word.
    func orientationsToTry(width: Int, length: Int, photoPixelsAcross: Double) -> [TextOrientation] {
        if Double(width) > Self.coverShape * Double(length) { return [.horizontal, .topToBottom, .bottomToTop] }
        if photoPixelsAcross >= Self.minimumPixelsAcrossForStackedWords { return [.topToBottom, .bottomToTop, .horizontal] }
        return [.topToBottom, .bottomToTop]
    }

    /// The narrowest spine, in photo pixels, whose words stacked across it can be read: a word of
    /// five capitals across a narrower one is under about 8 pixels tall, where Tesseract reads few
    /// lines right. On 640-pixel photos of shelves most spines are narrower, and reading them
    /// across, in vain, cost a sixth of the scan's time.
    static let minimumPixelsAcrossForStackedWords = 40.0

    /// Width over length above which a book is taken for a cover: covers run from about 0.6 (a
    /// mass-market paperback) to square; a spine, even a thick one, is seldom wider than a third of
    /// its length.
    static let coverShape = 0.55

    /// Below minus this `Image.uprightLetteringScore` of a spine turned to read top to bottom, it is
    /// read bottom to top first. On the rendered shelves it picks out 80% of the spines that read
    /// bottom to top, and 3% of the others.
    static let upsideDownScore = 0.1

    /// Keeps the words that can be text: drops low-confidence noise and one-character marks that
    /// are neither a letter nor a digit (logos read as "©", "|", "~").
    func cleaned(_ text: RecognizedText) -> RecognizedText {
        var lines: [RecognizedText.Line] = []
        for line in text.lines {
            let words = line.words.filter { word in
                let content = word.text.filter { $0.isLetter || $0.isNumber }
                guard !content.isEmpty, word.confidence >= minimumWordConfidence else { return false }
                // A lone mark, or a word that is mostly marks ("—I|", "~~a").
                return content.count * 2 >= word.text.count
            }
            guard !words.isEmpty else { continue }
            let box = words.dropFirst().reduce(words[0].box) { $0.union($1.box) }
            lines.append(RecognizedText.Line(words: words, box: box))
        }
        return RecognizedText(lines: lines)
    }

    /// Whether a reading is sure enough not to be compared with the other way round: confident, half
    /// its longer words real, and three quarters of its letters in words of three or more. Read the
    /// wrong way round, lettering often comes out as a scatter of one- and two-letter fragments
    /// ("N / IS / S / V / SV"), some of them read with confidence.
    func isAcceptedWithoutComparison(_ text: RecognizedText) -> Bool {
        guard text.meanConfidence >= acceptedConfidence, wordShare(of: text) >= 0.5 else { return false }
        var inWholeWords = 0, total = 0
        for word in text.words {
            let count = word.text.filter { $0.isLetter || $0.isNumber }.count
            total += count
            if count >= 3 { inWholeWords += count }
        }
        return Double(inWholeWords) >= 0.75 * Double(total)
    }

    /// The way the lettering of a spine runs, when a reading of it settles that: one that read a
    /// sure word (`sureLetters`), which lettering read the wrong way round seldom makes. The other
    /// ways round are not read after it, nor by the further readings of the spine; nil when the
    /// reading leaves the way open. On the real folders and the renders, reading the other way
    /// round too after such a reading changed no selected book.
    public func settledWay(of reading: Reading) -> TextOrientation? {
        sureLetters(in: reading.text) > 0 ? reading.orientation : nil
    }

    /// The confidence (0…100) of a sure word (`sureLetters`).
    static let sureWordConfidence = 90.0

    /// Whether `reading` is a better reading of a book than `other`, read another way round: the
    /// one with more letters in words it is sure of (`sureLetters`), by a word or more; else the one
    /// that looks better (`quality`). Read the wrong way round, lettering can come out as sure
    /// scraps that raise the mean confidence, but seldom as long words.
    func isBetter(_ reading: Reading, than other: Reading) -> Bool {
        let (sure, otherSure) = (sureLetters(in: reading.text), sureLetters(in: other.text))
        if abs(sure - otherSure) >= Self.decisiveSureLetters { return sure > otherSure }
        return quality(of: reading) > quality(of: other)
    }

    /// The letters in sure words: words of four letters or more the lexicon knows, read with
    /// confidence `sureWordConfidence` or more (none without a lexicon). Lettering read the wrong
    /// way round or across its lines seldom makes one.
    func sureLetters(in text: RecognizedText) -> Int {
        guard let lexicon else { return 0 }
        return text.words.reduce(0) { total, word in
            let letters = word.text.filter(\.isLetter).count
            guard word.confidence >= Self.sureWordConfidence, letters >= 4, lexicon.knows(word.text.folded) else {
                return total
            }
            return total + letters
        }
    }

    /// How many more sure letters make one reading better than another whatever their confidence:
    /// about a word.
    static let decisiveSureLetters = 5

    /// How good a reading looks: Tesseract's mean confidence, discounted when its longer words are
    /// not words. An empty reading is worth nothing.
    func quality(of reading: Reading) -> Double {
        guard !reading.text.words.isEmpty else { return -1 }
        return reading.text.meanConfidence * (0.4 + 0.6 * wordShare(of: reading.text))
    }

    /// The share of the letters of words of three letters or more that are in the lexicon (1 without
    /// a lexicon, 0 when there are no such words).
    func wordShare(of text: RecognizedText) -> Double {
        guard let lexicon else { return 1 }
        var known = 0, total = 0
        for word in text.words {
            for part in word.text.folded.split(separator: " ") where part.count >= 3 {
                total += part.count
                if lexicon.knows(String(part)) { known += part.count }
            }
        }
        return total == 0 ? 0 : Double(known) / Double(total)
    }
}
