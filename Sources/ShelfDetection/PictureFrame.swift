import ShelfImaging

/// Where a photo's picture ends: at its edges, or inside them where a photo turned in an editor
/// (or framed by a border) has flat black fill running in from its edges.
///
/// Fill is counted from each edge, row by row and column by column, while every channel stays at
/// or below `fillLevel`: the corners a turn leaves are exact black, give or take the JPEG ringing
/// at their border. A photo with no fill has its edges as the frame.
struct PictureFrame: Sendable {
    let width: Int
    let height: Int
    /// Per row, the columns that show the picture (empty for a row of fill).
    private let rowSpans: [Range<Int>]
    /// Per column, the rows that show the picture.
    private let columnSpans: [Range<Int>]

    /// The darkest sample of a pixel that still shows the picture is above this.
    static let fillLevel: UInt8 = 8

    init(of image: Image) {
        width = image.width
        height = image.height
        let channels = image.format.channels
        let (width, height) = (image.width, image.height)
        let isFill: (UnsafeBufferPointer<UInt8>, Int, Int) -> Bool = { samples, x, y in
            let start = (y * width + x) * channels
            for channel in 0..<min(channels, 3) where samples[start + channel] > Self.fillLevel { return false }
            return true
        }
        (rowSpans, columnSpans) = image.withUnsafeBytes { samples in
            func span(count: Int, isFillAt: (Int) -> Bool) -> Range<Int> {
                var lower = 0
                while lower < count && isFillAt(lower) { lower += 1 }
                var upper = count
                while upper > lower && isFillAt(upper - 1) { upper -= 1 }
                return lower..<upper
            }
            let rows = (0..<height).map { y in span(count: width) { isFill(samples, $0, y) } }
            let columns = (0..<width).map { x in span(count: height) { isFill(samples, x, $0) } }
            return (rows, columns)
        }
    }

    /// Whether `point` lies within `margin` pixels of where the picture ends, along its row or its
    /// column (or outside the picture).
    func isOnEdge(_ point: Point, margin: Double) -> Bool {
        guard width > 0, height > 0, point.x.isFinite, point.y.isFinite else { return true }
        let x = Int(min(max(point.x, 0), Double(width - 1)))
        let y = Int(min(max(point.y, 0), Double(height - 1)))
        let row = rowSpans[y], column = columnSpans[x]
        return point.x <= Double(row.lowerBound) + margin || point.x >= Double(row.upperBound) - margin
            || point.y <= Double(column.lowerBound) + margin || point.y >= Double(column.upperBound) - margin
    }
}
