package io.gatefork.bench.report;

/** One stage of one operation in the window: from the gateway's histogram, in milliseconds. */
public record StageStat(long count, double meanMs, double p50Ms, double p99Ms) {}
