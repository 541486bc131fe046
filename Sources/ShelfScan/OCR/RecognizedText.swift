/// What Tesseract read in an image: words with confidences and boxes, grouped into lines.
public struct RecognizedText: Sendable, Equatable {
    /// One recognised word.
    public struct Word: Sendable, Equatable {
        public var text: String
        /// Tesseract's confidence, 0…100.
        public var confidence: Double
        /// Where it is, in the pixels of the image given to Tesseract.
        public var box: PixelRect
    }

    /// One line of text, in reading order.
    public struct Line: Sendable, Equatable {
        public var words: [Word]
        public var box: PixelRect

        public var text: String { words.map(\.text).joined(separator: " ") }
    }

    public var lines: [Line]

    public init(lines: [Line]) {
        self.lines = lines
    }

    /// The lines joined by newlines.
    public var text: String { lines.map(\.text).joined(separator: "\n") }

    /// All words, in reading order.
    public var words: [Word] { lines.flatMap(\.words) }

    /// Mean word confidence (0…100), weighted by word length; 0 when nothing was read.
    public var meanConfidence: Double {
        var total = 0.0, weight = 0.0
        for word in words {
            let length = Double(word.text.count)
            total += word.confidence * length
            weight += length
        }
        return weight > 0 ? total / weight : 0
    }
}
