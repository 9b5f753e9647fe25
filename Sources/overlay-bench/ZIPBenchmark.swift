import Foundation
import OverlayCore
import OverlayPublishing

/// Inflate + CRC of a ~10 MB module-like archive: `ZIPArchive.extractAll` against Python `zipfile`
/// (timed inside the interpreter, same file, same run) and Info-ZIP `unzip -t` / `unzip -p` (whole process).
///
/// Budget (DESIGN.md, Performance): ≥ 325 MB/s (Python `zipfile`'s figure), within 1.2× of Info-ZIP `unzip`.
enum ZIPBenchmark {
    static func run() throws {
        var files: [String: Data] = [:]
        let locales = ["en", "fr", "fr-CA", "de", "ru", "ar", "pl", "ja", "es", "it"]
        for (index, locale) in locales.enumerated() {
            files["\(locale).lproj/Localizable.strings"] = makeTable(bytes: 3_600_000, seed: UInt64(index + 1))
        }
        let archiveData = ZIPWriter.archive(files)
        let inflated = files.values.reduce(0) { $0 + $1.count }
        var limits = ZIPLimits.default
        limits.maxRatio = 1_000
        print("zip: \(files.count) .strings tables, \(inflated) bytes inflated, \(archiveData.count) bytes deflated")
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("overlay-bench-\(getpid()).zip")
        try archiveData.write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }

        let ours = try measure("ZIPArchive(data:) + extractAll (inflate + CRC)", iterations: 30) {
            blackHole(try ZIPArchive(data: archiveData, limits: limits).extractAll())
        }
        let oursMBps = Double(inflated) / ours.medianNanoseconds * 1_000
        let python = try pythonNanoseconds(url.path, iterations: 30)
        print("  Python zipfile read (in-process, CRC-checked): \(rounded(python / 1_000_000)) ms/op (median of 30)")
        let unzipTest = try measure("unzip -tqq (process)", iterations: 15) { try runProcess("/usr/bin/unzip", ["-tqq", url.path]) }
        let unzipPipe = try measure("unzip -p > /dev/null (process)", iterations: 15) { try runProcess("/usr/bin/unzip", ["-p", url.path]) }
        budget("inflate + CRC ≥ 0.9× the speed of Python zipfile (zlib inflate + crc32, nothing else)", Figure(ours),
            fasterThan: Figure("Python zipfile read", python, unit: "ns"), atLeast: 0.9,
            note: "\(rounded(oursMBps)) MB/s against \(rounded(Double(inflated) / python * 1_000)) MB/s")
        budget("extracting a module within 1.2× of Info-ZIP unzip -p", Figure(ours), fasterThan: Figure(unzipPipe), atLeast: 1 / 1.2,
            note: "\(rounded(ours.speedup(over: unzipTest)))× faster than unzip -t")
    }

    /// A `.strings` table of about `bytes` bytes whose values are pseudo-random words, so that it deflates
    /// about 3.5× like real translations (a repeated template would deflate 20× and inflate unrealistically fast).
    static func makeTable(bytes: Int, seed: UInt64) -> Data {
        let words = ["save", "changes", "before", "closing", "Grüße", "aus", "Köln", "messages", "Загрузка", "設定を保存",
            "tap", "done", "to", "finish", "order", "ready", "cart", "items", "%@", "%ld", "the", "your", "new", "account",
            "mot de passe", "paiement", "zamówienie", "الطلب", "Bestellung", "配送", "envío", "spedizione"]
        var state = seed &* 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        var text = ""
        text.reserveCapacity(bytes + 256)
        var key = 0
        while text.utf8.count < bytes {
            text += "/* Screen \(next(400)), element \(next(50)). */\n\"screen\(next(400)).element\(key).title\" = \""
            for index in 0..<(3 + next(12)) { text += (index == 0 ? "" : " ") + words[next(words.count)] }
            text += " \(next(100_000))\";\n\n"
            key += 1
        }
        return Data(text.utf8)
    }

    /// Median nanoseconds of reading every entry into a dict with Python's `zipfile` (the work of
    /// `extractAll`), timed inside the interpreter.
    static func pythonNanoseconds(_ path: String, iterations: Int) throws -> Double {
        let script = """
            import sys, time, zipfile
            import io
            data = open(sys.argv[1], 'rb').read()
            samples = []
            for _ in range(3 + \(iterations)):
                start = time.perf_counter_ns()
                with zipfile.ZipFile(io.BytesIO(data)) as z:
                    files = {info.filename: z.read(info) for info in z.infolist() if not info.is_dir()}
                samples.append(time.perf_counter_ns() - start)
            samples = sorted(samples[3:])
            print(samples[len(samples) // 2])
            """
        let output = try runProcess("/usr/bin/python3", ["-c", script, path], capture: true)
        guard let value = Double(output.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            throw BenchmarkError(message: "python3 printed \(output.debugDescription)")
        }
        return value
    }

    struct BenchmarkError: Error { var message: String }

    @discardableResult
    static func runProcess(_ executable: String, _ arguments: [String], capture: Bool = false) throws -> String {
        // Timed runs go through posix_spawn: Foundation's Process notices an exit only on a 50 ms tick on Linux.
        guard capture else {
            _ = try BenchProcess.spawn(executable, arguments)
            return ""
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = capture ? pipe : FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let output = capture ? pipe.fileHandleForReading.readDataToEndOfFile() : Data()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw BenchmarkError(message: "\(executable) \(arguments.joined(separator: " ")) exited with \(process.terminationStatus)")
        }
        return String(decoding: output, as: UTF8.self)
    }
}
