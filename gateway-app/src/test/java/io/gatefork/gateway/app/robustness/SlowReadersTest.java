package io.gatefork.gateway.app.robustness;

import static org.assertj.core.api.Assertions.assertThat;

import io.camunda.client.CamundaClient;
import io.camunda.zeebe.model.bpmn.Bpmn;
import io.gatefork.gateway.app.GatewayTestSupport;
import io.gatefork.service.overload.AdaptiveAdmission;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.TestPropertySource;

/**
 * Clients that send requests whose answers are large and then read none of them (a full socket
 * buffer) hold no gateway thread: REST and gRPC clients beside them are answered while they hold,
 * and a stalled answer's connection is closed after {@code gatefork.rest.write-timeout}. Before the
 * answers were written without blocking, each such client held an API executor thread in its write,
 * and every other answer — gRPC ones too — queued behind them.
 */
@TestPropertySource(properties = "gatefork.rest.write-timeout=3s")
@DirtiesContext // its broker's record journal holds the 32 MB of variables: not for the cache
class SlowReadersTest extends GatewayTestSupport {
  private static final int CLIENTS = 4;
  private static final int PIPELINED = 8;
  private static final int VARIABLE_BYTES = 1 << 20;

  /** A decision whose result is its input {@code big}. */
  private static final String ECHO_DMN =
      """
      <definitions xmlns="https://www.omg.org/spec/DMN/20191111/MODEL/" id="echoDefinitions"
          name="Echo" namespace="http://camunda.org/schema/1.0/dmn">
        <decision id="echoBig" name="Echo">
          <variable id="result" name="result" typeRef="string"/>
          <literalExpression id="echo"><text>big</text></literalExpression>
        </decision>
      </definitions>
      """;

  @Autowired private AdaptiveAdmission admission;

  @Test
  void answersOthersWhileClientsReadNothingAndClosesTheirConnections() throws Exception {
    try (CamundaClient rest = client(true);
        CamundaClient grpc = client(false)) {
      rest.newDeployResourceCommand()
          .addProcessModel(
              Bpmn.createExecutableProcess("echo").startEvent().endEvent().done(), "echo.bpmn")
          .send()
          .join();

      final List<Socket> readers = new ArrayList<>();
      try {
        for (int i = 0; i < CLIENTS; i++) {
          readers.add(nonReader(PIPELINED));
        }
        Thread.sleep(4_000); // their answers fill the socket buffers, and stall

        assertThat(smallRestCreate()).isEqualTo(200);
        assertThat(
                grpc.newCreateInstanceCommand()
                    .bpmnProcessId("echo")
                    .latestVersion()
                    .requestTimeout(Duration.ofSeconds(10))
                    .send()
                    .join(10, java.util.concurrent.TimeUnit.SECONDS)
                    .getProcessInstanceKey())
            .isPositive();

        // past the write timeout the gateway gives the stalled answers up: each connection ends
        // before the client has got its answers
        Thread.sleep(6_000);
        for (final Socket reader : readers) {
          assertThat(bytesUntilClosed(reader)).isLessThan((long) PIPELINED * VARIABLE_BYTES);
        }
      } finally {
        for (final Socket reader : readers) {
          reader.close();
        }
      }
      assertThat(smallRestCreate()).isEqualTo(200);
    }
  }

  /**
   * An answer that stalls on a client that does not read was ready: it holds its connection, never
   * a place among the requests in flight, so a few such clients cannot make admission shed everyone
   * else. Each connection pipelines evaluations of a decision (each one admitted) whose 1 MB result
   * fills its socket buffers.
   */
  @Test
  void stalledAnswersHoldNoPlaceInFlight() throws Exception {
    try (CamundaClient rest = client(true)) {
      rest.newDeployResourceCommand()
          .addResourceString(ECHO_DMN, StandardCharsets.UTF_8, "echo.dmn")
          .send()
          .join();
      rest.newDeployResourceCommand()
          .addProcessModel(
              Bpmn.createExecutableProcess("echo").startEvent().endEvent().done(), "echo.bpmn")
          .send()
          .join();
    }
    final List<Socket> readers = new ArrayList<>();
    try {
      for (int i = 0; i < CLIENTS; i++) {
        readers.add(
            nonReader(
                request(
                    "/v2/decision-definitions/evaluation",
                    "{\"decisionDefinitionId\":\"echoBig\",\"variables\":{\"big\":\""
                        + "x".repeat(VARIABLE_BYTES)
                        + "\"}}"),
                2));
      }
      Thread.sleep(4_000); // the answers fill the socket buffers, and stall
      assertThat(admission.inFlight()).isZero();
      assertThat(smallRestCreate()).isEqualTo(200);
    } finally {
      for (final Socket reader : readers) {
        reader.close();
      }
    }
  }

