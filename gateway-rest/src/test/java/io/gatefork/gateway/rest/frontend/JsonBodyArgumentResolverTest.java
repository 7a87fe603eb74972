package io.gatefork.gateway.rest.frontend;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.core.MethodParameter;
import org.springframework.http.converter.HttpMessageNotReadableException;
import org.springframework.mock.web.MockHttpServletRequest;
import org.springframework.mock.web.MockHttpServletResponse;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.support.WebDataBinderFactory;
import org.springframework.web.context.request.NativeWebRequest;
import org.springframework.web.context.request.ServletWebRequest;
import org.springframework.web.method.support.HandlerMethodArgumentResolver;
import org.springframework.web.method.support.ModelAndViewContainer;

/**
 * Which bodies the resolver reads itself, and that what it answers is what Spring MVC's resolver
 * would: the same exceptions for a missing and a broken body. Spring MVC's resolver is a fake here
 * that answers a marker, so a body it was handed shows.
 */
class JsonBodyArgumentResolverTest {
  private static final Object BY_MVC = new Object();

  record Sample(String name, int count) {}

  @SuppressWarnings("unused")
  void handler(
      @RequestBody final Sample body,
      @RequestBody(required = false) final Sample optional,
      @RequestBody final String text) {}

  private final JsonBodyArgumentResolver resolver =
      new JsonBodyArgumentResolver(new SpringMvcResolver(), new ObjectMapper());

  private static final class SpringMvcResolver implements HandlerMethodArgumentResolver {
    @Override
    public boolean supportsParameter(final MethodParameter parameter) {
      return true;
    }

    @Override
    public Object resolveArgument(
        final MethodParameter parameter,
        final ModelAndViewContainer mav,
        final NativeWebRequest request,
        final WebDataBinderFactory binders) {
      return BY_MVC;
    }
  }

  @Test
  void aJsonBodyIsReadWithoutSpringMvc() throws Exception {
    assertThat(resolve(0, "application/json", "{\"name\":\"a\",\"count\":2}"))
        .isEqualTo(new Sample("a", 2));
    assertThat(resolve(0, "application/json;charset=UTF-8", "{\"name\":\"b\",\"count\":3}"))
        .isEqualTo(new Sample("b", 3));
  }

  @Test
  void whatItDoesNotTakeAsItIsGoesToSpringMvc() throws Exception {
    assertThat(resolve(0, "application/json;charset=ISO-8859-1", "{}")).isSameAs(BY_MVC);
    assertThat(resolve(0, "text/plain", "{}")).isSameAs(BY_MVC);
    assertThat(resolve(0, "application/jsonx", "{}")).isSameAs(BY_MVC);
    assertThat(resolve(0, "application/json;charset=nonesuch", "{}")).isSameAs(BY_MVC);
    final var chunked = new MockHttpServletRequest("POST", "/v2/x");
    chunked.setContentType("application/json"); // no Content-Length: Spring MVC looks for a body
    assertThat(
            resolver.resolveArgument(
                parameter(0),
                null,
                new ServletWebRequest(chunked, new MockHttpServletResponse()),
                null))
        .isSameAs(BY_MVC);
  }

  @Test
  void onlyRecordsWithNothingButRequestBodyAreTaken() throws Exception {
    assertThat(resolver.supportsParameter(parameter(0))).isTrue();
    assertThat(resolver.supportsParameter(parameter(1))).isTrue();
    assertThat(resolver.supportsParameter(parameter(2))).isFalse();
  }

  /** No bytes, or the JSON null: Spring MVC checks the value read, not only the stream. */
  @Test
  void aMissingBodyIsRefusedAsSpringMvcRefusesIt() throws Exception {
    for (final String missing : List.of("", "null", " null ")) {
      assertThatThrownBy(() -> resolve(0, "application/json", missing))
          .as("'%s'", missing)
          .isInstanceOf(HttpMessageNotReadableException.class)
          .hasMessageStartingWith("Required request body is missing: ");
      assertThat(resolve(1, "application/json", missing)).as("'%s'", missing).isNull();
    }
  }

  @Test
  void aBrokenBodyCarriesJacksonsErrorForTheFieldDetail() {
    assertThatThrownBy(() -> resolve(0, "application/json", "{\"count\":\"x\"}"))
        .isInstanceOf(HttpMessageNotReadableException.class)
        .hasMessageStartingWith("JSON parse error: ")
        .hasCauseInstanceOf(JsonProcessingException.class);
    assertThatThrownBy(() -> resolve(0, "application/json", "{\"name\":"))
        .isInstanceOf(HttpMessageNotReadableException.class)
        .hasCauseInstanceOf(JsonProcessingException.class);
  }

  private Object resolve(final int parameter, final String contentType, final String body)
      throws Exception {
    return resolver.resolveArgument(parameter(parameter), null, request(contentType, body), null);
  }

  private static ServletWebRequest request(final String contentType, final String body) {
    final var request = new MockHttpServletRequest("POST", "/v2/x");
    request.setContentType(contentType);
    request.setContent(body.getBytes(StandardCharsets.UTF_8));
    return new ServletWebRequest(request, new MockHttpServletResponse());
  }

  private static MethodParameter parameter(final int index) throws NoSuchMethodException {
    final Method method =
        JsonBodyArgumentResolverTest.class.getDeclaredMethod(
            "handler", Sample.class, Sample.class, String.class);
    return new MethodParameter(method, index);
  }
}
