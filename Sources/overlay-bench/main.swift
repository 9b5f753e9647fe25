// Benchmarks: each prints its ratio against a baseline measured in the same run.
import Foundation

enum Benchmarks {
    /// Name → benchmark. Add new ones here.
    static let all: [(name: String, summary: String, run: @Sendable () throws -> Void)] = [
        ("strings", "parse one 2,000-key .strings table against PropertyListSerialization", StringsBenchmark.run),
        ("resolver", "lookups and rendering against a [String: String] read, Bundle and interpolation", ResolverBenchmark.run),
        ("contention", "two threads reading one LocalizedTable against one thread", ContentionBenchmark.run),
        ("zip", "inflate + CRC against Python zipfile and Info-ZIP unzip", ZIPBenchmark.run),
        ("crypto", "SHA-256 and Ed25519 against sha256sum and openssl speed", CryptoBenchmark.run),
        ("validation", "validating a module against the bare parse of its tables", ValidationBenchmark.run),
        ("sync", "a full sync and a 304 cycle against nginx, against curl + unzip", SyncBenchmark.run),
        ("launch", "cold launch to the first lookup, in fresh child processes", LaunchBenchmark.run),
        ("memory", "resident bytes of a Localizer against the tables' bytes and a [String: String]", MemoryBenchmark.run),
        ("publish", "publishing 30 modules × 12 locales × 2,000 keys against zip -X -r + sha256sum", PublishBenchmark.run),
        ("cli", "commands that do little against an empty Swift + Foundation process", CLIBenchmark.run),
        ("catalog", "check and publish of a real app's catalog, a million-entry one, and an 82-locale one's memory", CatalogBenchmark.run),
        ("fleet", "1,000 devices syncing through Varnish: what reaches the origin against a fleet of 100", FleetBenchmark.run),
    ]
}

let help = """
    overlay-bench — measures every performance budget of docs/DESIGN.md against a baseline in the same run

    USAGE: overlay-bench [--quick] [--json] [NAME ...]
           overlay-bench list

    Each benchmark times Overlay and, in the same run, a baseline (a Dictionary read, Foundation's parsers, Python's
    zipfile, unzip, curl, sha256sum, an empty process) and judges the budget by their ratio, so a loaded machine
    slows both sides and cannot flip a verdict. Absolute figures are printed beside as references.

    OPTIONS:
      --quick   a tenth of the iterations and the smaller workloads: a smoke test that every benchmark still runs
                (CI runs it); its timings are noisy and its verdicts are not a measurement
      --json    the report as JSON on stdout (every figure, and every budget with its baseline, ratio, limit and
                verdict); the running commentary goes to stderr
      --help    this text

    Build first: swift build -c release --static-swift-stdlib  (the sync and cli benchmarks run the
    overlay binary built beside overlay-bench). Results and the commands that produced them: BENCHMARKS.md.

    BENCHMARKS:
    \(Benchmarks.all.map { "  \($0.name.padding(toLength: 12, withPad: " ", startingAt: 0))\($0.summary)" }.joined(separator: "\n"))

    EXIT: 0 when every benchmark ran (whatever the verdicts), 1 when one failed to run, 64 on a usage error.
    """

var requested: [String] = []
var json = false
for argument in CommandLine.arguments.dropFirst() {
    switch argument {
    case "--help", "-h": print(help); exit(0)
    case "--quick": BenchRun.quick = true
    case "--json": json = true
    case "list":
        for benchmark in Benchmarks.all { print(benchmark.name) }
        exit(0)
    default:
        if argument.hasPrefix("-") {
            FileHandle.standardError.write(Data("error: unknown option \(argument); try 'overlay-bench --help'\n".utf8))
            exit(64)
        }
        requested.append(argument)
    }
}
let unknown = requested.filter { name in !Benchmarks.all.contains { $0.name == name } }
if !unknown.isEmpty {
    FileHandle.standardError.write(Data("error: unknown benchmark \(unknown.joined(separator: ", ")); try 'overlay-bench list'\n".utf8))
    exit(64)
}
// With --json the commentary moves to stderr and stdout carries only the report.
let reportOutput = json ? dup(STDOUT_FILENO) : STDOUT_FILENO
if json { dup2(STDERR_FILENO, STDOUT_FILENO) }
var ran: [String] = []
for benchmark in Benchmarks.all where requested.isEmpty || requested.contains(benchmark.name) {
    BenchRun.current = benchmark.name
    do {
        try benchmark.run()
        ran.append(benchmark.name)
    } catch {
        // The commentary is buffered; flushed first, the error is the last line of a shared log.
        fflush(nil)
        FileHandle.standardError.write(Data("error: \(benchmark.name) failed: \(error)\n".utf8))
        exit(1)
    }
}
let budgets = BenchRecords.shared.allBudgets
let missed = budgets.filter { $0.verdict == .missed }
print("overlay-bench: \(budgets.filter { $0.verdict == .met }.count) budgets met, \(missed.count) missed"
    + (missed.isEmpty ? "" : " (\(missed.map { "\($0.benchmark): \($0.budget)" }.joined(separator: "; ")))")
    + (BenchRun.quick ? " — --quick: not a measurement" : ""))
if json {
    fflush(nil)
    do {
        var data = try BenchRecords.shared.json(benchmarks: ran)
        data.append(0x0A)
        FileHandle(fileDescriptor: reportOutput, closeOnDealloc: false).write(data)
    } catch {
        FileHandle.standardError.write(Data("error: the JSON report could not be written: \(error)\n".utf8))
        exit(1)
    }
}
