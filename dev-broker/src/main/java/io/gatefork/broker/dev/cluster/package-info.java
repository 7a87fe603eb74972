/**
 * Internal: cluster membership (Atomix member, published BrokerInfo, leaders of remote partitions).
 * Not part of the public API; public only so that the broker can wire it from its own packages.
 */
package io.gatefork.broker.dev.cluster;
