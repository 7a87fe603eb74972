/**
 * A development and test broker for gatefork: real Zeebe 8.8 engine partitions behind the real
 * command API transport. Not a production broker (no replication, no durability).
 *
 * <p>Public API: {@link io.gatefork.broker.embedded.EmbeddedBroker}, {@link
 * io.gatefork.broker.embedded.EmbeddedBrokerConfig}, {@link
 * io.gatefork.broker.embedded.BrokerCommandCounter}, {@link
 * io.gatefork.broker.embedded.RecordJournal}, {@link io.gatefork.broker.embedded.JournalRecord} and
 * the standalone {@link io.gatefork.broker.embedded.EmbeddedBrokerMain}; {@code
 * io.gatefork.broker.embedded.spring} starts one inside a Spring Boot application. The other
 * subpackages are internal.
 */
package io.gatefork.broker.embedded;
