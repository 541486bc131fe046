import Foundation
import ShelfTestSupport
import Testing

@testable import ShelfPipeline
@testable import ShelfReading

struct ConfidenceModelTests {
    static func folder(withConfidence json: String) throws -> ModelDirectory {
        let folder = try Scratch.folder("models")
        try json.write(to: folder.appendingPathComponent("confidence.json"), atomically: true, encoding: .utf8)
        return ModelDirectory(path: folder.path)
    }

    /// A misspelt signal used to be read as a signal that is always 0.
    @Test func refusesAModelNamingASignalTheScannerDoesNotHave() throws {
        let directory = try Self.folder(
            withConfidence:
                #"{"features": ["detection", "titelConfidence"], "weights": [0.5, 3], "bias": -1, "isbnFloor": 0.95}"#)
        defer { try? FileManager.default.removeItem(atPath: directory.path) }
        #expect(throws: ModelError.self) { try ConfidenceModel(directory: directory) }
        do {
            _ = try ConfidenceModel(directory: directory)
        } catch {
            #expect(error.description.contains("unknown signal \"titelConfidence\""), "\(error)")
            #expect(error.description.hasPrefix(directory.path + "/confidence.json"))
        }
    }

    @Test func refusesAModelWithAWeightPerSignalMissing() throws {
        let directory = try Self.folder(
            withConfidence: #"{"features": ["detection", "hasTitle"], "weights": [0.5], "bias": -1, "isbnFloor": 0.95}"#
        )
        defer { try? FileManager.default.removeItem(atPath: directory.path) }
        #expect(throws: ModelError.malformed(directory.path + "/confidence.json", reason: "2 features but 1 weights")) {
            try ConfidenceModel(directory: directory)
        }
    }

    /// The shipped model weighs every signal the scanner computes, and only those.
    @Test func theShippedModelWeighsTheScannersSignals() throws {
        let model = try ScanModels.load().confidence
        #expect(Set(model.features) == Set(ConfidenceSignal.allCases))
    }

    /// The ISBN floor lifts a doubtful book read with an ISBN; the model's own part is worked out once.
    @Test func anISBNLiftsTheConfidenceToTheFloor() {
        let model = ConfidenceModel(features: [.detection], weights: [1], bias: -4, isbnFloor: 0.95)
        let assessment = Assessment(
            signals: [.detection: 0.5], modelled: model.modelled([.detection: 0.5]), isbnFloor: 0.95)
        #expect(assessment.confidence(hasISBN: false) < 0.1)
        #expect(assessment.confidence(hasISBN: true) == 0.95)
        #expect(assessment.confidence(hasISBN: false) == model.confidence(signals: [.detection: 0.5], hasISBN: false))
    }
}
