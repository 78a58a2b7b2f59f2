import Testing

/// The error of type `E` that `body` throws; `nil` when it succeeds. Any other error is a
/// test issue.
func caught<E: Error>(_ type: E.Type, _ body: () async throws -> Void) async -> E? {
    do {
        try await body()
        return nil
    } catch let error as E {
        return error
    } catch {
        Issue.record("expected \(E.self), got \(error)")
        return nil
    }
}
