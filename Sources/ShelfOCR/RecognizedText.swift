import ShelfImaging

/// What Tesseract read in an image: words with confidences and boxes, grouped into lines.
public struct RecognizedText: Sendable, Equatable {
    /// One recognised word.
    public struct Word: Sendable, Equatable {
        public var text: String
        /// Tesseract's confidence, 0…100.
        public var confidence: Double
        /// Where it is, in the pixels of the image given to Tesseract.
        public var box: PixelRect
        /// Each character with the height of its own box (a stray mark can stretch the word's box,
        /// not the characters').
        public var characters: [(character: Character, height: Int)]

        public init(text: String, confidence: Double, box: PixelRect, characters: [(character: Character, height: Int)] = []) {
            self.text = text
            self.confidence = confidence
            self.box = box
            self.characters = characters
        }

        public static func == (a: Word, b: Word) -> Bool {
            a.text == b.text && a.confidence == b.confidence && a.box == b.box
                && a.characters.map(\.height) == b.characters.map(\.height)
        }

        /// The height of the word's capitals: the median height of its capitals, digits and letters
        /// with ascenders, or its x-height ÷ 0.7 when it has none; the box height when the characters
        /// are unknown. A word with both is held to what its x-height allows, since one stretched box
        /// (a capital merged with a mark) is common and many small letters rarely all are.
        public var capitalHeight: Double {
            let tall = characters.filter { $0.character.isUppercase || $0.character.isNumber || "bdfhklt".contains($0.character) }
                .map(\.height).sorted()
            let short = characters.filter { "acemnorsuvwxz".contains($0.character) }.map(\.height).sorted()
            let fromShort = short.isEmpty ? nil : Double(short[short.count / 2]) / 0.7
            guard !tall.isEmpty else { return fromShort ?? Double(box.height) }
            let fromTall = Double(tall[tall.count / 2])
            return fromShort.map { min(fromTall, 1.15 * $0) } ?? fromTall
        }

        /// Joins the next piece of the same word: its letters, box and character heights, keeping
        /// the lower confidence of the two.
        package mutating func append(_ piece: Word) {
            text += piece.text
            characters += piece.characters
            box = box.union(piece.box)
            confidence = min(confidence, piece.confidence)
        }
    }

    /// One line of text, in reading order.
    public struct Line: Sendable, Equatable {
        public var words: [Word]
        public var box: PixelRect

        public init(words: [Word], box: PixelRect) {
            self.words = words
            self.box = box
        }

        public var text: String { words.map(\.text).joined(separator: " ") }

        /// Sets the box to the one around the words, after words were taken out or moved; left as
        /// it is when there are none.
        public mutating func fitBoxToWords() {
            guard let first = words.first else { return }
            box = words.dropFirst().reduce(first.box) { $0.union($1.box) }
        }
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
