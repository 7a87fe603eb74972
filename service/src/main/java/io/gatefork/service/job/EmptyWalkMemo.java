package io.gatefork.service.job;

import io.gatefork.broker.client.topology.BrokerTopology;

/**
 * The last walk of a stream's requests that found nothing while every partition answered: until a
 * job of the type is announced (a notification) or refused (both change the notification
 * generation), or the topology changes, a request may wait for a push without walking.
 */
final class EmptyWalkMemo {
  private record EmptyWalk(BrokerTopology topology, long generation) {}

  private volatile EmptyWalk last;

  boolean vouchesFor(final BrokerTopology topology, final long generation) {
    final EmptyWalk walk = last;
    return walk != null && walk.generation == generation && walk.topology == topology;
  }

  void remember(final BrokerTopology topology, final long generation) {
    if (!vouchesFor(topology, generation)) {
      last = new EmptyWalk(topology, generation);
    }
  }

  void forget() {
    last = null;
  }
}
