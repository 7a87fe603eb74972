/**
 * Internal: commands between partitions, in process for partitions hosted here and over Atomix for
 * partitions hosted by other embedded brokers. Not part of the public API; public only so that the
 * broker can wire it from its own packages.
 */
package io.gatefork.broker.dev.interpartition;
