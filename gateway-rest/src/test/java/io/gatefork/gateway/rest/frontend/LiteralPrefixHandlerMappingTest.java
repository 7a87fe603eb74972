package io.gatefork.gateway.rest.frontend;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.springframework.web.bind.annotation.RequestMethod;
import org.springframework.web.servlet.mvc.method.RequestMappingInfo;
import org.springframework.web.util.pattern.PathPatternParser;

class LiteralPrefixHandlerMappingTest {
  private static RequestMappingInfo mapping(final String... paths) {
    final var options = new RequestMappingInfo.BuilderConfiguration();
    options.setPatternParser(PathPatternParser.defaultInstance);
    return RequestMappingInfo.paths(paths).methods(RequestMethod.POST).options(options).build();
  }

  @Test
  void aPatternIsTestedByItsTextBeforeTheFirstVariableOrWildcard() {
    assertThat(LiteralPrefixHandlerMapping.literals(mapping("/v2/jobs/{jobKey}/completion")))
        .containsExactly("/v2/jobs/");
    assertThat(LiteralPrefixHandlerMapping.literals(mapping("/v2/topology")))
        .containsExactly("/v2/topology");
    assertThat(LiteralPrefixHandlerMapping.literals(mapping("/v2/a/*", "/v2/b/**")))
        .containsExactlyInAnyOrder("/v2/a/", "/v2/b/");
  }

  @Test
  void aPatternStartingWithAVariableNeedsOnlyTheLeadingSlash() {
    assertThat(LiteralPrefixHandlerMapping.literals(mapping("/{any}"))).containsExactly("/");
  }
}
