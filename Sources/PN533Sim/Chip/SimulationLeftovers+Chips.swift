extension SimulationLeftovers {
    /// Adds the frames `chips` sent their hosts that were never read: a response nobody
    /// collected means a host gave up on a command the chip completed.
    public mutating func addUnreadFrames(of chips: [PN533Firmware]) {
        for chip in chips where chip.unreadFrames > 0 {
            unreadFrames[chip.name, default: 0] += chip.unreadFrames
        }
    }
}
