"""The benchmarks' toolkit: child processes (procs), CPU and connection accounting (accounting),
rounds to figures and markdown (aggregate), operations and load shapes (workload), the harness a
scenario subclasses (harness) with brokers and gateways (cluster, setup_calls), load tools
(load_tools) and warm-up (warmup), the results file (results), and the overload cells' parts
(overload_*). It imports no scenario; the scenarios import it."""
