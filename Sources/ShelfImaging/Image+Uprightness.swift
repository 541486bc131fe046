extension Image {
    /// Whether the dark lettering of a gray image, its lines running across it, stands upright or
    /// upside down, from −1 to 1: for each letter with three neighbours or more on its line, the
    /// share of them whose feet line up with its feet, less the share whose heads line up with its
    /// head, averaged. Letters stand on a baseline while their heads rise to the x-height, the
    /// capitals and the ascenders, so feet line up more than heads when the lettering is upright
    /// (> 0) and heads more than feet when it is upside down (< 0). Lettering all in capitals
    /// lines up both ways and scores near 0. Nil when no letter has neighbours enough.
    public func uprightLetteringScore() -> Double? {
        precondition(format == .gray, "lettering is looked for in gray images")
        guard width >= 8, height >= 8 else { return nil }
        let ink = withUnsafeBytes { $0.map { $0 < 128 } }
        let letters = MaskBlob.pieces(of: ink, width: width, height: height).map(\.box).filter {
            $0.height >= Self.smallestLetterHeight && 5 * $0.height <= 4 * height && $0.width <= 4 * $0.height
        }
        .sorted { $0.x < $1.x }
        var total = 0.0
        var letterCount = 0
        for (index, letter) in letters.enumerated() {
            // Twice the letter's middle row, so that whole numbers hold it.
            let middle = 2 * letter.y + letter.height
            let reach = 8 * letter.height
            func isOnItsLine(_ other: PixelRect) -> Bool { 2 * other.y < middle && middle < 2 * other.maxY }
            let before = letters[..<index].reversed().prefix { $0.x > letter.x - reach }.filter(isOnItsLine)
            let after = letters[(index + 1)...].prefix { $0.x < letter.x + reach }.filter(isOnItsLine)
            let neighbours = before + after
            guard neighbours.count >= 3 else { continue }
            let heights = (neighbours.map(\.height) + [letter.height]).sorted()
            let tolerance = Self.alignedShare * Double(heights[heights.count / 2])
            let feet = neighbours.count(where: { Double(abs($0.maxY - letter.maxY)) < tolerance })
            let heads = neighbours.count(where: { Double(abs($0.y - letter.y)) < tolerance })
            total += Double(feet - heads) / Double(neighbours.count)
            letterCount += 1
        }
        return letterCount > 0 ? total / Double(letterCount) : nil
    }

    /// Pieces of ink shorter than this, in pixels, are marks and specks, not letters.
    private static let smallestLetterHeight = 6
    /// Two letters' feet (or heads) line up when they are less than this share of the letters'
    /// height apart.
    private static let alignedShare = 0.08
}
