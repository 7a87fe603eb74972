"""The benchmarks' toolkit: child processes (procs), CPU and connection accounting (accounting),
rounds to figures and markdown (aggregate), operations and load shapes (workload), brokers,
gateways and load tools (harness). It imports no scenario; the scenarios import it."""
