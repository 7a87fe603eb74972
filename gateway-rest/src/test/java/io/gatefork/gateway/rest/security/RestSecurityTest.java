package io.gatefork.gateway.rest.security;

import static org.assertj.core.api.Assertions.assertThat;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;

import io.gatefork.gateway.rest.support.RestTestSupport;
import io.gatefork.service.message.MessagePublished;
import jakarta.servlet.DispatcherType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.context.ApplicationContext;
import org.springframework.http.MediaType;
import org.springframework.security.config.observation.SecurityObservationSettings;
import org.springframework.security.web.SecurityFilterChain;

class RestSecurityTest extends RestTestSupport {
  @Autowired private ApplicationContext context;

  @Test
  void statusIsOpen() throws Exception {
    assertThat(mvc.perform(get("/v2/status")).andReturn().getResponse().getStatus()).isEqualTo(204);
  }

  @Test
  void apiIsOpenWithoutCredentials() throws Exception {
    fakes.messages.publish.succeedWith(new MessagePublished(1, "<default>"));

    final var result =
        performAsync(
            post("/v2/messages/publication")
                .contentType(MediaType.APPLICATION_JSON)
                .content("{\"name\": \"n\"}"));

    assertThat(result.andReturn().getResponse().getStatus()).isEqualTo(200);
  }

  @Test
  void actuatorIsOpen() throws Exception {
    assertThat(mvc.perform(get("/actuator/health")).andReturn().getResponse().getStatus())
        .isNotIn(401, 403);
  }

  @Test
  void everythingElseIsDenied() throws Exception {
    for (final String path :
        new String[] {"/", "/v1/topology", "/operate", "/v3/api-docs", "/api/v2/topology"}) {
      assertThat(mvc.perform(get(path)).andReturn().getResponse().getStatus())
          .as(path)
          .isEqualTo(403);
    }
    assertThat(fakes.calls()).isZero();
  }

  @ParameterizedTest
  @EnumSource(
      value = DispatcherType.class,
      names = {"ASYNC", "ERROR"})
  void asyncAndErrorDispatchesAreNotAuthorizedAgain(final DispatcherType dispatch)
      throws Exception {
    // a path the REQUEST dispatch denies passes the chain on a later dispatch: the decision
    // was made once, on the REQUEST dispatch
    final var response =
        mvc.perform(
                get("/somewhere/else")
                    .with(
                        request -> {
                          request.setDispatcherType(dispatch);
                          return request;
                        }))
            .andReturn()
            .getResponse();

    assertThat(response.getStatus()).isNotIn(401, 403);
  }

  @Test
  void theLeanApiChainComesFirstAndObservationsAreOff() {
    assertThat(context.getBeansOfType(SecurityFilterChain.class))
        .containsOnlyKeys("gatewayRestLeanApiFilterChain", "gatewayRestSecurityFilterChain");
    // unprotected API: the security headers are the only work on an API request
    assertThat(
            context
                .getBean("gatewayRestLeanApiFilterChain", SecurityFilterChain.class)
                .getFilters())
        .extracting(filter -> filter.getClass().getSimpleName())
        .containsExactly("HeaderWriterFilter");
    assertThat(context.getBean(SecurityObservationSettings.class).shouldObserveRequests())
        .isFalse();
    assertThat(context.getBean(SecurityObservationSettings.class).shouldObserveAuthentications())
        .isFalse();
    assertThat(context.getBean(SecurityObservationSettings.class).shouldObserveAuthorizations())
        .isFalse();
  }

  @Test
  void csrfIsOffForTheApi() throws Exception {
    fakes.jobs.complete.succeedWith(null);

    // a POST without CSRF token and without session succeeds
    final var result = performAsync(post("/v2/jobs/1/completion"));

    assertThat(result.andReturn().getResponse().getStatus()).isEqualTo(204);
    assertThat(result.andReturn().getRequest().getSession(false)).isNull();
  }
}
