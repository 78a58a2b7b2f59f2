import Foundation

/// Round tick values (1, 2 or 5 times a power of ten) for a plot axis.
enum AxisTicks {
    /// About `target` ticks covering `lower...upper`, each a multiple of a round step no
    /// finer than `minimumStep` (labels show three decimals: finer ticks would repeat them).
    static func values(
        from lower: Double, to upper: Double, target: Int = 5, minimumStep: Double = 0.001
    ) -> [Double] {
        guard upper > lower, lower.isFinite, upper.isFinite, target > 0 else { return [lower] }
        let step = max(minimumStep, roundStep(near: (upper - lower) / Double(target)))
        // Multiplying, not adding the step per tick, keeps the labels round.
        let first = (lower / step).rounded(.up)
        var ticks: [Double] = []
        var index = 0.0
        while (first + index) * step <= upper + step * 1e-9, ticks.count <= target * 3 {
            ticks.append((first + index) * step)
            index += 1
        }
        return ticks
    }

    private static func roundStep(near raw: Double) -> Double {
        let magnitude = pow(10, (log10(raw)).rounded(.down))
        let normalised = raw / magnitude
        let factor: Double =
            switch normalised {
            case ..<1.5: 1
            case ..<3.5: 2
            case ..<7.5: 5
            default: 10
            }
        return factor * magnitude
    }
}
