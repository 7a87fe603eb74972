package io.gatefork.gateway.app.overload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.camunda.zeebe.gateway.protocol.GatewayGrpc;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.CreateProcessInstanceRequest;
import io.gatefork.gateway.app.GatewayTestSupport;
import io.gatefork.service.overload.AdaptiveAdmission;
import io.grpc.ManagedChannel;
import io.grpc.ManagedChannelBuilder;
import io.grpc.Metadata;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.stub.MetadataUtils;
import io.micrometer.core.instrument.MeterRegistry;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.test.context.TestPropertySource;

/**
 * With basic authentication, admission shares its limit by the verified client, not by the address
 * every client here connects from (127.0.0.1): a credential the gateway verified before names its
 * user; one not verified yet, wrong or made up is its address, so no client chooses the caller it
 * counts as.
 */
@TestPropertySource(
    properties = {
      "camunda.security.authentication.unprotected-api=false",
      "camunda.security.authentication.method=basic",
      "camunda.security.initialization.users[0].username=ann",
      "camunda.security.initialization.users[0].password=ann-secret",
      "camunda.security.initialization.users[1].username=bob",
      "camunda.security.initialization.users[1].password=bob-secret",
      "camunda.security.initialization.users[2].username=cy",
      "camunda.security.initialization.users[2].password=cy-secret",
      "gatefork.overload.limit=adaptive",
    })
class VerifiedCallerAdmissionTest extends GatewayTestSupport {
  private static final HttpClient HTTP = HttpClient.newHttpClient();

  @Autowired private MeterRegistry registry;

  private static String basic(final String user, final String password) {
    return "Basic "
        + Base64.getEncoder()
            .encodeToString((user + ":" + password).getBytes(StandardCharsets.UTF_8));
  }

  /** An admitted operation (topology bypasses admission), answered 400 or 401 before the broker. */
  private int create(final String authorization) throws Exception {
    return HTTP.send(
            HttpRequest.newBuilder(URI.create(baseUrl() + "/v2/process-instances"))
                .header("Authorization", authorization)
                .header("Content-Type", "application/json")
                .timeout(Duration.ofSeconds(20))
                .POST(HttpRequest.BodyPublishers.ofString("{}"))
                .build(),
            HttpResponse.BodyHandlers.discarding())
        .statusCode();
  }

  private double callers() {
    return registry.get(AdaptiveAdmission.CALLERS_METER).gauge().value();
  }

  @Test
  void verifiedClientsAreCallersOfTheirOwnAndClaimedOnesAreTheirAddress() throws Exception {
    // the first request of each credential is verified after admission: the address
    assertThat(create(basic("ann", "ann-secret"))).isEqualTo(400);
    assertThat(create(basic("bob", "bob-secret"))).isEqualTo(400);
    assertThat(callers()).isEqualTo(1.0);

    assertThat(create(basic("ann", "ann-secret"))).isEqualTo(400);
    assertThat(create(basic("bob", "bob-secret"))).isEqualTo(400);
    assertThat(callers()).as("127.0.0.1, ann, bob").isEqualTo(3.0);

    for (int i = 0; i < 2; i++) {
      assertThat(create(basic("ann", "guess-" + i))).isEqualTo(401);
      assertThat(create(basic("mallory-" + i, "x"))).isEqualTo(401);
    }
    assertThat(callers()).as("claimed identities count as their address").isEqualTo(3.0);

    // gRPC names callers alike: cy's first call is verified after admission, the second is cy's
    final ManagedChannel channel =
        ManagedChannelBuilder.forAddress("127.0.0.1", grpcPort).usePlaintext().build();
    try {
      final var headers = new Metadata();
      headers.put(
          Metadata.Key.of("authorization", Metadata.ASCII_STRING_MARSHALLER),
          basic("cy", "cy-secret"));
      final var stub =
          GatewayGrpc.newBlockingStub(channel)
              .withInterceptors(MetadataUtils.newAttachHeadersInterceptor(headers))
              .withDeadlineAfter(20, TimeUnit.SECONDS);
      for (int i = 0; i < 2; i++) {
        // admitted, refused as bad input before the broker
        assertThatThrownBy(
                () -> stub.createProcessInstance(CreateProcessInstanceRequest.getDefaultInstance()))
            .isInstanceOfSatisfying(
                StatusRuntimeException.class,
                e -> assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.INVALID_ARGUMENT));
      }
    } finally {
      channel.shutdownNow();
    }
    assertThat(callers()).as("127.0.0.1, ann, bob, cy").isEqualTo(4.0);
  }
}
