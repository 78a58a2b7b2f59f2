import Testing

@testable import Reporting

@Suite struct TextEscapingTests {
    static let hostile = "a\"b'c<d>e&f]]>g\u{0}h\u{1B}i\u{7F}j\u{FFFF}k\tl\nm\rn"

    @Test func xmlAttributesEscapeMarkupAndKeepWhitespaceAsReferences() {
        #expect(
            XMLText.attribute(Self.hostile)
                == "a&quot;b&apos;c&lt;d&gt;e&amp;f]]&gt;g\u{2400}h\u{241B}i\u{2421}j\u{FFFD}k&#9;l&#10;m&#13;n"
        )
    }

    @Test func xmlContentKeepsTabsAndLineFeedsButNotCarriageReturns() {
        #expect(XMLText.content("a\tb\nc\rd") == "a\tb\nc&#13;d")
    }

    @Test func htmlEscapesMarkupAndReplacesControlsVisibly() {
        #expect(
            HTMLText.escape("<script>alert('x')</script>&\u{7}")
                == "&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;&amp;\u{2407}")
    }

    @Test func markdownInlineTextRendersLiterallyOnOneLine() {
        #expect(
            MarkdownText.inline("a|b *c* _d_ `e` [f](g) <h> &i\r\nj\u{0}")
                == #"a\|b \*c\* \_d\_ \`e\` \[f\](g) &lt;h&gt; &amp;i ↵ j␀"#)
    }

    @Test func c1ControlsAndNoncharactersBecomeTheReplacementCharacter() {
        #expect(VisibleControls.replacing(in: "x\u{85}y\u{FFFE}") == "x\u{FFFD}y\u{FFFD}")
    }
}
