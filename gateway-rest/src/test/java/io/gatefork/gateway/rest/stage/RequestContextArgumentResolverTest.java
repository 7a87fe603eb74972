package io.gatefork.gateway.rest.stage;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.gatefork.gateway.rest.exchange.RestExchange;
import io.gatefork.gateway.rest.operation.GatewayOperation;
import io.gatefork.gateway.rest.operation.HandlerOperations;
import io.gatefork.service.RequestContext;
import io.gatefork.service.auth.Caller;
import io.gatefork.service.operation.Operation;
import io.gatefork.service.stage.RequestTiming;
import io.gatefork.service.stage.Stage;
import java.lang.reflect.Method;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.core.MethodParameter;
import org.springframework.mock.web.MockHttpServletRequest;
import org.springframework.web.context.request.ServletWebRequest;

class RequestContextArgumentResolverTest {
  private final RequestContextArgumentResolver resolver =
      new RequestContextArgumentResolver(new HandlerOperations());
  private final MockHttpServletRequest request = new MockHttpServletRequest();
  private final RequestTiming timing = RequestTiming.startNow();

  /** Handler methods as controllers declare them. */
  static final class Handlers {
    @GatewayOperation(Operation.COMPLETE_JOB)
    public void completeJob(final String jobKey, final RequestContext context) {}

    public void undeclared(final RequestContext context) {}
  }

  @Test
  void resolvesOnlyTheRequestContext() throws Exception {
    assertThat(resolver.supportsParameter(parameter("completeJob", 1))).isTrue();
    assertThat(resolver.supportsParameter(parameter("completeJob", 0))).isFalse();
  }

  @Test
  void marksTheFiltersTimingEnteredAndNamesTheDeclaredOperationForTheFilter() throws Exception {
    RestExchange.of(request).timing(timing);

    final RequestContext context = resolve("completeJob", 1);

    assertThat(context.timing()).isSameAs(timing);
    assertThat(timing.nanos(Stage.FILTER)).as("accepted -> entered").isNotNegative();
    assertThat(context.operation()).isEqualTo(Operation.COMPLETE_JOB);
    assertThat(RestExchange.of(request).operation()).isEqualTo(Operation.COMPLETE_JOB);
  }

  @Test
  void carriesTheAuthenticatedCaller() throws Exception {
    final Caller ann = Caller.user("ann", null, null, null, List.of(), null, Map.of(), false);
    RestExchange.of(request).caller(ann);

    assertThat(resolve("completeJob", 1).caller()).isSameAs(ann);
  }

  @Test
  void withoutACallerTheCallerIsAnonymous() throws Exception {
    assertThat(resolve("completeJob", 1).caller()).isSameAs(Caller.ANONYMOUS);
  }

  @Test
  void withoutTheStageFilterTimesAnywayButLeavesNothingToRecord() throws Exception {
    final RequestContext context = resolve("completeJob", 1);

    assertThat(context.timing().nanos(Stage.FILTER)).isNotNegative();
    assertThat(context.operation()).isEqualTo(Operation.COMPLETE_JOB);
    assertThat(RestExchange.of(request).operation()).isNull();
  }

  @Test
  void failsNamingAHandlerThatDeclaresNoOperation() {
    assertThatThrownBy(() -> resolve("undeclared", 0))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("Handlers.undeclared")
        .hasMessageContaining("@GatewayOperation");
  }

  @Test
  void aRelabelledRequestIsRecordedAndWordedUnderItsNewOperation() throws Exception {
    RestExchange.of(request).timing(timing);
    final RequestContext context = resolve("completeJob", 1);

    final RequestContext relabelled =
        new OperationLabel(request).relabel(context, Operation.FAIL_JOB);

    assertThat(relabelled.operation()).isEqualTo(Operation.FAIL_JOB);
    assertThat(relabelled.timing()).isSameAs(timing);
    assertThat(relabelled.caller()).isSameAs(context.caller());
    assertThat(RestExchange.of(request).operation()).isEqualTo(Operation.FAIL_JOB);
  }

  private RequestContext resolve(final String handler, final int index) throws Exception {
    return resolver.resolveArgument(
        parameter(handler, index), null, new ServletWebRequest(request), null);
  }

  private static MethodParameter parameter(final String handler, final int index) {
    for (final Method method : Handlers.class.getMethods()) {
      if (method.getName().equals(handler)) {
        return new MethodParameter(method, index);
      }
    }
    throw new IllegalArgumentException(handler);
  }
}
