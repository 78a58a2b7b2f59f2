import Foundation
import Testing
import VirtualUSB

/// Programs are found as a shell finds them.
@Suite struct ExecutablePathTests {
    @Test func aBareNameIsFoundOnPath() {
        #expect(ExecutablePath.resolve("sh").map { $0.hasSuffix("/sh") } == true)
    }

    @Test func aPathWithASlashIsTakenAsGivenWhenExecutable() {
        #expect(ExecutablePath.resolve("/bin/sh") == "/bin/sh")
        #expect(ExecutablePath.resolve("/nonexistent/sh") == nil)
    }

    @Test func aNameOnNoDirectoryOfPathIsNotFound() {
        #expect(ExecutablePath.resolve("nfcrig-no-such-program") == nil)
    }
}
