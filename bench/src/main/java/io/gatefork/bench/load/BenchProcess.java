package io.gatefork.bench.load;

/**
 * The process the load runs, deployed by whoever drives the load (bench/cost/workload_bench.py
 * deploys examples/order.bpmn): its id, the job type of its service tasks, and the element whose
 * job's completion completes an instance.
 */
public record BenchProcess(String processId, String jobType, String lastTaskId) {}
