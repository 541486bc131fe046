import CLeptonica
import CTesseract
import CTesseractLines
import ShelfImaging
import Synchronization

/// One Tesseract instance (all calls into Tesseract's C API go through here).
///
/// A `TessBaseAPI` must never be used by two threads at once, so an engine is not `Sendable`: each
/// worker thread makes its own (`Worker.tesseract()`) and lends it to the work it runs.
public final class TesseractEngine {
    private let handle: OpaquePointer

    private static let live = Atomic<Int>(0)
    /// How many engines are loaded in this process now (each holds about 15 MB): a soak run checks
    /// that it stays at the number of worker threads.
    public static var liveCount: Int { live.load(ordering: .relaxed) }

    /// How many line images Tesseract has kept uncompressed in this process instead of
    /// PNG-compressing each (`Sources/CTesseractLines/shim.c`): 0 after a recognition means every
    /// line read paid for a PNG round trip.
    public static var uncompressedLineImages: Int { shelfscan_uncompressed_line_images() }

    /// Loads the English LSTM model (`OEM_LSTM_ONLY`: Debian's traineddata has no legacy engine).
    /// `dataPath` nil uses `TESSDATA_PREFIX` or Tesseract's built-in location.
    public init(language: String = "eng", dataPath: String? = nil) throws(OCRError) {
        Self.silenceLeptonica
        guard let handle = TessBaseAPICreate() else { throw .cannotCreateEngine }
        let status = TessBaseAPIInit4(handle, dataPath, language, OEM_LSTM_ONLY, nil, 0, nil, nil, 0, 0)
        guard status == 0 else {
            TessBaseAPIDelete(handle)
            throw .modelUnavailable(language: language, dataPath: dataPath)
        }
        self.handle = handle
        Self.live.add(1, ordering: .relaxed)
        // Light-on-dark text is inverted by shelfscan itself; Tesseract's own second inverted pass
        // doubles the work for nothing. The LSTM reads proportional and fixed-pitch type alike, so
        // the layout's fixed-pitch search (`textord_all_prop` skips it) is work for nothing too.
        // Diagnostics must not reach the user's terminal.
        TessBaseAPISetVariable(handle, "tessedit_do_invert", "0")
        TessBaseAPISetVariable(handle, "textord_all_prop", "1")
        TessBaseAPISetVariable(handle, "debug_file", "/dev/null")
    }

    /// Leptonica, under Tesseract, prints its own errors ("box outside rectangle") to stderr; they
    /// are not the user's business. Set once, before the first instance.
    private static let silenceLeptonica: Void = {
        _ = setMsgSeverity(Int32(L_SEVERITY_NONE))
    }()

    deinit {
        Self.live.subtract(1, ordering: .relaxed)
        TessBaseAPIEnd(handle)
        TessBaseAPIDelete(handle)
    }

    /// How many images this engine has recognised: the measure of reading work that does not
    /// depend on the machine's speed.
    public private(set) var recognitions = 0

    /// The summed length of the text lines this engine has recognised, in thousandths of a line
    /// height (each line's width over its height; whole numbers, so that what a reading added is
    /// exact): Tesseract's LSTM scales a line to a fixed height and steps along it, so most of a
    /// recognition's time grows with this, not with the image's pixels. 0 when the line shortcut
    /// (`uncompressedLineImages`) is not in effect.
    public private(set) var lineLengthThousandths = 0

    /// Recognises the text of a gray image.
    public func recognize(_ image: Image, segmentation: PageSegmentation) -> RecognizedText {
        precondition(image.format == .gray, "Tesseract is given gray images")
        guard image.width >= 3 && image.height >= 3 else { return RecognizedText(lines: []) }
        recognitions += 1
        defer { TessBaseAPIClear(handle) }
        TessBaseAPISetPageSegMode(handle, segmentation.mode)
        image.withUnsafeBytes { pixels in
            // Tesseract copies the pixels.
            TessBaseAPISetImage(
                handle, pixels.baseAddress, Int32(image.width), Int32(image.height), 1, Int32(image.width))
        }
        // After SetImage: it silences "Estimating resolution" and fixes Tesseract's size assumptions.
        TessBaseAPISetSourceResolution(handle, 300)
        let lineLengthBefore = shelfscan_thread_line_length()
        let status = TessBaseAPIRecognize(handle, nil)
        lineLengthThousandths += shelfscan_thread_line_length() - lineLengthBefore
        guard status == 0, let iterator = TessBaseAPIGetIterator(handle) else {
            return RecognizedText(lines: [])
        }
        defer { TessResultIteratorDelete(iterator) }
        let pageIterator = TessResultIteratorGetPageIterator(iterator)

        var lines: [RecognizedText.Line] = []
        var current: [RecognizedText.Word] = []
        var word: RecognizedText.Word?
        func closeWord() {
            if let word, !word.text.isEmpty { current.append(word) }
            word = nil
        }
        func closeLine() {
            closeWord()
            guard !current.isEmpty else { return }
            let box = current.dropFirst().reduce(current[0].box) { $0.union($1.box) }
            lines.append(RecognizedText.Line(words: current, box: box))
            current = []
        }
        func box(at level: TessPageIteratorLevel) -> PixelRect {
            var left: Int32 = 0, top: Int32 = 0, right: Int32 = 0, bottom: Int32 = 0
            TessPageIteratorBoundingBox(pageIterator, level, &left, &top, &right, &bottom)
            return PixelRect(x: Int(left), y: Int(top), width: Int(right - left), height: Int(bottom - top))
        }
        // Symbol by symbol, so that each word also gets the heights of its characters.
        repeat {
            if TessPageIteratorIsAtBeginningOf(pageIterator, RIL_TEXTLINE) != 0 { closeLine() }
            if TessPageIteratorIsAtBeginningOf(pageIterator, RIL_WORD) != 0 {
                closeWord()
                guard let cText = TessResultIteratorGetUTF8Text(iterator, RIL_WORD) else { continue }
                let text = String(cString: cText)
                TessDeleteText(cText)
                word = RecognizedText.Word(
                    text: text, confidence: Double(TessResultIteratorConfidence(iterator, RIL_WORD)), box: box(at: RIL_WORD))
            }
            if let cSymbol = TessResultIteratorGetUTF8Text(iterator, RIL_SYMBOL) {
                let symbol = String(cString: cSymbol)
                TessDeleteText(cSymbol)
                if let character = symbol.first { word?.characters.append((character, box(at: RIL_SYMBOL).height)) }
            }
        } while TessResultIteratorNext(iterator, RIL_SYMBOL) != 0
        closeLine()
        return RecognizedText(lines: lines)
    }
}

@available(*, unavailable)
extension TesseractEngine: Sendable {}

extension PageSegmentation {
    fileprivate var mode: TessPageSegMode {
        switch self {
        case .auto: PSM_AUTO
        case .singleBlock: PSM_SINGLE_BLOCK
        case .singleLine: PSM_SINGLE_LINE
        case .sparse: PSM_SPARSE_TEXT
        }
    }
}
