package io.gatefork.gateway.grpc.error;

import io.gatefork.service.validation.FieldViolation;
import io.grpc.Status;

/**
 * Words a refusal of the shared field rules ({@code io.gatefork.service.validation.FieldRules}) as
 * the stock gateway words it over gRPC: {@code INVALID_ARGUMENT "Expected to handle gRPC request
 * <rpc> with ..."}, naming the field by its path in {@code gateway.proto}. The rules themselves are
 * applied once, by the services, for both APIs; REST answers the same refusal with its message.
 */
final class FieldViolationWording {
  private static final String STREAM_ACTIVATED_JOBS = "StreamActivatedJobs";
  private static final String MIGRATE_PROCESS_INSTANCE = "MigrateProcessInstance";
  private static final String AFTER_ELEMENT_ID = "afterElementId";

  private FieldViolationWording() {}

  static Status status(final String rpc, final FieldViolation violation) {
    final String field = protoPath(rpc, violation.field());
    final long value = violation.value();
    final String message =
        switch (violation.rule()) {
          case REQUIRED, BLANK ->
              STREAM_ACTIVATED_JOBS.equals(rpc) && "type".equals(field)
                  ? "Expected to stream activated jobs with type to be present, but it was blank"
                  : expected(rpc, "non-blank '%s', but it was blank".formatted(field));
          case KEY -> expected(rpc, "a valid key in '%s', but it was %d".formatted(field, value));
          case POSITIVE ->
              STREAM_ACTIVATED_JOBS.equals(rpc) && "timeout".equals(field)
                  ? "Expected to stream activated jobs with timeout to be greater than zero, but it"
                      + " was "
                      + value
                  : expected(rpc, "'%s' greater than zero, but it was %d".formatted(field, value));
          case NOT_NEGATIVE ->
              expected(rpc, "'%s' of zero or more, but it was %d".formatted(field, value));
          // stock's words for these are not known: the message, as REST answers it
          case EMPTY, ONE_OF, RANGE, LENGTH, FORMAT, VALUE, TYPE, OTHER -> violation.getMessage();
        };
    return Status.INVALID_ARGUMENT.withDescription(message);
  }

  private static String expected(final String rpc, final String what) {
    return "Expected to handle gRPC request " + rpc + " with " + what;
  }

  /**
   * The services name fields as REST does; where {@code gateway.proto} nests them differently, the
   * proto's path: the migration plan is a message of its own, a runtime instruction a oneof.
   */
  static String protoPath(final String rpc, final String field) {
    if (MIGRATE_PROCESS_INSTANCE.equals(rpc)
        && !"processInstanceKey".equals(field)
        && !"operationReference".equals(field)) {
      return "migrationPlan." + field;
    }
    if (field.startsWith("runtimeInstructions[") && field.endsWith("]." + AFTER_ELEMENT_ID)) {
      final int member = field.length() - AFTER_ELEMENT_ID.length();
      return field.substring(0, member) + "terminate." + field.substring(member);
    }
    return field;
  }
}
