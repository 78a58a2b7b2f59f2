import Foundation

extension GateDocument {
    /// Writes the HTML page to `html` and the Markdown to `markdown` (either may be nil),
    /// the Markdown's plots into a folder beside it (`gate.md` → `gate-plots/`). Each file
    /// is written atomically (a temporary file renamed over the old one), so a reader never
    /// sees half a comparison.
    ///
    /// - Throws: ``GateWriteError`` naming the option, the path and the cause: a folder
    ///   that does not exist, a path that is a folder, no permission.
    public func write(html: String? = nil, markdown: String? = nil) throws(GateWriteError) {
        if let html {
            try Self.write(Data(GateHTML.render(self).utf8), to: html, option: "--html")
        }
        if let markdown {
            let url = URL(fileURLWithPath: markdown)
            let folderName = url.deletingPathExtension().lastPathComponent + "-plots"
            let output = GateMarkdown.render(self, plotsFolder: folderName)
            try Self.checkParent(of: markdown, option: "--markdown")
            if !output.plots.isEmpty {
                let folder = url.deletingLastPathComponent().appendingPathComponent(
                    folderName, isDirectory: true)
                do {
                    try FileManager.default.createDirectory(
                        at: folder, withIntermediateDirectories: false)
                } catch  where FileManager.default.isDirectory(folder.path) {
                    // Already there: the plots are replaced one by one.
                } catch {
                    throw GateWriteError(
                        option: "--markdown", path: folder.path, reason: Self.describe(error))
                }
                for plot in output.plots {
                    try Self.write(
                        Data(plot.svg.utf8), to: folder.appendingPathComponent(plot.name).path,
                        option: "--markdown")
                }
            }
            try Self.write(Data(output.text.utf8), to: markdown, option: "--markdown")
        }
    }

    /// Fails early, with a clear cause, on a path whose folder is missing or that is a
    /// folder itself: what `Data.write` would report obscurely. `option` names the file's
    /// option in the error.
    public static func checkParent(of path: String, option: String) throws(GateWriteError) {
        guard !path.isEmpty else {
            throw GateWriteError(option: option, path: path, reason: "the path is empty")
        }
        let url = URL(fileURLWithPath: path)
        if FileManager.default.isDirectory(url.path) {
            throw GateWriteError(option: option, path: path, reason: "it is a folder")
        }
        let parent = url.deletingLastPathComponent().path
        guard FileManager.default.isDirectory(parent) else {
            throw GateWriteError(
                option: option, path: path, reason: "its folder \(parent) does not exist")
        }
    }

    private static func write(_ data: Data, to path: String, option: String)
        throws(GateWriteError)
    {
        try checkParent(of: path, option: option)
        do {
            try data.write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw GateWriteError(option: option, path: path, reason: describe(error))
        }
    }

    private static func describe(_ error: any Error) -> String {
        let error = error as NSError
        if let underlying = error.userInfo[NSUnderlyingErrorKey] as? NSError,
            underlying.domain == NSPOSIXErrorDomain,
            let code = POSIXErrorCode(rawValue: Int32(underlying.code))
        {
            return POSIXError(code).localizedDescription
        }
        return error.localizedDescription
    }
}

extension FileManager {
    fileprivate func isDirectory(_ path: String) -> Bool {
        var directory: ObjCBool = false
        return fileExists(atPath: path, isDirectory: &directory) && directory.boolValue
    }
}
