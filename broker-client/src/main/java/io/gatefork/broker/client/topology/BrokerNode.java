package io.gatefork.broker.client.topology;

import io.atomix.utils.net.Address;

/**
 * A broker as its {@code BrokerInfo} describes it.
 *
 * @param nodeId the broker's node id
 * @param memberId its Atomix member id
 * @param commandApiAddress where it serves commands, as published
 * @param commandApi the same, parsed once for the transport
 * @param version the broker's version string
 */
public record BrokerNode(
    int nodeId, String memberId, String commandApiAddress, Address commandApi, String version) {}
