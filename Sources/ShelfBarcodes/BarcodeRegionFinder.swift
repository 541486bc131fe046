import Foundation
import ShelfISBN
import ShelfImaging

/// Finds the places in a photo that look like barcodes, whether or not they can be decoded: blocks
/// of strong, parallel edges (a structure tensor that is both energetic and coherent) whose
/// gradients rise and fall in turn, grouped when neighbours share a direction. Print has strong
/// edges in every direction; a plain surface has none; a single edge or shadow points one way;
/// only bars are strong, parallel and alternating.
struct BarcodeRegionFinder: Sendable {
    /// One barcode-like region.
    struct Region: Sendable, Equatable {
        /// Its bounding box in the photo's pixels.
        var box: PixelRect
        /// The direction across the bars, in degrees (0 when the bars stand upright).
        var angle: Double
        /// How many blocks it spans; larger is likelier a real code.
        var blockCount: Int
    }

    /// The photo is examined at this longer side.
    var workingSide = 640
    /// Side of a block, in working pixels.
    var blockSize = 8

    /// Barcode-like regions, largest first.
    func regions(in gray: Image) -> [Region] {
        precondition(gray.format == .gray, "regions are found on gray images")
        let factor = max(1, Int((Double(max(gray.width, gray.height)) / Double(workingSide)).rounded(.up)))
        let small = gray.downscaled(byFactor: factor)
        let columns = small.width / blockSize, rows = small.height / blockSize
        guard columns > 2 && rows > 2 else { return [] }

        var energy = [Double](repeating: 0, count: columns * rows)
        var angle = [Double](repeating: 0, count: columns * rows)
        var coherence = [Double](repeating: 0, count: columns * rows)
        var balance = [Double](repeating: 0, count: columns * rows)
        small.withUnsafeBytes { samples in
            let width = small.width
            for row in 0..<rows {
                for column in 0..<columns {
                    var xx = 0.0, yy = 0.0, xy = 0.0
                    var sumX = 0.0, sumY = 0.0, absolute = 0.0
                    for y in max(1, row * blockSize)..<min(small.height - 1, (row + 1) * blockSize) {
                        for x in max(1, column * blockSize)..<min(width - 1, (column + 1) * blockSize) {
                            let gx = Double(Int(samples[y * width + x + 1]) - Int(samples[y * width + x - 1]))
                            let gy = Double(Int(samples[(y + 1) * width + x]) - Int(samples[(y - 1) * width + x]))
                            xx += gx * gx
                            yy += gy * gy
                            xy += gx * gy
                            sumX += gx
                            sumY += gy
                            absolute += abs(gx) + abs(gy)
                        }
                    }
                    let index = row * columns + column
                    // Bars rise and fall in turn, so their gradients cancel; an edge's all point one way.
                    balance[index] = absolute > 0 ? (sumX * sumX + sumY * sumY).squareRoot() / absolute : 1
                    let total = xx + yy
                    energy[index] = total / Double(blockSize * blockSize)
                    coherence[index] = total > 0 ? ((xx - yy) * (xx - yy) + 4 * xy * xy).squareRoot() / total : 0
                    angle[index] = 0.5 * atan2(2 * xy, xx - yy) * 180 / .pi
                }
            }
        }
        let sortedEnergy = energy.sorted()
        let typicalEnergy = sortedEnergy[sortedEnergy.count / 2]
        let minimumEnergy = max(600, typicalEnergy * 4)
        let isBar = (0..<energy.count).map {
            energy[$0] >= minimumEnergy && coherence[$0] >= 0.75 && balance[$0] < 0.4
        }

        // Group neighbouring bar blocks whose directions agree.
        var label = [Int](repeating: -1, count: energy.count)
        var regions: [Region] = []
        for start in 0..<energy.count where isBar[start] && label[start] < 0 {
            var stack = [start], members: [Int] = []
            label[start] = regions.count
            while let index = stack.popLast() {
                members.append(index)
                let row = index / columns, column = index % columns
                // Two blocks' reach bridges the low-energy blocks inside a wide bar.
                for (dr, dc) in Self.neighbourhood {
                    let r = row + dr, c = column + dc
                    guard r >= 0 && r < rows && c >= 0 && c < columns else { continue }
                    let neighbour = r * columns + c
                    guard isBar[neighbour] && label[neighbour] < 0,
                        Self.angleDifference(angle[neighbour], angle[index]) < 20
                    else { continue }
                    label[neighbour] = regions.count
                    stack.append(neighbour)
                }
            }
            let direction = Self.meanAngle(members.map { angle[$0] })
            // Bars repeat across the code: a lone edge (a page's border, a shelf) is one block thick.
            let (across, along) = Self.extents(of: members, columns: columns, direction: direction)
            guard members.count >= 4 && across >= 3 && along >= 2 else {
                regions.append(Region(box: PixelRect(x: 0, y: 0, width: 0, height: 0), angle: 0, blockCount: 0))
                continue
            }
            let memberRows = members.map { $0 / columns }, memberColumns = members.map { $0 % columns }
            let scale = blockSize * factor
            let box = PixelRect(
                x: memberColumns.min()! * scale, y: memberRows.min()! * scale,
                width: (memberColumns.max()! - memberColumns.min()! + 1) * scale,
                height: (memberRows.max()! - memberRows.min()! + 1) * scale)
            // The reduced copy aliases fine bars and biases their direction: measure it at full size.
            let measured = gray.cropped(to: box).dominantGradientAngle()
            regions.append(Region(box: box, angle: measured, blockCount: members.count))
        }
        return regions.filter { $0.blockCount >= 3 }.sorted { $0.blockCount > $1.blockCount }
    }

    private static let neighbourhood: [(Int, Int)] = (-2...2).flatMap { dr in
        (-2...2).compactMap { dc in dr == 0 && dc == 0 ? nil : (dr, dc) }
    }

    /// How many blocks a group spans across its bars (along `direction`) and along them.
    static func extents(of members: [Int], columns: Int, direction: Double) -> (across: Int, along: Int) {
        let radians = direction * .pi / 180
        let across = members.map { Double($0 % columns) * cos(radians) + Double($0 / columns) * sin(radians) }
        let along = members.map { -Double($0 % columns) * sin(radians) + Double($0 / columns) * cos(radians) }
        return (Int((across.max()! - across.min()!).rounded()) + 1, Int((along.max()! - along.min()!).rounded()) + 1)
    }

    /// Difference of two axial directions (θ and θ+180° are the same), in degrees.
    static func angleDifference(_ a: Double, _ b: Double) -> Double {
        let difference = abs(a - b).truncatingRemainder(dividingBy: 180)
        return min(difference, 180 - difference)
    }

    /// Mean of axial directions, through doubled angles.
    static func meanAngle(_ angles: [Double]) -> Double {
        let sine = angles.reduce(0) { $0 + sin(2 * $1 * .pi / 180) }
        let cosine = angles.reduce(0) { $0 + cos(2 * $1 * .pi / 180) }
        return 0.5 * atan2(sine, cosine) * 180 / .pi
    }
}
