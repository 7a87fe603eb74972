package io.gatefork.broker.dev;

import io.atomix.cluster.AtomixCluster;
import io.atomix.cluster.ClusterMembershipEvent;
import io.atomix.cluster.Member;
import io.atomix.cluster.MemberId;
import io.atomix.cluster.discovery.BootstrapDiscoveryProvider;
import io.atomix.cluster.protocol.SwimMembershipProtocol;
import io.atomix.utils.net.Address;
import io.camunda.zeebe.protocol.impl.encoding.BrokerInfo;
import io.camunda.zeebe.protocol.record.ErrorCode;
import io.camunda.zeebe.protocol.record.ErrorResponseDecoder;
import io.camunda.zeebe.protocol.record.ExecuteCommandRequestEncoder;
import io.camunda.zeebe.protocol.record.ExecuteCommandResponseDecoder;
import io.camunda.zeebe.protocol.record.MessageHeaderDecoder;
import io.camunda.zeebe.protocol.record.MessageHeaderEncoder;
import io.camunda.zeebe.protocol.record.RecordType;
import io.camunda.zeebe.protocol.record.RejectionType;
import io.camunda.zeebe.protocol.record.ValueType;
import io.camunda.zeebe.protocol.record.intent.Intent;
import io.camunda.zeebe.util.buffer.BufferReader;
import io.camunda.zeebe.util.buffer.BufferWriter;
import io.micrometer.core.instrument.composite.CompositeMeterRegistry;
import java.time.Duration;
import java.util.Map;
import java.util.Queue;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import org.awaitility.Awaitility;

/**
 * A minimal gateway stand-in for tests: its own Atomix member, topology from the brokers'
 * BrokerInfo and SBE command requests sent with {@code MessagingService.sendAndReceive} on the
 * topic {@code command-api-<partition>}, exactly as the real gateway's transport does.
 */
final class TestCommandClient implements AutoCloseable {

  static final Duration REQUEST_TIMEOUT = Duration.ofSeconds(15);

  private final AtomixCluster cluster;
  private final Map<Integer, Address> leaders = new ConcurrentHashMap<>();
  private final Queue<String> jobsAvailable = new ConcurrentLinkedQueue<>();

  private TestCommandClient(final AtomixCluster cluster) {
    this.cluster = cluster;
  }

  static TestCommandClient connect(final String clusterName, final String... contactPoints) {
    final var registry = new CompositeMeterRegistry();
    final int port = FreePorts.next();
    final var cluster =
        AtomixCluster.builder(registry)
            .withClusterId(clusterName)
            .withMemberId("test-client-" + UUID.randomUUID())
            .withAddress(Address.from("127.0.0.1", port))
            .withMembershipProvider(
                BootstrapDiscoveryProvider.builder()
                    .withNodes(
                        java.util.Arrays.stream(contactPoints)
                            .map(Address::from)
                            .toArray(Address[]::new))
                    .build())
            .withMembershipProtocol(
                SwimMembershipProtocol.builder(registry)
                    .withFailureTimeout(Duration.ofSeconds(4))
                    .build())
            .build();
    cluster.start().join();
    final var client = new TestCommandClient(cluster);
    cluster.getMembershipService().addListener(client::onMembershipEvent);
    cluster.getMembershipService().getMembers().forEach(client::learn);
    cluster
        .getEventService()
        .subscribe(
            "jobsAvailable",
            (String jobType) -> {
              client.jobsAvailable.add(jobType);
              return CompletableFuture.completedFuture(null);
            })
        .join();
    return client;
  }

  AtomixCluster cluster() {
    return cluster;
  }

  /** Job types announced on the {@code jobsAvailable} topic so far. */
  Queue<String> jobsAvailable() {
    return jobsAvailable;
  }

  /** The BrokerInfo a broker publishes, as this member sees it (null if not seen yet). */
  BrokerInfo brokerInfo(final int nodeId) {
    final Member member = cluster.getMembershipService().getMember(MemberId.from("" + nodeId));
    return member == null ? null : BrokerInfo.fromProperties(member.properties());
  }

  /** Waits until a leader is known for each of the partitions. */
  void awaitLeaders(final int... partitions) {
    Awaitility.await("leaders of partitions")
        .atMost(Duration.ofSeconds(30))
        .pollInterval(Duration.ofMillis(20))
        .until(() -> java.util.Arrays.stream(partitions).allMatch(p -> leaders.containsKey(p)));
  }

  Response send(
      final int partitionId,
      final ValueType valueType,
      final Intent intent,
      final long key,
      final BufferWriter value) {
    return sendAsync(partitionId, valueType, intent, key, value)
        .orTimeout(REQUEST_TIMEOUT.toMillis() + 1000, TimeUnit.MILLISECONDS)
        .join();
  }

  Response send(
      final int partitionId,
      final ValueType valueType,
      final Intent intent,
      final BufferWriter value) {
    return send(partitionId, valueType, intent, ExecuteCommandRequestEncoder.keyNullValue(), value);
  }

  CompletableFuture<Response> sendAsync(
      final int partitionId,
      final ValueType valueType,
      final Intent intent,
      final long key,
      final BufferWriter value) {
    final Address leader = leaders.get(partitionId);
    if (leader == null) {
      return CompletableFuture.failedFuture(
          new IllegalStateException("no leader known for partition " + partitionId));
    }
    return sendAsyncTo(leader, partitionId, valueType, intent, key, value);
  }

