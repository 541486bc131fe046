import Foundation

/// Turns what is known about a book into one number, 0…1: how likely it is that its title (or
/// ISBN) is right.
///
/// A logistic model over named signals, learned on the rendered shelves of `Fixtures/` by
/// `Models/learn_confidence.py` and shifted so that books at or above the default threshold were
/// right at least 97% of the time there. A checksum-valid ISBN read on the spine identifies the
/// book by itself: its confidence is at least `isbnFloor`.
public struct ConfidenceModel: Sendable, Codable, Equatable {
    /// Signal names, in the order of `weights`.
    public var features: [String]
    public var weights: [Double]
    public var bias: Double
    public var isbnFloor: Double

    public init(features: [String], weights: [Double], bias: Double, isbnFloor: Double) {
        self.features = features
        self.weights = weights
        self.bias = bias
        self.isbnFloor = isbnFloor
    }

    /// Loads `confidence.json` from a models folder.
    public init(directory: ModelDirectory) throws(ModelError) {
        let data = try directory.data(of: "confidence.json")
        do {
            self = try JSONDecoder().decode(ConfidenceModel.self, from: data)
        } catch {
            throw ModelError("\(directory.path)/confidence.json: \(error)")
        }
        guard features.count == weights.count else {
            throw ModelError("\(directory.path)/confidence.json: \(features.count) features but \(weights.count) weights")
        }
    }

    /// The signals of a book, by name: the parser's evidence and the detector's score.
    public static func signals(detectionScore: Double, parsed: ParsedSpine) -> [String: Double] {
        let evidence = parsed.evidence
        return [
            "detection": detectionScore,
            "hasTitle": parsed.title == nil ? 0 : 1,
            "titleConfidence": evidence.titleConfidence,
            "titleWordShare": evidence.titleWordShare,
            "titleLength": evidence.titleLength,
            "authorNameScore": evidence.authorNameScore,
            "leftoverShare": evidence.leftoverShare,
            "publisherFound": evidence.publisherFound,
            "titleNameScore": evidence.titleNameScore,
            "titleStartsLowerCase": evidence.titleStartsLowerCase,
        ]
    }

    /// The confidence of a book with these signals (a missing signal counts as 0).
    public func confidence(signals: [String: Double], hasISBN: Bool) -> Double {
        var z = bias
        for (name, weight) in zip(features, weights) { z += weight * (signals[name] ?? 0) }
        let modelled = 1 / (1 + exp(-z))
        return hasISBN ? max(modelled, isbnFloor) : modelled
    }
}
