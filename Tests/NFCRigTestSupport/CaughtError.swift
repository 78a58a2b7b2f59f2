// `swift build` builds this target too, and `make bench` builds everything against the
// static Swift runtime, which has no Testing module: there `caught` is left out. Test
// targets, the only callers, are always built with Testing.
#if canImport(Testing)
    import Testing

    /// The error of type `E` that `body` throws; `nil` when it returns. Any other error is
    /// a test issue.
    public func caught<E: Error, T>(_ type: E.Type, _ body: () async throws -> T) async -> E? {
        do {
            _ = try await body()
            return nil
        } catch let error as E {
            return error
        } catch {
            Issue.record("expected \(E.self), got \(error)")
            return nil
        }
    }
#endif
