/**
 * A development and test broker for gatefork: real Zeebe 8.8 engine partitions behind the real
 * command API transport. Not a production broker (no replication, no durability).
 *
 * <p>Public API: {@link io.gatefork.broker.dev.EmbeddedBroker}, {@link
 * io.gatefork.broker.dev.EmbeddedBrokerConfig}, {@link
 * io.gatefork.broker.dev.BrokerCommandCounter}, {@link io.gatefork.broker.dev.RecordJournal},
 * {@link io.gatefork.broker.dev.JournalRecord} and the standalone {@link
 * io.gatefork.broker.dev.EmbeddedBrokerMain}; {@code io.gatefork.broker.dev.spring} starts one
 * inside a Spring Boot application. The other subpackages are internal.
 */
package io.gatefork.broker.dev;
