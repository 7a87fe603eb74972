package io.gatefork.gateway.rest.error;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

class ProblemJsonTest {
  @Test
  void writesAProblemDetailThatJsonParsersReadBackUnchanged() throws Exception {
    final String detail = "a \"quoted\" \\ path\nwith a\ttab and \u0001";
    final String json = ProblemJson.of(401, "UNAUTHORIZED", detail, "/v2/topology");

    final var parsed = new ObjectMapper().readTree(json);
    assertThat(parsed.get("type").asText()).isEqualTo("about:blank");
    assertThat(parsed.get("title").asText()).isEqualTo("UNAUTHORIZED");
    assertThat(parsed.get("status").asInt()).isEqualTo(401);
    assertThat(parsed.get("detail").asText()).isEqualTo(detail);
    assertThat(parsed.get("instance").asText()).isEqualTo("/v2/topology");
  }

  @Test
  void escapesControlCharactersAsUnicodeEscapes() {
    assertThat(ProblemJson.quoted("a\nb\"c\\")).isEqualTo("\"a\\u000ab\\\"c\\\\\"");
  }
}
