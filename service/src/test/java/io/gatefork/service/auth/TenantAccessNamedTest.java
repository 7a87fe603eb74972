package io.gatefork.service.auth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.gatefork.service.RequestContext;
import io.gatefork.service.error.ServiceException;
import io.gatefork.service.error.ServiceStatus;
import io.gatefork.service.operation.Operation;
import io.gatefork.service.stage.RequestTiming;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The rule as REST applies it ({@link TenantAccess#named}, {@link TenantAccess#namedAll}): the
 * format first, the access with checks on, worded with the operation of the context it is given.
 */
class TenantAccessNamedTest {
  private static final Caller ANN =
      Caller.user("ann", null, null, null, List.of("tenant-a"), null, Map.of(), true);
  private static final RequestContext ANN_CONTEXT = context(ANN, Operation.CREATE_PROCESS_INSTANCE);

  private static RequestContext context(final Caller caller, final Operation operation) {
    return new RequestContext(RequestTiming.startNow(), caller, operation);
  }

  @Test
  void aTenantTheCallerIsNotAuthorizedForIsForbiddenNamingTheOperation() {
    assertThatThrownBy(
            () -> named("tenantId", "tenant-b", context(ANN, Operation.CREATE_PROCESS_INSTANCE)))
        .isInstanceOfSatisfying(
            ServiceException.class, e -> assertThat(e.status()).isEqualTo(ServiceStatus.FORBIDDEN))
        .hasMessage(
            "Expected to handle request Create Process Instance with tenant identifier"
                + " 'tenant-b', but tenant is not authorized to perform this request");
  }

  @Test
  void noTenantWithChecksOnIsAnInvalidArgumentNamingTheOperation() {
    assertThatThrownBy(() -> named("tenantId", null, context(ANN, Operation.PUBLISH_MESSAGE)))
        .isInstanceOfSatisfying(
            ServiceException.class,
            e -> assertThat(e.status()).isEqualTo(ServiceStatus.INVALID_ARGUMENT))
        .hasMessage(
            "Expected to handle request Publish Message with multi-tenancy enabled, but no tenant"
                + " identifier was provided.");
  }

  @Test
  void theRelabelledOperationIsTheOneNamed() {
    final RequestContext withResult =
        context(ANN, Operation.CREATE_PROCESS_INSTANCE)
            .withOperation(Operation.CREATE_PROCESS_INSTANCE_WITH_RESULT);

    assertThatThrownBy(() -> named("tenantId", "tenant-b", withResult))
        .hasMessageStartingWith(
            "Expected to handle request Create Process Instance With Result with tenant");
  }

  @Test
  void theCallersTenantAndAnyTenantWithChecksOffPass() {
    assertThatCode(() -> named("tenantId", "tenant-a", context(ANN, Operation.ACTIVATE_JOBS)))
        .doesNotThrowAnyException();
    assertThatCode(
            () -> named("tenantId", "tenant-b", context(Caller.ANONYMOUS, Operation.ACTIVATE_JOBS)))
        .doesNotThrowAnyException();
  }

  @Test
  void aJobActivationNamingAForeignTenantIsForbidden() {
    final RequestContext context = context(ANN, Operation.ACTIVATE_JOBS);

    assertThatCode(() -> namedAll("tenantIds", List.of(), context)).doesNotThrowAnyException();
    assertThatThrownBy(() -> namedAll("tenantIds", List.of("tenant-a", "tenant-c"), context))
        .hasMessage(
            "Expected to handle request Activate Jobs with tenant identifier 'tenant-c', but tenant"
                + " is not authorized to perform this request");
  }

  @Test
  void theRefusalNamesTheFieldTheHandlerRead() {
    assertThatThrownBy(
            () ->
                named(
                    "resources[0].tenantId",
                    "tenant-b",
                    context(ANN, Operation.CREATE_PROCESS_INSTANCE)))
        .isInstanceOfSatisfying(
            TenantRefusal.class, e -> assertThat(e.field()).isEqualTo("resources[0].tenantId"));
    assertThatThrownBy(
            () ->
                namedAll(
                    "filter.tenantIds", List.of("tenant-c"), context(ANN, Operation.ACTIVATE_JOBS)))
        .isInstanceOfSatisfying(
            TenantRefusal.class, e -> assertThat(e.field()).isEqualTo("filter.tenantIds"));
  }

  @Test
  void aTenantIdIsCheckedForItsFormatBeforeItsAccess() {
    final RequestContext anonymous = RequestContext.create();
    assertThat(named("tenantId", "tenant-a", anonymous)).isEqualTo("tenant-a");
    assertThatThrownBy(() -> named("tenantId", "a b", ANN_CONTEXT))
        .hasMessageStartingWith("tenantId: must be '<default>' or contain only");
    assertThatThrownBy(() -> namedAll("tenantIds", Arrays.asList((String) null), anonymous))
        .hasMessage("tenantIds[0]: must not be null");
  }

  private static String named(
      final String field, final String value, final RequestContext context) {
    return TenantAccess.named(context.caller(), context.operation(), field, value);
  }

  private static List<String> namedAll(
      final String field, final List<String> values, final RequestContext context) {
    return TenantAccess.namedAll(context.caller(), context.operation(), field, values);
  }
}