  /**
   * Answers the gateway has at once, without the broker (the topology, the API document, a 404 for
   * an unknown path, a 405), pipelined by more connections than there are request threads, none
   * read: each connection stalls once its socket buffers are full, holding no request thread.
   * Before these answers went through the non-blocking writer, Spring MVC wrote them blocking on
   * the request thread, and twelve such clients held all eight until Tomcat's 620-s write timeout.
   */
  @Test
  void pipelinedAnswersWithoutTheBrokerHoldNoRequestThread() throws Exception {
    try (CamundaClient rest = client(true)) {
      rest.newDeployResourceCommand()
          .addProcessModel(
              Bpmn.createExecutableProcess("echo").startEvent().endEvent().done(), "echo.bpmn")
          .send()
          .join();
    }
    final String longPath = "/v2/" + "n".repeat(4_000); // a 404 that names it: ~8 KB
    final List<byte[]> kinds =
        List.of(
            get("/v2/topology"),
            get("/v2/openapi.yaml"),
            get(longPath),
            ("DELETE /v2/topology HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
                .getBytes(StandardCharsets.US_ASCII));
    final List<Socket> readers = new ArrayList<>();
    try {
      for (int i = 0; i < 12; i++) {
        // more than any socket buffer takes: each connection stalls long before its last request
        readers.add(nonReader(kinds.get(i % kinds.size()), 20_000));
      }
      Thread.sleep(2_000);

      assertThat(smallRestCreate()).isEqualTo(200);
      final HttpResponse<String> topology =
          HttpClient.newHttpClient()
              .send(
                  HttpRequest.newBuilder(URI.create(baseUrl() + "/v2/topology"))
                      .timeout(Duration.ofSeconds(10))
                      .build(),
                  HttpResponse.BodyHandlers.ofString());
      assertThat(topology.statusCode()).isEqualTo(200);
    } finally {
      for (final Socket reader : readers) {
        reader.close();
      }
    }
  }

  private static byte[] get(final String path) {
    return ("GET " + path + " HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        .getBytes(StandardCharsets.US_ASCII);
  }

  /**
   * A connection with a small receive buffer that pipelines creations whose answers carry a 1 MB
   * variable and reads nothing.
   */
  private Socket nonReader(final int requests) throws IOException {
    return nonReader(
        request(
            "/v2/process-instances",
            "{\"processDefinitionId\":\"echo\",\"awaitCompletion\":true,\"variables\":{\"big\":\""
                + "x".repeat(VARIABLE_BYTES)
                + "\"}}"),
        requests);
  }

  private static byte[] request(final String path, final String json) {
    final byte[] body = json.getBytes(StandardCharsets.UTF_8);
    final byte[] head =
        ("POST "
                + path
                + " HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                + "Content-Length: "
                + body.length
                + "\r\n\r\n")
            .getBytes(StandardCharsets.US_ASCII);
    final byte[] request = new byte[head.length + body.length];
    System.arraycopy(head, 0, request, 0, head.length);
    System.arraycopy(body, 0, request, head.length, body.length);
    return request;
  }

  /** A connection with a small receive buffer that pipelines {@code request} and reads nothing. */
  private Socket nonReader(final byte[] request, final int requests) throws IOException {
    final var socket = new Socket();
    socket.setReceiveBufferSize(4096);
    socket.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), restPort));
    final Thread writer =
        new Thread(
            () -> {
              try {
                final OutputStream out = socket.getOutputStream();
                for (int i = 0; i < requests; i++) {
                  out.write(request);
                }
                out.flush();
              } catch (final IOException closed) {
                // the gateway closed the connection, or the test did
              }
            },
            "non-reader-writer");
    writer.setDaemon(true);
    writer.start();
    return socket;
  }

  private int smallRestCreate() throws Exception {
    final HttpResponse<String> response =
        HttpClient.newHttpClient()
            .send(
                HttpRequest.newBuilder(URI.create(baseUrl() + "/v2/process-instances"))
                    .timeout(Duration.ofSeconds(10))
                    .header("Content-Type", "application/json")
                    .POST(HttpRequest.BodyPublishers.ofString("{\"processDefinitionId\":\"echo\"}"))
                    .build(),
                HttpResponse.BodyHandlers.ofString());
    return response.statusCode();
  }

  /** Reads what the gateway sent until it closed the connection; fails after 20 s. */
  private static long bytesUntilClosed(final Socket socket) throws IOException {
    socket.setSoTimeout(20_000);
    final InputStream in = socket.getInputStream();
    final byte[] buffer = new byte[64 * 1024];
    long total = 0;
    try {
      for (int read; (read = in.read(buffer)) >= 0; ) {
        total += read;
      }
    } catch (final SocketException reset) {
      // closed with data unread: a reset
    }
    return total;
  }
}
