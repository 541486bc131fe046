/// Truth outlines paired with detected ones as the evaluation set's scorer pairs them: greedily,
/// the best overlap first, each outline in one pair at most, a pair only at an overlap
/// (`OutlineOverlap.iou`) of `least` or more.
enum OutlinePairing {
    /// The overlap at which a detected outline finds a truth book.
    static let least = 0.5

    /// For each truth outline paired, the index of its detected outline. Nil outlines pair with nothing.
    static func pairs(truth: [[[Double]]?], detected: [[[Double]]?]) -> [Int: Int] {
        var candidates: [(iou: Double, truth: Int, detected: Int)] = []
        for (i, outline) in truth.enumerated() {
            guard let outline else { continue }
            for (j, found) in detected.enumerated() {
                guard let found else { continue }
                let iou = OutlineOverlap.iou(outline, found)
                if iou >= least { candidates.append((iou, i, j)) }
            }
        }
        candidates.sort { ($0.iou, $0.truth, $0.detected) > ($1.iou, $1.truth, $1.detected) }
        var usedTruth = Set<Int>(), usedDetected = Set<Int>(), pairs: [Int: Int] = [:]
        for pair in candidates where !usedTruth.contains(pair.truth) && !usedDetected.contains(pair.detected) {
            usedTruth.insert(pair.truth)
            usedDetected.insert(pair.detected)
            pairs[pair.truth] = pair.detected
        }
        return pairs
    }
}
