/// Pieces of SVG markup shared by the plots.
enum SVGElement {
    /// The opening `<svg>` tag of an inline, fixed-size plot and its accessible title.
    static func open(className: String, width: Double, height: Double, label: String)
        -> [String]
    {
        let f = ReportFormatting.coordinate
        let label = HTMLText.escape(label)
        return [
            "<svg class=\"\(className)\" xmlns=\"http://www.w3.org/2000/svg\" "
                + "viewBox=\"0 0 \(f(width)) \(f(height))\" width=\"\(f(width))\" "
                + "height=\"\(f(height))\" role=\"img\" aria-label=\"\(label)\">",
            "<title>\(label)</title>",
        ]
    }
}
