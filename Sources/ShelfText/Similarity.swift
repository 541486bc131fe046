/// How alike two pieces of folded text are, tolerating OCR's substitutions, drops and insertions.
public enum Similarity {
    /// 1 − edit distance / longer length: 1 for equal strings, 0 for nothing in common.
    public static func ratio(_ a: String, _ b: String) -> Double {
        let longer = max(a.count, b.count)
        guard longer > 0 else { return 0 }
        return 1 - Double(a.editDistance(to: b)) / Double(longer)
    }

    /// How well `pattern` occurs anywhere inside `text`: 1 − (fewest edits that turn `pattern` into
    /// some stretch of `text`) / its length. Sellers' approximate substring search.
    public static func occurrence(of pattern: String, in text: String) -> Double {
        let p = Array(pattern.utf8), t = Array(text.utf8)
        guard !p.isEmpty, !t.isEmpty else { return 0 }
        return 1 - Double(bestEnd(of: p, in: t).edits) / Double(p.count)
    }

    /// The stretch of `text` in which `pattern` occurs best (as `occurrence(of:in:)` measures it),
    /// as offsets into `text`'s UTF-8; the shortest such stretch ending first. Nil when either is
    /// empty.
    public static func bestStretch(of pattern: String, in text: String) -> Range<Int>? {
        let p = Array(pattern.utf8), t = Array(text.utf8)
        guard !p.isEmpty, !t.isEmpty else { return nil }
        let end = bestEnd(of: p, in: t).end
        // Where it starts: the pattern backwards against the text backwards from that end, the
        // stretch anchored there (every letter of text passed over costs an edit).
        let backwards = Array(p.reversed())
        var back = Array(0...p.count)
        var length = 0, lengthCost = back[p.count]
        for (passed, character) in t[..<end].reversed().enumerated() {
            var diagonal = back[0]
            back[0] = passed + 1
            for i in 1...p.count {
                let above = back[i]
                back[i] = min(above + 1, back[i - 1] + 1, diagonal + (backwards[i - 1] == character ? 0 : 1))
                diagonal = above
            }
            if back[p.count] < lengthCost { (length, lengthCost) = (passed + 1, back[p.count]) }
        }
        return (end - length)..<end
    }

    /// Sellers' search: the fewest edits that turn `p` into a stretch of `t`, and where in `t` the
    /// first such stretch ends (an offset; 0 when nothing matches better than all edits).
    private static func bestEnd(of p: [UInt8], in t: [UInt8]) -> (edits: Int, end: Int) {
        // column[i]: fewest edits matching p[..<i] to a stretch of t ending at the current position.
        var column = Array(0...p.count)
        var best = column[p.count], end = 0
        for (position, character) in t.enumerated() {
            var diagonal = column[0]  // a match may start anywhere in t: row 0 stays 0
            for i in 1...p.count {
                let above = column[i]
                column[i] = min(above + 1, column[i - 1] + 1, diagonal + (p[i - 1] == character ? 0 : 1))
                diagonal = above
            }
            if column[p.count] < best { (best, end) = (column[p.count], position + 1) }
        }
        return (best, end)
    }
}
