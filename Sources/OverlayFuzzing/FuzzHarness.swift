/// libFuzzer harnesses of the parsers and writers, run by `scripts/fuzz.sh` through the `Fuzz/` package's executables.
///
/// They live here, not in `Fuzz/`, because the parsers are `package` API: only targets of this package see them.
/// Each harness traps (a precondition) on a broken invariant, which libFuzzer reports as a crash.
public enum FuzzHarness {}
