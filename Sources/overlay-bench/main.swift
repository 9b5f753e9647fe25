// Benchmarks: each prints its ratio against a baseline measured in the same run.
// Usage: overlay-bench [name …]   (no name runs them all; `list` prints the names)
import Foundation

enum Benchmarks {
    /// Name → benchmark. Add new ones here.
    static let all: [(name: String, run: @Sendable () throws -> Void)] = [
        ("strings", StringsBenchmark.run),
        ("resolver", ResolverBenchmark.run),
        ("zip", ZIPBenchmark.run),
        ("crypto", CryptoBenchmark.run),
        ("validation", ValidationBenchmark.run),
        ("sync", SyncBenchmark.run),
        ("launch", LaunchBenchmark.run),
        ("cli", CLIBenchmark.run),
        ("catalog", CatalogBenchmark.run),
    ]
}

let requested = Array(CommandLine.arguments.dropFirst())
if requested == ["list"] {
    for benchmark in Benchmarks.all { print(benchmark.name) }
    exit(0)
}
let unknown = requested.filter { name in !Benchmarks.all.contains { $0.name == name } }
if !unknown.isEmpty {
    FileHandle.standardError.write(Data("error: unknown benchmark \(unknown.joined(separator: ", ")); try 'overlay-bench list'\n".utf8))
    exit(64)
}
for benchmark in Benchmarks.all where requested.isEmpty || requested.contains(benchmark.name) {
    do {
        try benchmark.run()
    } catch {
        FileHandle.standardError.write(Data("error: \(benchmark.name) failed: \(error)\n".utf8))
        exit(1)
    }
}
