package io.gatefork.gateway.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.camunda.zeebe.gateway.protocol.GatewayGrpc;
import io.gatefork.gateway.app.connection.Http11Connection;
import io.grpc.CallOptions;
import io.grpc.ManagedChannelBuilder;
import io.grpc.MethodDescriptor;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.stub.ClientCalls;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * What a client names in a request (an HTTP method, a gRPC method) never becomes a meter tag value
 * of its own: made-up names all land on one series, so no client can grow the scrape.
 */
class MeterTagBoundsTest extends GatewayTestSupport {

  @Test
  void madeUpHttpMethodsShareOneSeries() throws IOException {
    try (var connection = new Http11Connection(restPort)) {
      // one first, so the series it lands on exists before counting
      connection.send("FOO0", "/v2/topology", null, null);
      prometheusScrape(); // the scrape's own series, too
      final long before = series("http_server_requests_seconds_count{");

      for (int i = 1; i <= 200; i++) {
        assertThat(connection.send("FOO" + i, "/v2/topology", null, null).status())
            .isGreaterThanOrEqualTo(400);
      }

      assertThat(series("http_server_requests_seconds_count{")).isEqualTo(before);
      assertThat(prometheusScrape()).contains("method=\"UNKNOWN\"").doesNotContain("method=\"FOO");
    }
  }

  @Test
  void standardHttpMethodsKeepTheirName() throws IOException {
    try (var connection = new Http11Connection(restPort)) {
      connection.send("GET", "/v2/topology", null, null);
      connection.send("PATCH", "/v2/topology", null, null);
    }
    assertThat(prometheusScrape()).contains("method=\"GET\"").contains("method=\"PATCH\"");
  }

  @Test
  void unknownGrpcMethodsAddNoSeries() {
    final var channel = ManagedChannelBuilder.forAddress("127.0.0.1", grpcPort).usePlaintext();
    final var open = channel.build();
    try {
      unknownCall(open, GatewayGrpc.SERVICE_NAME, "Warmup");
      prometheusScrape();
      final long before = series("grpc_server_");
      final long stagesBefore = series("gatefork_request_stage_seconds_count{");

      for (int i = 0; i < 100; i++) {
        unknownCall(open, GatewayGrpc.SERVICE_NAME, "Made" + i);
        unknownCall(open, "made.up.Service" + i, "Call");
      }

      assertThat(series("grpc_server_")).isEqualTo(before);
      assertThat(series("gatefork_request_stage_seconds_count{")).isEqualTo(stagesBefore);
      assertThat(prometheusScrape()).doesNotContain("Made1").doesNotContain("made.up");
    } finally {
      open.shutdownNow();
    }
  }

  private static void unknownCall(
      final io.grpc.Channel channel, final String service, final String method) {
    final MethodDescriptor<byte[], byte[]> descriptor =
        MethodDescriptor.<byte[], byte[]>newBuilder()
            .setType(MethodDescriptor.MethodType.UNARY)
            .setFullMethodName(MethodDescriptor.generateFullMethodName(service, method))
            .setRequestMarshaller(Bytes.INSTANCE)
            .setResponseMarshaller(Bytes.INSTANCE)
            .build();
    assertThatThrownBy(
            () ->
                ClientCalls.blockingUnaryCall(
                    channel,
                    descriptor,
                    CallOptions.DEFAULT.withDeadlineAfter(20, TimeUnit.SECONDS),
                    new byte[0]))
        .isInstanceOfSatisfying(
            StatusRuntimeException.class,
            e -> assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.UNIMPLEMENTED));
  }

  /** The number of exported series whose line starts with this prefix. */
  private long series(final String prefix) {
    return prometheusScrape().lines().filter(l -> l.startsWith(prefix)).count();
  }

  private enum Bytes implements MethodDescriptor.Marshaller<byte[]> {
    INSTANCE;

    @Override
    public InputStream stream(final byte[] value) {
      return new ByteArrayInputStream(value);
    }

    @Override
    public byte[] parse(final InputStream stream) {
      try {
        return stream.readAllBytes();
      } catch (final IOException e) {
        throw new UncheckedIOException(e);
      }
    }
  }
}
