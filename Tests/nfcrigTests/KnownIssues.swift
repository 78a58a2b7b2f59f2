import Testing

/// Bugs below the CLI that tests here run into; each test wraps only the expectations the
/// bug breaks, so it fails ("known issue was not recorded") once the bug is fixed.
enum KnownIssues {
    /// TgInitAsTarget takes SENS_RES in air order (`44 00` for an NTAG's ATQA 0044; libnfc
    /// swaps it in `pn53x_TgInitAsTarget`) and InListPassiveTarget reports it most significant
    /// byte first (`00 44`), but PN533Sim reports the emulator's bytes unswapped, so the
    /// reference reader classifies an emulated Type 2 tag as unsupported
    /// (`Sources/PN533Sim/Chip/PN533Firmware+Target.swift`).
    static let type2SensRes: Comment =
        "PN533Sim does not swap the SENS_RES TgInitAsTarget gives: emulated Type 2 tags are unsupported"
}
