import Foundation
import Testing

/// Relative links in README.md and docs/ must reach a file, and a link to a heading must
/// reach a heading: the docs move as the code does, and a moved page breaks links quietly.
@Suite struct DocumentationLinkTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    @Test func everyRelativeLinkInTheDocsReachesAFileAndHeading() throws {
        let docs = Self.repository.appendingPathComponent("docs")
        let pages =
            [Self.repository.appendingPathComponent("README.md")]
            + (try FileManager.default.contentsOfDirectory(
                at: docs, includingPropertiesForKeys: nil
            )
            .filter { $0.pathExtension == "md" }.sorted { $0.path < $1.path })
        #expect(pages.count > 5)
        var checked = 0
        for page in pages {
            let (links, broken) = try Self.brokenLinks(in: page)
            checked += links
            #expect(broken.isEmpty, "\(page.lastPathComponent): \(broken.joined(separator: "; "))")
        }
        #expect(checked > 20)
    }

    @Test func aMissingFileAndAMissingHeadingAreBothFound() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "nfcrig-links-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try "# Other page\n\n## The gate's table\n\n## `make gate-demo`\n".write(
            to: folder.appendingPathComponent("other.md"), atomically: true, encoding: .utf8)
        let page = folder.appendingPathComponent("page.md")
        try """
        # Page
        [fine](other.md#the-gates-table) [same page](#page) [web](https://example.com)
        [code heading](other.md#make-gate-demo)
        [gone](missing.md) [no heading](other.md#nothing-here) `[code](ignored.md)`
        ```
        [fenced](ignored-too.md)
        ```
        """.write(to: page, atomically: true, encoding: .utf8)
        let (links, broken) = try Self.brokenLinks(in: page)
        #expect(links == 5)
        #expect(broken == ["missing.md: no such file", "other.md#nothing-here: no such heading"])
    }

    /// The relative links of a Markdown page (outside code) and those that lead nowhere.
    static func brokenLinks(in page: URL) throws -> (links: Int, broken: [String]) {
        let text = try String(contentsOf: page, encoding: .utf8)
        let targets = linkTargets(in: prose(of: text))
        var broken: [String] = []
        var links = 0
        for target in targets where !target.contains("://") && !target.hasPrefix("mailto:") {
            links += 1
            let parts = target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
            let path = String(parts[0])
            let file =
                path.isEmpty ? page : page.deletingLastPathComponent().appendingPathComponent(path)
            guard FileManager.default.fileExists(atPath: file.path) else {
                broken.append("\(target): no such file")
                continue
            }
            if parts.count == 2, file.pathExtension == "md" {
                let headings = try headingSlugs(in: String(contentsOf: file, encoding: .utf8))
                if !headings.contains(String(parts[1])) {
                    broken.append("\(target): no such heading")
                }
            }
        }
        return (links, broken)
    }

    /// The page without fenced code blocks and inline code, where brackets are not links.
    static func prose(of text: String) -> String {
        withoutFencedCode(text).replacingOccurrences(
            of: "`[^`]*`", with: "", options: .regularExpression)
    }

    /// The page without its fenced code blocks (whose `#` lines are no headings).
    static func withoutFencedCode(_ text: String) -> String {
        var lines: [Substring] = []
        var fenced = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.trimmingCharacters(in: .whitespaces).hasPrefix("```") {
                fenced.toggle()
                continue
            }
            if !fenced { lines.append(line) }
        }
        return lines.joined(separator: "\n")
    }

    /// The targets of `[text](target)` links.
    static func linkTargets(in text: String) -> [String] {
        let pattern = try! NSRegularExpression(pattern: #"\]\(([^)\s]+)(?:\s+"[^"]*")?\)"#)
        let range = NSRange(text.startIndex..., in: text)
        return pattern.matches(in: text, range: range).compactMap {
            Range($0.range(at: 1), in: text).map { String(text[$0]) }
        }
    }

    /// GitHub's anchors for a page's headings: lowercase, punctuation dropped, spaces to
    /// hyphens, a repeated heading numbered from -1.
    static func headingSlugs(in text: String) -> Set<String> {
        var slugs: Set<String> = []
        var seen: [String: Int] = [:]
        for line in withoutFencedCode(text).split(separator: "\n") where line.hasPrefix("#") {
            let title = line.drop { $0 == "#" }.trimmingCharacters(in: .whitespaces)
            let slug = String(
                title.lowercased().compactMap { character -> Character? in
                    if character == " " { return "-" }
                    if character.isLetter || character.isNumber || character == "-"
                        || character == "_"
                    {
                        return character
                    }
                    return nil
                })
            let count = seen[slug, default: 0]
            seen[slug] = count + 1
            slugs.insert(count == 0 ? slug : "\(slug)-\(count)")
        }
        return slugs
    }
}
