import ShelfDetection
import ShelfISBN
import ShelfReading

/// How far one parse of a spine is trusted: its signals and the confidence model's reading of them,
/// worked out once per parse.
public struct Assessment: Sendable, Equatable {
    public var signals: [ConfidenceSignal: Double]
    /// The model's confidence, before any ISBN raises it.
    public var modelled: Double
    /// The least confidence of a book with a checksum-valid ISBN read on it.
    public var isbnFloor: Double

    /// The confidence of the book, with or without an ISBN read on it.
    public func confidence(hasISBN: Bool) -> Double {
        hasISBN ? max(modelled, isbnFloor) : modelled
    }
}

/// Judges the books of a photo: gives each parse its `Assessment`, and makes the reported book of
/// a spine with its confidence, status and selection.
public struct BookAssessor: Sendable {
    /// The default selection threshold: books at or above it are selected.
    public static let defaultMinimumConfidence = 0.7

    /// The share of its confidence kept by a book whose title a second reading does not bear out
    /// (one that bears it out only in part keeps more: `TitleCheck.confidenceShare`), or that was
    /// read in plain grey: at the default threshold no such book is selected.
    public static let unconfirmedShare = 0.7
    /// The report's name for the agreement of the second reading (`TitleCheck.agreement`).
    public static let titleCheckSignal = "titleCheck"
    /// The report's name for a book read in plain grey (`SpineFindings.isReadInPlainGrey`): 1 when
    /// it was, absent otherwise.
    public static let plainGreySignal = "readInPlainGrey"
    /// The report's name for a title the check reading goes on from (`SpineFindings.checkReadsOn`):
    /// 1 when it does, absent otherwise. Such a book is not selected.
    public static let checkReadsOnSignal = "titleReadsOnInCheck"
    /// The report's name for a book found on a photo of a page (a copyright page: its lines of text
    /// taken for spines): 1 when it was, absent otherwise. Such a book is not selected.
    public static let pageTextSignal = "pageText"
    /// The report's name for an author left out because what was read cannot be a name
    /// (`ParsedSpine.droppedAuthor`, `withoutAuthorThatIsNoName(_:)`): 1 when one was, absent
    /// otherwise.
    public static let authorNotANameSignal = "authorNotAName"
    /// The report's name for a title with a word OCR most likely misread (`Lexicon.misreadWords`):
    /// 1 when it has one, absent otherwise. Such a book is not selected unless a catalogue names it.
    public static let titleMisreadSignal = "titleMisread"
    /// The agreement of a second reading of the author's stretch with the author read
    /// (`SpineReader.authorAgreement`), for an author no name list knows.
    public static let authorCheckSignal = "authorCheck"

    public var model: ConfidenceModel
    /// Books at or above this confidence are selected.
    public var minimumConfidence: Double
    /// The word lists that judge a title's words misread; without them none is.
    public var lexicon: Lexicon?

    public init(model: ConfidenceModel, minimumConfidence: Double = Self.defaultMinimumConfidence, lexicon: Lexicon? = nil) {
        self.model = model
        self.minimumConfidence = minimumConfidence
        self.lexicon = lexicon
    }

    /// The assessment of one parse of a spine.
    public func assess(_ parsed: ParsedSpine, on spine: DetectedSpine) -> Assessment {
        model.assessment(of: ConfidenceSignal.values(detectionScore: spine.score, parsed: parsed))
    }

    /// A book found on a photo of a page (a copyright page, whose lines of text detection took for
    /// spines: "Printed in the United States of America"): shown, not selected, its confidence
    /// lowered as an unconfirmed title's is, so that no book at or above the threshold is left
    /// unselected. A book already in the library stays as it is.
    public func takenAsPageText(_ book: DetectedBook) -> DetectedBook {
        guard book.status != .alreadyInLibrary else { return book }
        var book = book
        book.confidence *= Self.unconfirmedShare
        book.selected = false
        book.status = .uncertain
        book.signals[Self.pageTextSignal] = 1
        return book
    }

