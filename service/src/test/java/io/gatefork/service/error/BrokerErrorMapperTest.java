package io.gatefork.service.error;

import static org.assertj.core.api.Assertions.assertThat;

import io.camunda.zeebe.protocol.record.ErrorCode;
import io.camunda.zeebe.protocol.record.RejectionType;
import io.camunda.zeebe.protocol.record.intent.JobIntent;
import io.camunda.zeebe.protocol.record.intent.ProcessInstanceCreationIntent;
import io.gatefork.broker.client.BrokerClientException;
import io.gatefork.broker.client.BrokerResult;
import java.io.IOException;
import java.net.ConnectException;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeoutException;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;

class BrokerErrorMapperTest {

  @ParameterizedTest(name = "broker error {0} -> {1}")
  @CsvSource({
    "RESOURCE_EXHAUSTED, RESOURCE_EXHAUSTED",
    "PARTITION_LEADER_MISMATCH, UNAVAILABLE",
    "PARTITION_UNAVAILABLE, UNAVAILABLE",
    "PROCESS_NOT_FOUND, NOT_FOUND",
    "MALFORMED_REQUEST, INVALID_ARGUMENT",
    "INTERNAL_ERROR, INTERNAL",
    "UNSUPPORTED_MESSAGE, INTERNAL",
    "INVALID_CLIENT_VERSION, INTERNAL",
    "INVALID_MESSAGE_TEMPLATE, INTERNAL",
    "INVALID_DEPLOYMENT_PARTITION, INTERNAL",
    "SBE_UNKNOWN, INTERNAL"
  })
  void mapsBrokerErrorCodes(final ErrorCode code, final ServiceStatus expected) {
    final var mapped =
        BrokerErrorMapper.fromResult(new BrokerResult.Error<>(1, code, "broker says no"));

    assertThat(mapped.status()).isEqualTo(expected);
    assertThat(mapped.getMessage()).isEqualTo("broker says no");
  }

  @ParameterizedTest(name = "rejection {0} -> {1}")
  @CsvSource({
    "INVALID_ARGUMENT, INVALID_ARGUMENT",
    "NOT_FOUND, NOT_FOUND",
    "ALREADY_EXISTS, ALREADY_EXISTS",
    "INVALID_STATE, INVALID_STATE",
    "UNAUTHORIZED, UNAUTHORIZED",
    "FORBIDDEN, FORBIDDEN",
    "PROCESSING_ERROR, INTERNAL",
    "EXCEEDED_BATCH_RECORD_SIZE, INTERNAL",
    "SBE_UNKNOWN, INTERNAL"
  })
  void mapsRejectionTypes(final RejectionType type, final ServiceStatus expected) {
    final var mapped =
        BrokerErrorMapper.fromResult(
            new BrokerResult.Rejected<>(1, 42L, JobIntent.COMPLETE, type, "reason"));

    assertThat(mapped.status()).isEqualTo(expected);
  }

  @Test
  void rejectionMessageHasTheStockFormat() {
    final var mapped =
        BrokerErrorMapper.fromRejection(
            new BrokerResult.Rejected<>(
                1,
                42L,
                JobIntent.COMPLETE,
                RejectionType.NOT_FOUND,
                "Expected to complete job with key '42', but no such job was found"));

    assertThat(mapped.getMessage())
        .isEqualTo(
            "Command 'COMPLETE' rejected with code 'NOT_FOUND': Expected to complete job with key "
                + "'42', but no such job was found");
  }

  @Test
  void rejectionMessageNamesTheCommandIntent() {
    final var mapped =
        BrokerErrorMapper.fromRejection(
            new BrokerResult.Rejected<>(
                1,
                -1L,
                ProcessInstanceCreationIntent.CREATE,
                RejectionType.INVALID_ARGUMENT,
                "bad"));

    assertThat(mapped.getMessage())
        .isEqualTo("Command 'CREATE' rejected with code 'INVALID_ARGUMENT': bad");
  }

  static Stream<Arguments> clientExceptions() {
    return Stream.of(
        Arguments.of(
            new BrokerClientException.Timeout("JOB#COMPLETE", 15_000),
            ServiceStatus.DEADLINE_EXCEEDED),
        Arguments.of(new BrokerClientException.NoTopology(), ServiceStatus.UNAVAILABLE),
        Arguments.of(new BrokerClientException.PartitionNotFound(9), ServiceStatus.UNAVAILABLE),
        // a key whose partition the cluster lacks names no entity: unknown key, not an outage
        Arguments.of(new BrokerClientException.PartitionNotFound(0, 1), ServiceStatus.NOT_FOUND),
        Arguments.of(new BrokerClientException.NoLeader(2), ServiceStatus.UNAVAILABLE),
        Arguments.of(
            new BrokerClientException.Unavailable("refused", null), ServiceStatus.UNAVAILABLE),
        Arguments.of(
            new BrokerClientException.ConnectionClosed("closed", null), ServiceStatus.ABORTED),
        Arguments.of(
            new BrokerClientException.RetriesExhausted("CREATE", 3),
            ServiceStatus.RESOURCE_EXHAUSTED),
        Arguments.of(new TimeoutException(), ServiceStatus.DEADLINE_EXCEEDED),
        Arguments.of(new ConnectException("refused"), ServiceStatus.UNAVAILABLE),
        Arguments.of(new IOException("disk"), ServiceStatus.INTERNAL),
        Arguments.of(new IllegalStateException("bug"), ServiceStatus.INTERNAL));
  }

  @ParameterizedTest(name = "{0} -> {1}")
  @MethodSource("clientExceptions")
  void mapsFailuresToGetAnAnswer(final Throwable failure, final ServiceStatus expected) {
    assertThat(BrokerErrorMapper.fromThrowable(failure).status()).isEqualTo(expected);
    // futures wrap failures of dependent stages
    assertThat(BrokerErrorMapper.fromThrowable(new CompletionException(failure)).status())
        .isEqualTo(expected);
  }

  @Test
  void keepsTheClientExceptionMessage() {
    final var timeout = new BrokerClientException.Timeout("JOB#COMPLETE", 15_000);

    assertThat(BrokerErrorMapper.fromThrowable(timeout).getMessage())
        .isEqualTo(timeout.getMessage())
        .contains("request timed out between gateway and broker");
  }

  @Test
  void passesServiceExceptionsThrough() {
    final var original =
        new ServiceException(ServiceStatus.INVALID_ARGUMENT, "variables: not an object");

    assertThat(BrokerErrorMapper.fromThrowable(new CompletionException(original)))
        .isSameAs(original);
  }
}
