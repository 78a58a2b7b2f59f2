import Testing

/// One named row of a table test: an input and what it must give.
struct TableCase<Input: Sendable, Expected: Sendable>: CustomTestStringConvertible, Sendable {
    var name: String
    var input: Input
    var expected: Expected
    var testDescription: String { name }
}