    /// The book without the author read on it when that is no name (`Lexicon.isNoName(_:)`), or when
    /// no list knows it and a second reading of its stretch did not spell it alike (`authorCheckSignal`
    /// below `TitleCheck.spelledAlike`): the book keeps its title, confidence and selection, and says
    /// why its author is blank. An author a catalogue named stays; without the lists nothing is judged.
    public func withoutAuthorThatIsNoName(_ book: DetectedBook) -> DetectedBook {
        guard book.identified == nil, let author = book.author else { return book }
        guard Self.isAuthorUnconfirmed(book.signals) || lexicon?.isNoName(author) ?? false else { return book }
        var book = book
        book.author = nil
        book.signals[Self.authorNotANameSignal] = 1
        return book
    }

    /// The confidence of a spine's parse once its title check is counted: a title the check bears
    /// out only in part keeps that share of it (`TitleCheck.confidenceShare`). An ISBN's checksum is
    /// check enough.
    public func checkedConfidence(of findings: SpineFindings, hasISBN: Bool) -> Double {
        let confidence = findings.assessment.confidence(hasISBN: hasISBN)
        guard !hasISBN, let agreement = findings.titleAgreement else { return confidence }
        return confidence * TitleCheck.confidenceShare(agreement: agreement, lowShare: Self.unconfirmedShare)
    }

    /// Whether a second reading of the author's stretch failed to bear the author out, as `signals`
    /// (a book's) say: it did not spell it alike (`authorCheckSignal` below `TitleCheck.spelledAlike`).
    public static func isAuthorUnconfirmed(_ signals: [String: Double]) -> Bool {
        signals[authorCheckSignal].map { $0 < TitleCheck.spelledAlike } ?? false
    }

    /// Whether `title` holds a word OCR most likely misread (`Lexicon.misreadWords(in:)`); without
    /// the word lists none is.
    public func hasMisreadWord(_ title: String?) -> Bool {
        guard let lexicon, let title else { return false }
        return !lexicon.misreadWords(in: title).isEmpty
    }

    /// The book of one spine, from what the stages found on it. `isbn` is the ISBN the photo gave
    /// the book (a barcode on it, else one printed on it), if any.
    public func book(from findings: SpineFindings, isbn: ISBN?) -> DetectedBook {
        var confidence = checkedConfidence(of: findings, hasISBN: isbn != nil)
        var signals = Dictionary(uniqueKeysWithValues: findings.assessment.signals.map { ($0.key.rawValue, $0.value) })
        if let agreement = findings.titleAgreement { signals[Self.titleCheckSignal] = agreement }
        // Shown for the person to judge, not selected, each reason named in the report: two inked
        // readings left it doubtful and a check in grey would only repeat the grey reading (on real
        // photos most such books the check bore out were a part of their title, or their author's
        // name); which words are the title is a guess the spine's layout leaves open; the words
        // are a back cover's blurb or price, no book's title; or the check read the title going on.
        for reason in findings.withheldBecause {
            signals[reason] = 1
            if isbn == nil { confidence *= Self.unconfirmedShare }
        }
        if findings.parsed.droppedAuthor != nil { signals[Self.authorNotANameSignal] = 1 }
        if let agreement = findings.authorAgreement { signals[Self.authorCheckSignal] = agreement }
        // A misread word would be stored as read: shown for the person to correct, not selected, and
        // its confidence lowered as a withheld book's is, so that no book shown at the minimum
        // confidence or above is left unselected.
        let misread = isbn == nil && hasMisreadWord(findings.parsed.title)
        if misread {
            signals[Self.titleMisreadSignal] = 1
            confidence *= Self.unconfirmedShare
        }
        let selected = confidence >= minimumConfidence && !misread
        let status: DetectedBook.Status = !selected ? .uncertain : isbn != nil ? .confirmed : .detected
        let reading = findings.reading, parsed = findings.parsed
        return DetectedBook(
            title: parsed.title, author: parsed.author, isbn: isbn, confidence: confidence,
            detectionScore: findings.spine.score, status: status, selected: selected, polygon: findings.spine.polygon,
            textOrientation: reading.text.words.isEmpty ? nil : reading.orientation,
            text: reading.text.lines.map(\.text).joined(separator: " | "), publisher: parsed.publisher,
            signals: signals)
    }
}
