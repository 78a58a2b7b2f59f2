import SeededRandom

/// The fuzz tests draw from the shared seeded generator.
typealias SeededGenerator = SplitMix64
