import Testing

@testable import ShelfImaging

struct MaskBlobTests {
    /// Pieces as union–find over every pair of touching ink pixels makes them, in the order of
    /// their first pixel: a different way to the same answer.
    static func referencePieces(of mask: [Bool], width: Int, height: Int) -> [MaskBlob] {
        var parent = Array(mask.indices)
        func root(_ index: Int) -> Int {
            var index = index
            while parent[index] != index {
                parent[index] = parent[parent[index]]
                index = parent[index]
            }
            return index
        }
        for y in 0..<height {
            for x in 0..<width where mask[y * width + x] {
                // The neighbours before this pixel in scan order; the later ones join it from their side.
                for (dx, dy) in [(-1, -1), (0, -1), (1, -1), (-1, 0)] {
                    let (nx, ny) = (x + dx, y + dy)
                    guard (0..<width).contains(nx), (0..<height).contains(ny), mask[ny * width + nx] else { continue }
                    parent[root(ny * width + nx)] = root(y * width + x)
                }
            }
        }
        var pieces: [Int: (first: Int, minX: Int, minY: Int, maxX: Int, maxY: Int, area: Int)] = [:]
        for index in mask.indices where mask[index] {
            let (x, y) = (index % width, index / width)
            let piece = pieces[root(index)] ?? (index, x, y, x, y, 0)
            pieces[root(index)] = (
                piece.first, min(piece.minX, x), min(piece.minY, y), max(piece.maxX, x), max(piece.maxY, y), piece.area + 1
            )
        }
        return pieces.values.sorted { $0.first < $1.first }.map {
            MaskBlob(box: PixelRect(x: $0.minX, y: $0.minY, width: $0.maxX - $0.minX + 1, height: $0.maxY - $0.minY + 1), area: $0.area)
        }
    }

    @Test func piecesAreTheEightConnectedComponentsInTheOrderOfTheirFirstPixel() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<200 {
            let width = Int.random(in: 1...30, using: &generator), height = Int.random(in: 1...30, using: &generator)
            // Sparse ink makes many small pieces, dense ink a few that wind around.
            let density = Double.random(in: 0.05...0.7, using: &generator)
            let mask = (0..<(width * height)).map { _ in Double.random(in: 0..<1, using: &generator) < density }
            #expect(
                MaskBlob.pieces(of: mask, width: width, height: height)
                    == Self.referencePieces(of: mask, width: width, height: height), "\(width)×\(height)")
        }
    }

    @Test func diagonalTouchJoinsAndAGapSeparates() {
        // X.. / .X. / ..X is one piece; X.X is two.
        let diagonal = [true, false, false, false, true, false, false, false, true]
        #expect(MaskBlob.pieces(of: diagonal, width: 3, height: 3) == [MaskBlob(box: PixelRect(x: 0, y: 0, width: 3, height: 3), area: 3)])
        #expect(MaskBlob.pieces(of: [true, false, true], width: 3, height: 1).count == 2)
        #expect(MaskBlob.pieces(of: [], width: 0, height: 0).isEmpty)
    }
}
