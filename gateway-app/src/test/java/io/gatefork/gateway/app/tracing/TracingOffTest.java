package io.gatefork.gateway.app.tracing;

import static org.assertj.core.api.Assertions.assertThat;

import io.gatefork.gateway.app.GatewayTestSupport;
import io.gatefork.service.stage.RequestTracer;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.context.ApplicationContext;

/**
 * Without an OTLP endpoint nothing of tracing exists: no tracer of the gateway's, none of Spring
 * Boot's or OpenTelemetry's, and answers name no trace.
 */
class TracingOffTest extends GatewayTestSupport {
  @Autowired ApplicationContext context;

  @Test
  void withoutAnEndpointThereIsNoTracerAtAll() throws Exception {
    assertThat(context.getBeanNamesForType(RequestTracer.class)).isEmpty();
    assertThat(context.getBeanNamesForType(io.opentelemetry.api.OpenTelemetry.class)).isEmpty();
    assertThat(context.getBeanNamesForType(io.micrometer.tracing.Tracer.class)).isEmpty();

    final HttpResponse<String> response =
        HttpClient.newHttpClient()
            .send(
                HttpRequest.newBuilder(URI.create(baseUrl() + "/v2/topology"))
                    .header(
                        "traceparent", "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01")
                    .build(),
                HttpResponse.BodyHandlers.ofString());
    assertThat(response.statusCode()).isEqualTo(200);
    assertThat(response.headers().firstValue("traceresponse")).isEmpty();
  }
}
