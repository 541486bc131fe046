import Foundation
import ShelfReading

/// Turns what is known about a book into one number, 0…1: how likely it is that its title (or
/// ISBN) is right.
///
/// A logistic model over named signals (`ConfidenceSignal`), learned on the rendered shelves of
/// `Fixtures/` by `Models/learn_confidence.py` and shifted so that books at or above the default
/// threshold were right at least 97% of the time there. A checksum-valid ISBN read on the spine
/// identifies the book by itself: its confidence is at least `isbnFloor`.
public struct ConfidenceModel: Sendable, Equatable {
    /// The signals weighed, in the order of `weights`.
    public var features: [ConfidenceSignal]
    public var weights: [Double]
    public var bias: Double
    public var isbnFloor: Double

    public init(features: [ConfidenceSignal], weights: [Double], bias: Double, isbnFloor: Double) {
        precondition(features.count == weights.count, "one weight per signal")
        self.features = features
        self.weights = weights
        self.bias = bias
        self.isbnFloor = isbnFloor
    }

    /// Loads `confidence.json` from a models folder. A signal the scanner does not know (a typo, a
    /// model learned by another version) is an error, not a weight silently multiplied by 0.
    public init(directory: ModelDirectory) throws(ModelError) {
        let file = "\(directory.path)/confidence.json"
        let stored: Stored
        do {
            stored = try JSONDecoder().decode(Stored.self, from: try directory.data(of: "confidence.json"))
        } catch let error as ModelError {
            throw error
        } catch {
            throw .malformed(file, reason: "\(error)")
        }
        guard stored.features.count == stored.weights.count else {
            throw .malformed(file, reason: "\(stored.features.count) features but \(stored.weights.count) weights")
        }
        var features: [ConfidenceSignal] = []
        for name in stored.features {
            guard let signal = ConfidenceSignal(rawValue: name) else {
                let known = ConfidenceSignal.allCases.map(\.rawValue).joined(separator: ", ")
                throw .malformed(file, reason: "unknown signal \"\(name)\" (the signals are \(known))")
            }
            features.append(signal)
        }
        self.init(features: features, weights: stored.weights, bias: stored.bias, isbnFloor: stored.isbnFloor)
    }

    /// The model's part of a book's confidence, without the ISBN floor.
    public func modelled(_ signals: [ConfidenceSignal: Double]) -> Double {
        var z = bias
        for (signal, weight) in zip(features, weights) { z += weight * (signals[signal] ?? 0) }
        return 1 / (1 + exp(-z))
    }

    /// The assessment of a book with these signals: the model's part, and the floor an ISBN lifts it to.
    public func assessment(of signals: [ConfidenceSignal: Double]) -> Assessment {
        Assessment(signals: signals, modelled: modelled(signals), isbnFloor: isbnFloor)
    }

    /// The confidence of a book with these signals.
    public func confidence(signals: [ConfidenceSignal: Double], hasISBN: Bool) -> Double {
        assessment(of: signals).confidence(hasISBN: hasISBN)
    }

    /// The file's layout.
    private struct Stored: Decodable {
        var features: [String]
        var weights: [Double]
        var bias: Double
        var isbnFloor: Double
    }
}
