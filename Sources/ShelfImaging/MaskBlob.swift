/// An 8-connected piece of a pixel mask: the smallest rectangle holding it and how many pixels it has.
package struct MaskBlob: Sendable, Equatable {
    package var box: PixelRect
    package var area: Int

    /// The 8-connected pieces of a row-major mask of `width` × `height` pixels (true: in a piece),
    /// in the order of their first pixel.
    package static func pieces(of mask: [Bool], width: Int, height: Int) -> [MaskBlob] {
        precondition(mask.count == width * height, "the mask does not match its size")
        var seen = [Bool](repeating: false, count: mask.count)
        var stack: [Int] = []
        var blobs: [MaskBlob] = []
        for start in mask.indices where mask[start] && !seen[start] {
            seen[start] = true
            stack.append(start)
            var minX = width, minY = height, maxX = -1, maxY = -1, area = 0
            while let index = stack.popLast() {
                let x = index % width, y = index / width
                area += 1
                minX = min(minX, x)
                maxX = max(maxX, x)
                minY = min(minY, y)
                maxY = max(maxY, y)
                for ny in max(0, y - 1)...min(height - 1, y + 1) {
                    for nx in max(0, x - 1)...min(width - 1, x + 1) {
                        let neighbour = ny * width + nx
                        if mask[neighbour] && !seen[neighbour] {
                            seen[neighbour] = true
                            stack.append(neighbour)
                        }
                    }
                }
            }
            blobs.append(
                MaskBlob(box: PixelRect(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1), area: area))
        }
        return blobs
    }
}
