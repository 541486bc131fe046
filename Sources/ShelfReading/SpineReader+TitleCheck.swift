import ShelfImaging
import ShelfOCR

/// The title check: independent readings of the stretch of a book that holds its title.
extension SpineReader {
    /// How far readings of the book independent of the first bear out `title` (`TitleCheck`): the
    /// spine cut again at another scale (`checkPixelsAcross` across), turned the way the first reading
    /// ran, and read inked as before; when that does not confirm the title, read once more in plain
    /// grey. Misreadings of decorative or small lettering seldom repeat under other resampling and
    /// thresholding; right readings do. The best agreement of the two. `part` is the stretch of the
    /// book cut (`stretch(holding:of:outline:)` of the title's words): the check reads the title,
    /// not the whole spine again.
    public func titleAgreement(
        _ title: String, of polygon: [Point], along part: ClosedRange<Double> = 0...1, orientation: TextOrientation,
        in photo: Image, engine: TesseractEngine
    ) -> Double {
        bestCheck(of: title, of: polygon, along: part, orientation: orientation, in: photo, engine: engine).agreement
    }

    /// The check of the title parsed from `reading`, over the stretch of the book that holds the
    /// title's words: how far it bears the title out (`titleAgreement`), and whether the reading
    /// that confirms it goes on beside it with words that are not the author's or the publisher's,
    /// on a side where this reading read neither (`TitleCheck.readsOn(beyond:apartFrom:besides:in:)`).
    /// Nil when the parse has no title.
    public func titleCheck(
        of parsed: ParsedSpine, readIn reading: Reading, outline polygon: [Point], in photo: Image,
        engine: TesseractEngine
    ) -> TitleCheck.Outcome? {
        guard let title = parsed.title else { return nil }
        let part = parsed.titleBox.map { stretch(holding: $0, of: reading, outline: polygon) } ?? 0...1
        let (agreement, check) = bestCheck(
            of: title, of: polygon, along: part, orientation: reading.orientation, in: photo, engine: engine)
        // Only a check that confirms the title is asked whether it reads on.
        guard agreement >= TitleCheck.confirming else { return TitleCheck.Outcome(agreement: agreement) }
        let names = [parsed.author, parsed.publisher].compactMap { $0 }
        let namedSides =
            parsed.titleBox.map { TitleCheck.namedSides(of: $0, in: reading.text, names: names) } ?? TitleCheck.Sides()
        let readsOn = TitleCheck.readsOn(beyond: title, apartFrom: names, besides: namedSides, in: check)
        return TitleCheck.Outcome(agreement: agreement, readsOn: readsOn)
    }

    /// How far readings of the stretch of the book that holds the author parsed from `reading` bear
    /// that author out, as the title check does for the title (`titleAgreement`); nil when the parse
    /// has no author. A name printed on the spine reads alike again; letters read off a picture, a
    /// crease or a half-seen word seldom do.
    public func authorAgreement(
        of parsed: ParsedSpine, readIn reading: Reading, outline polygon: [Point], in photo: Image,
        engine: TesseractEngine
    ) -> Double? {
        authorCheck(of: parsed, readIn: reading, outline: polygon, in: photo, engine: engine)?.agreement
    }

    /// `authorAgreement(of:readIn:outline:in:engine:)` with the check reading that gave it, whose
    /// words may spell the name the first reading misread (`Lexicon.author(_:asReadAgainIn:)`).
    public func authorCheck(
        of parsed: ParsedSpine, readIn reading: Reading, outline polygon: [Point], in photo: Image,
        engine: TesseractEngine
    ) -> (agreement: Double, check: RecognizedText)? {
        guard let author = parsed.author else { return nil }
        let part = parsed.authorBox.map { stretch(holding: $0, of: reading, outline: polygon) } ?? 0...1
        return bestCheck(
            of: author, of: polygon, along: part, orientation: reading.orientation, in: photo, engine: engine,
            enough: TitleCheck.spelledAlike)
    }

    /// The best agreement with `title` of the check readings (`titleAgreement`), and the reading
    /// that gave it; the readings stop at one that agrees `enough`.
    func bestCheck(
        of title: String, of polygon: [Point], along part: ClosedRange<Double>, orientation: TextOrientation,
        in photo: Image, engine: TesseractEngine, enough: Double = TitleCheck.confirming
    ) -> (agreement: Double, check: RecognizedText) {
        var checker = self
        checker.pixelsAcross = checkPixelsAcross
        let crop = checker.colourCrop(polygon, in: photo, along: part).image
        var best = (agreement: 0.0, check: RecognizedText(lines: []))
        for preparation in CheckPreparation.allCases {
            let check = checkReading(of: crop, preparedBy: preparation, orientation: orientation, engine: engine)
            let agreement = TitleCheck.agreement(title: title, check: check)
            if agreement > best.agreement { best = (agreement, check) }
            if best.agreement >= enough { break }
        }
        return best
    }

    /// How a check reading turns a spine's colours into the grey Tesseract reads.
    public enum CheckPreparation: CaseIterable, Sendable {
        /// Colour distance from the spine's background, as the first reading (`Image.inkOnWhite`).
        case ink
        /// Plain luminance, contrast-stretched, inverted when the spine is mostly dark
        /// (`plainGrey`).
        case luma
    }

    /// A colour crop in plain luminance, contrast-stretched, inverted when the spine is mostly dark:
    /// most of a spine is background, so a dark one has light lettering.
    static func plainGrey(_ crop: Image) -> Image {
        let gray = crop.grayscale().contrastStretched()
        return gray.meanLevel < 128 ? gray.inverted() : gray
    }

    /// One check reading of an upright colour crop, every word kept: the check asks only whether
    /// the title is in it, and words read right at the check's scale often come with low
    /// confidence (dropping them, as `cleaned` does for the first reading, left correct titles
    /// of rendered spines unconfirmed).
    func checkReading(
        of crop: Image, preparedBy preparation: CheckPreparation, orientation: TextOrientation, engine: TesseractEngine
    ) -> RecognizedText {
        var gray: Image
        switch preparation {
        case .ink:
            gray = crop.inkOnWhite()
        case .luma:
            gray = Self.plainGrey(crop)
        }
        return engine.recognize(gray.rotated(quarterTurns: orientation.quarterTurns), segmentation: .singleBlock)
    }
}
