import Foundation
import ShelfImaging

/// How the detector's deskewed working image sits on the photo: shrunk by a whole factor, then
/// turned by minus the skew about its centre onto a canvas large enough to hold it.
struct WorkingFrame: Sendable {
    let factor: Int
    let workingWidth: Int
    let workingHeight: Int
    /// The photo's roll in degrees; the working image is turned by its opposite.
    let skew: Double
    let width: Int
    let height: Int
    /// Per row of the deskewed image, the columns that show the photo (the rest is fill).
    let validSpans: [Range<Int>]

    init(factor: Int, workingWidth: Int, workingHeight: Int, skew: Double) {
        self.factor = factor
        self.workingWidth = workingWidth
        self.workingHeight = workingHeight
        self.skew = skew
        let radians = -skew * .pi / 180
        let cosine = cos(radians), sine = sin(radians)
        let w = Double(workingWidth), h = Double(workingHeight)
        let width = skew == 0 ? workingWidth : Int((abs(w * cosine) + abs(h * sine) - 1e-6).rounded(.up))
        let height = skew == 0 ? workingHeight : Int((abs(w * sine) + abs(h * cosine) - 1e-6).rounded(.up))
        self.width = width
        self.height = height
        // A deskewed pixel centre (X, Y) comes from source (cos dx + sin dy + w/2, -sin dx + cos dy + h/2),
        // with (dx, dy) its offset from the canvas centre; it shows the photo when that lies inside.
        validSpans = (0..<height).map { row in
            let dy = Double(row) + 0.5 - Double(height) / 2
            var lower = 0.0, upper = Double(width)
            func constrain(coefficient: Double, offset: Double, within limit: Double) {
                // lower ≤ X ≤ upper where 1 ≤ coefficient * (X + 0.5 - width/2) + offset ≤ limit - 1
                let base = offset - coefficient * (Double(width) / 2 - 0.5)
                if abs(coefficient) < 1e-9 {
                    if base < 1 || base > limit - 1 { upper = lower }
                    return
                }
                let a = (1 - base) / coefficient, b = (limit - 1 - base) / coefficient
                lower = max(lower, min(a, b))
                upper = min(upper, max(a, b))
            }
            constrain(coefficient: cosine, offset: sine * dy + w / 2, within: w)
            constrain(coefficient: -sine, offset: cosine * dy + h / 2, within: h)
            let first = max(0, Int(lower.rounded(.up))), end = min(width, Int(upper.rounded(.down)) + 1)
            return first < end ? first..<end : first..<first
        }
    }

    /// Maps a point of the deskewed working image to the photo's pixels.
    func photoPoint(_ point: Point, photoWidth: Int, photoHeight: Int) -> Point {
        let radians = -skew * .pi / 180
        let cosine = cos(radians), sine = sin(radians)
        let dx = point.x - Double(width) / 2, dy = point.y - Double(height) / 2
        let x = cosine * dx + sine * dy + Double(workingWidth) / 2
        let y = -sine * dx + cosine * dy + Double(workingHeight) / 2
        let scale = Double(factor)
        return Point(
            x: min(Double(photoWidth), max(0, x * scale)), y: min(Double(photoHeight), max(0, y * scale)))
    }
}