  /** Sends to the given broker, whatever leader this client knows. */
  Response sendTo(
      final String brokerAddress,
      final int partitionId,
      final ValueType valueType,
      final Intent intent,
      final BufferWriter value) {
    return sendAsyncTo(
            Address.from(brokerAddress),
            partitionId,
            valueType,
            intent,
            ExecuteCommandRequestEncoder.keyNullValue(),
            value)
        .orTimeout(REQUEST_TIMEOUT.toMillis() + 1000, TimeUnit.MILLISECONDS)
        .join();
  }

  private CompletableFuture<Response> sendAsyncTo(
      final Address leader,
      final int partitionId,
      final ValueType valueType,
      final Intent intent,
      final long key,
      final BufferWriter value) {
    return cluster
        .getMessagingService()
        .sendAndReceive(
            leader,
            "command-api-" + partitionId,
            encode(partitionId, valueType, intent, key, value),
            true,
            REQUEST_TIMEOUT)
        .thenApply(bytes -> Response.decode(new UnsafeBuffer(bytes)));
  }

  static byte[] encode(
      final int partitionId,
      final ValueType valueType,
      final Intent intent,
      final long key,
      final BufferWriter value) {
    final byte[] valueBytes = new byte[value.getLength()];
    value.write(new UnsafeBuffer(valueBytes), 0);
    final int length =
        MessageHeaderEncoder.ENCODED_LENGTH
            + ExecuteCommandRequestEncoder.BLOCK_LENGTH
            + ExecuteCommandRequestEncoder.valueHeaderLength()
            + valueBytes.length
            + ExecuteCommandRequestEncoder.authorizationHeaderLength();
    final var buffer = new UnsafeBuffer(new byte[length]);
    new ExecuteCommandRequestEncoder()
        .wrapAndApplyHeader(buffer, 0, new MessageHeaderEncoder())
        .partitionId(partitionId)
        .key(key)
        .operationReference(ExecuteCommandRequestEncoder.operationReferenceNullValue())
        .valueType(valueType)
        .intent(intent.value())
        .putValue(valueBytes, 0, valueBytes.length)
        .putAuthorization(new byte[0], 0, 0);
    return buffer.byteArray();
  }

  private void onMembershipEvent(final ClusterMembershipEvent event) {
    if (event.type() == ClusterMembershipEvent.Type.MEMBER_REMOVED) {
      leaders.values().removeIf(address -> address.equals(event.subject().address()));
    } else {
      learn(event.subject());
    }
  }

  private void learn(final Member member) {
    final BrokerInfo info = BrokerInfo.fromProperties(member.properties());
    if (info != null) {
      final Address commandApi = Address.from(info.getCommandApiAddress());
      info.consumePartitions(
          (partition, term) -> leaders.put(partition, commandApi), f -> {}, i -> {});
    }
  }

  @Override
  public void close() {
    cluster.stop().join();
  }

  /** A decoded broker answer: an ExecuteCommandResponse, or an ErrorResponse. */
  record Response(
      ErrorCode errorCode,
      String errorMessage,
      int partitionId,
      long key,
      RecordType recordType,
      ValueType valueType,
      Intent intent,
      RejectionType rejectionType,
      String rejectionReason,
      DirectBuffer value) {

    boolean isError() {
      return errorCode != null;
    }

    boolean isRejection() {
      return !isError() && recordType == RecordType.COMMAND_REJECTION;
    }

    /** Reads the response value into the given record. */
    <T extends BufferReader> T valueAs(final T record) {
      record.wrap(value, 0, value.capacity());
      return record;
    }

    static Response decode(final DirectBuffer buffer) {
      final var header = new MessageHeaderDecoder().wrap(buffer, 0);
      if (header.templateId() == ErrorResponseDecoder.TEMPLATE_ID) {
        final var error = new ErrorResponseDecoder().wrapAndApplyHeader(buffer, 0, header);
        return new Response(
            error.errorCode(), error.errorData(), -1, -1, null, null, null, null, null, null);
      }
      final var response =
          new ExecuteCommandResponseDecoder().wrapAndApplyHeader(buffer, 0, header);
      final int partitionId = response.partitionId();
      final long key = response.key();
      final RecordType recordType = response.recordType();
      final ValueType valueType = response.valueType();
      final Intent intent = Intent.fromProtocolValue(valueType, response.intent());
      final RejectionType rejectionType = response.rejectionType();
      final int valueLength = response.valueLength();
      final int valueOffset = response.limit() + ExecuteCommandResponseDecoder.valueHeaderLength();
      final var value = new UnsafeBuffer(new byte[valueLength]);
      value.putBytes(0, buffer, valueOffset, valueLength);
      response.skipValue();
      final String reason = response.rejectionReason();
      return new Response(
          null,
          null,
          partitionId,
          key,
          recordType,
          valueType,
          intent,
          rejectionType,
          reason,
          value);
    }

    @Override
    public String toString() {
      return isError()
          ? "ErrorResponse{" + errorCode + ": " + errorMessage + "}"
          : "Response{p=%d key=%d %s %s.%s%s}"
              .formatted(
                  partitionId,
                  key,
                  recordType,
                  valueType,
                  intent,
                  isRejection() ? " " + rejectionType + " '" + rejectionReason + "'" : "");
    }
  }
}
