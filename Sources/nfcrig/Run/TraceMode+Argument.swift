import ArgumentParser
import Conformance

extension TraceMode: ExpressibleByArgument {}
