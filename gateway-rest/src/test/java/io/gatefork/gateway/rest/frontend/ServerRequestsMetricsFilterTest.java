package io.gatefork.gateway.rest.frontend;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Tag values as Spring's DefaultServerRequestObservationConvention gives them. */
class ServerRequestsMetricsFilterTest {

  @Test
  void uriIsTheMatchedPatternOrWhatSpringCallsRequestsWithoutOne() {
    assertThat(ServerRequestsMetricsFilter.uri("/v2/jobs/{jobKey}/completion", 404))
        .isEqualTo("/v2/jobs/{jobKey}/completion");
    assertThat(ServerRequestsMetricsFilter.uri("", 200)).isEqualTo("root");
    assertThat(ServerRequestsMetricsFilter.uri(null, 404)).isEqualTo("NOT_FOUND");
    assertThat(ServerRequestsMetricsFilter.uri(null, 302)).isEqualTo("REDIRECTION");
    assertThat(ServerRequestsMetricsFilter.uri(null, 403)).isEqualTo("UNKNOWN");
  }

  @Test
  void methodIsOneOfTheStandardOnesOrUnknown() {
    for (final String standard :
        new String[] {"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "TRACE"}) {
      assertThat(ServerRequestsMetricsFilter.method(standard)).isEqualTo(standard);
    }
    assertThat(ServerRequestsMetricsFilter.method("FOO123")).isEqualTo("UNKNOWN");
    assertThat(ServerRequestsMetricsFilter.method("get")).isEqualTo("UNKNOWN");
    assertThat(ServerRequestsMetricsFilter.method(null)).isEqualTo("UNKNOWN");
  }

  @Test
  void outcomeFollowsTheStatusClass() {
    assertThat(ServerRequestsMetricsFilter.outcome(101)).isEqualTo("INFORMATIONAL");
    assertThat(ServerRequestsMetricsFilter.outcome(204)).isEqualTo("SUCCESS");
    assertThat(ServerRequestsMetricsFilter.outcome(304)).isEqualTo("REDIRECTION");
    assertThat(ServerRequestsMetricsFilter.outcome(400)).isEqualTo("CLIENT_ERROR");
    assertThat(ServerRequestsMetricsFilter.outcome(503)).isEqualTo("SERVER_ERROR");
    assertThat(ServerRequestsMetricsFilter.outcome(0)).isEqualTo("UNKNOWN");
  }
}
