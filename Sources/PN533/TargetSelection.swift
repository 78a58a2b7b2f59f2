/// InSelect (54), InDeselect (44) and InRelease (52): each takes a target number and answers
/// with one status byte (check it with `PN533Response.requireSuccess`).
public enum PN533TargetSelection {
    /// InSelect: select a listed target that was deselected.
    public static func select(target: UInt8) -> PN533Request {
        PN533Request(.inSelect, [target])
    }

    /// InDeselect: deselect a target but keep its information; 0 means all targets.
    public static func deselect(target: UInt8) -> PN533Request {
        PN533Request(.inDeselect, [target])
    }

    /// InRelease: release a target and forget it; 0 means all targets.
    public static func release(target: UInt8) -> PN533Request {
        PN533Request(.inRelease, [target])
    }
}
