/// The reading work a photo's spines took, by part of reading (`SpineReadingStage.ReadingPart`,
/// named as the report's `timings` name their worker times): how many spines each part ran on,
/// how many images it gave Tesseract, and on how many spines the reading kept in the end is that
/// part's — of those, how many books were selected. What a further reading costs and what it
/// changes, summed over a folder by `shelfbench`; the machine's speed does not enter it.
public struct ReadingWork: Sendable, Codable, Equatable {
    /// One part's work over the spines.
    public struct Part: Sendable, Codable, Equatable {
        /// The spines the part ran on.
        public var spines = 0
        /// The images it gave Tesseract.
        public var calls = 0
        /// The length of the lines Tesseract recognised in those images, in line heights
        /// (`TesseractEngine.lineLengthThousandths`): what most of its time grows with.
        public var lineLength = 0.0
        /// The spines whose kept reading is this part's (the readings only; not the title check
        /// or the ISBN line, which keep no reading).
        public var kept = 0
        /// Of those, the spines whose book was selected.
        public var keptSelected = 0

        public init(spines: Int = 0, calls: Int = 0, lineLength: Double = 0, kept: Int = 0, keptSelected: Int = 0) {
            self.spines = spines
            self.calls = calls
            self.lineLength = lineLength
            self.kept = kept
            self.keptSelected = keptSelected
        }

        /// A report written before line lengths were counted reads with none.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            self.init(
                spines: try container.decode(Int.self, forKey: .spines),
                calls: try container.decode(Int.self, forKey: .calls),
                lineLength: try container.decodeIfPresent(Double.self, forKey: .lineLength) ?? 0,
                kept: try container.decode(Int.self, forKey: .kept),
                keptSelected: try container.decode(Int.self, forKey: .keptSelected))
        }

        static func + (lhs: Part, rhs: Part) -> Part {
            Part(
                spines: lhs.spines + rhs.spines, calls: lhs.calls + rhs.calls,
                lineLength: lhs.lineLength + rhs.lineLength,
                kept: lhs.kept + rhs.kept, keptSelected: lhs.keptSelected + rhs.keptSelected)
        }
    }

    /// The names of the parts that read (all but parsing), in the order they run.
    public static let partNames = SpineReadingStage.ReadingPart.allCases.filter { $0 != .parse }.map(\.rawValue)

    /// The spines read.
    public var spines: Int
    /// By part name (`read.first`, `read.wider`, `read.lines`, `read.again`, `read.check`,
    /// `read.isbnLine`); a part no spine needed is absent.
    public var parts: [String: Part]

    public init(spines: Int = 0, parts: [String: Part] = [:]) {
        self.spines = spines
        self.parts = parts
    }

    /// The images all parts gave Tesseract.
    public var calls: Int { parts.values.reduce(0) { $0 + $1.calls } }

    /// The length of the lines all parts had Tesseract recognise, in line heights.
    public var lineLength: Double { parts.values.reduce(0) { $0 + $1.lineLength } }

    /// This work and `other`'s together (a folder's photos summed).
    public func adding(_ other: ReadingWork) -> ReadingWork {
        ReadingWork(spines: spines + other.spines, parts: parts.merging(other.parts, uniquingKeysWith: +))
    }
}
