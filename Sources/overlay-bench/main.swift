// Benchmarks: each prints its ratio against a baseline measured in the same run.
print("overlay-bench")
