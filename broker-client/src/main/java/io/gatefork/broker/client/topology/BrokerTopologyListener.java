package io.gatefork.broker.client.topology;

/** Told about brokers joining and leaving, and about every new topology snapshot. */
public interface BrokerTopologyListener {

  default void brokerAdded(final BrokerNode broker) {}

  default void brokerRemoved(final BrokerNode broker) {}

  default void topologyChanged(final BrokerTopology topology) {}
}
