package io.gatefork.broker.client.jobs;

import java.util.Set;

/**
 * One job stream as this gateway registered it.
 *
 * @param jobType the job type it streams
 * @param worker the worker name the jobs are activated for
 * @param connectedBrokers member ids of the brokers that acknowledged the stream, i.e. push to it
 */
public record JobStreamInfo(String jobType, String worker, Set<String> connectedBrokers) {}
