/**
 * Internal: engine partitions (state, stream processor, Zeebe engine). Not part of the public API;
 * public only so that the broker can wire it from its own packages.
 */
package io.gatefork.broker.dev.partition;
