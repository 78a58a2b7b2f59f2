/// Maps a data interval onto a pixel interval (which may run backwards, as SVG's y does).
struct SVGLinearScale {
    /// The data interval (may be empty: then every value maps to the middle).
    var domain: ClosedRange<Double>
    /// The pixel position of the domain's lower bound.
    var start: Double
    /// The pixel position of the domain's upper bound.
    var end: Double

    /// The pixel position of a value.
    func callAsFunction(_ value: Double) -> Double {
        let span = domain.upperBound - domain.lowerBound
        guard span > 0 else { return (start + end) / 2 }
        return start + (value - domain.lowerBound) / span * (end - start)
    }
}
