/// An 8-connected piece of a pixel mask: the smallest rectangle holding it and how many pixels it has.
package struct MaskBlob: Sendable, Equatable {
    package var box: PixelRect
    package var area: Int

    /// The 8-connected pieces of a row-major mask of `width` × `height` pixels (true: in a piece),
    /// in the order of their first pixel.
    package static func pieces(of mask: [Bool], width: Int, height: Int) -> [MaskBlob] {
        precondition(mask.count == width * height, "the mask does not match its size")
        // Ink not yet taken into a piece; positions kept as x and y, so none is divided out of an index.
        var untaken = mask
        var stack: [(x: Int, y: Int)] = []
        var blobs: [MaskBlob] = []
        untaken.withUnsafeMutableBufferPointer { ink in
            for start in 0..<ink.count where ink[start] {
                ink[start] = false
                stack.append((start % width, start / width))
                var minX = width, minY = height, maxX = -1, maxY = -1, area = 0
                while let (x, y) = stack.popLast() {
                    area += 1
                    minX = min(minX, x)
                    maxX = max(maxX, x)
                    minY = min(minY, y)
                    maxY = max(maxY, y)
                    for ny in max(0, y - 1)...min(height - 1, y + 1) {
                        let row = ny * width
                        for nx in max(0, x - 1)...min(width - 1, x + 1) where ink[row + nx] {
                            ink[row + nx] = false
                            stack.append((nx, ny))
                        }
                    }
                }
                blobs.append(
                    MaskBlob(box: PixelRect(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1), area: area))
            }
        }
        return blobs
    }
}
