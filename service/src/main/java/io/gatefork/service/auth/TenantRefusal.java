package io.gatefork.service.auth;

import io.gatefork.service.auth.TenantAccess.Verdict;
import io.gatefork.service.error.ServiceException;
import io.gatefork.service.error.ServiceStatus;
import io.gatefork.service.operation.Operation;
import java.util.List;

/**
 * A tenant the caller may not act in ({@link TenantAccess}): the verdict, the field and the tenant
 * id, so that each front end can word it as the stock gateway does, as a {@code FieldViolation}
 * does for the field rules. The message is REST's stock wording ({@code Expected to handle request
 * Create Process Instance with ...}), which REST answers as it is; gRPC words it per RPC.
 */
public final class TenantRefusal extends ServiceException {
  private final Verdict verdict;
  private final String field;
  private final String tenantId;
  private final List<String> tenantIds;

  TenantRefusal(
      final Verdict verdict,
      final Operation operation,
      final String field,
      final String tenantId,
      final List<String> tenantIds) {
    super(
        verdict == Verdict.NOT_AUTHORIZED
            ? ServiceStatus.FORBIDDEN
            : ServiceStatus.INVALID_ARGUMENT,
        message(verdict, commandName(operation), tenantId));
    this.verdict = verdict;
    this.field = field;
    this.tenantId = tenantId;
    this.tenantIds = tenantIds;
  }

  public Verdict verdict() {
    return verdict;
  }

  /** The field that named the tenant, e.g. {@code tenantId} or {@code tenantIds}. */
  public String field() {
    return field;
  }

  /** The refused tenant id, as given (null or blank when {@link Verdict#MISSING}). */
  public String tenantId() {
    return tenantId;
  }

  /** Every tenant id the request named, the refused one among them. */
  public List<String> tenantIds() {
    return tenantIds;
  }

  private static String message(final Verdict verdict, final String command, final String tenant) {
    return switch (verdict) {
      case MISSING ->
          "Expected to handle request %s with multi-tenancy enabled, but no tenant identifier was provided."
              .formatted(command);
      case NOT_AUTHORIZED ->
          "Expected to handle request %s with tenant identifier '%s', but tenant is not authorized to perform this request"
              .formatted(command, tenant);
      case MULTI_TENANCY_DISABLED ->
          "Expected to handle request %s with tenant identifier '%s', but multi-tenancy is disabled"
              .formatted(command, tenant);
      case ALLOWED -> throw new IllegalArgumentException("an allowed tenant is not refused");
    };
  }

  /**
   * The stock name of an operation, as upstream's messages use it: {@code create-process-instance}
   * becomes {@code Create Process Instance}.
   */
  static String commandName(final Operation operation) {
    if (operation == null) {
      return "Request"; // not named by the front end (gRPC words its own; tests call directly)
    }
    final String tag = operation.tag();
    final var name = new StringBuilder(tag.length());
    boolean wordStart = true;
    for (int i = 0; i < tag.length(); i++) {
      final char c = tag.charAt(i);
      if (c == '-') {
        name.append(' ');
        wordStart = true;
      } else {
        name.append(wordStart ? Character.toUpperCase(c) : c);
        wordStart = false;
      }
    }
    return name.toString();
  }
}
