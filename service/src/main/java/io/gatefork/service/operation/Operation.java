package io.gatefork.service.operation;

import static io.gatefork.service.operation.AdmissionPolicy.BYPASS;
import static io.gatefork.service.operation.AdmissionPolicy.CHECKED;
import static io.gatefork.service.operation.AdmissionPolicy.LIMITED;

/**
 * Every operation the gateway serves, one vocabulary for both front ends: REST handlers declare
 * theirs, gRPC methods map to theirs. Each carries the value of the {@code operation} tag its
 * requests are recorded under ({@code gatefork.request.stage}, {@code gatefork.overload.shed}; the
 * same value for both APIs, so one dashboard compares them, and unchanged, since dashboards query
 * it) and how admission treats it ({@link AdmissionPolicy}; {@link AdmissionPolicy#LIMITED} unless
 * said otherwise).
 *
 * <p>Not limited: what frees the cluster (the commands the brokers' own limiter spares), what waits
 * rather than works, and what stays in the gateway.
 */
public enum Operation {
  TOPOLOGY("topology", BYPASS), // stays in the gateway
  STATUS("status", BYPASS), // stays in the gateway
  DEPLOY_RESOURCES("deploy-resources", BYPASS), // frees the cluster
  /** gRPC only: the deprecated deployment RPC. */
  DEPLOY_PROCESS("deploy-process", BYPASS), // frees the cluster
  CREATE_PROCESS_INSTANCE("create-process-instance"),
  /** awaitCompletion=true: its latency is the instance's run time, so it gets its own tag. */
  CREATE_PROCESS_INSTANCE_WITH_RESULT("create-process-instance-with-result", CHECKED),
  CANCEL_PROCESS_INSTANCE("cancel-process-instance", BYPASS), // frees the cluster
  ACTIVATE_JOBS("activate-jobs", BYPASS), // waits rather than works
  /** gRPC only: a long-lived job stream, no request latency to time. */
  STREAM_ACTIVATED_JOBS("stream-activated-jobs", BYPASS), // waits rather than works
  COMPLETE_JOB("complete-job", BYPASS), // frees the cluster
  FAIL_JOB("fail-job", BYPASS), // frees the cluster
  THROW_JOB_ERROR("throw-job-error"),
  PUBLISH_MESSAGE("publish-message"),
  UPDATE_JOB("update-job"),
  /** gRPC only: REST updates retries and timeout in one {@link #UPDATE_JOB}. */
  UPDATE_JOB_RETRIES("update-job-retries"),
  UPDATE_JOB_TIMEOUT("update-job-timeout"),
  RESOLVE_INCIDENT("resolve-incident"),
  SET_VARIABLES("set-variables"),
  ACTIVATE_AD_HOC_ACTIVITIES("activate-ad-hoc-sub-process-activities"),
  BROADCAST_SIGNAL("broadcast-signal"),
  CORRELATE_MESSAGE("correlate-message"),
  EVALUATE_DECISION("evaluate-decision"),
  DELETE_RESOURCE("delete-resource"),
  GET_RESOURCE("get-resource"),
  GET_RESOURCE_CONTENT("get-resource-content"),
  MODIFY_PROCESS_INSTANCE("modify-process-instance"),
  MIGRATE_PROCESS_INSTANCE("migrate-process-instance"),
  ASSIGN_USER_TASK("assign-user-task"),
  UNASSIGN_USER_TASK("unassign-user-task"),
  COMPLETE_USER_TASK("complete-user-task"),
  UPDATE_USER_TASK("update-user-task"),
  PIN_CLOCK("pin-clock"),
  RESET_CLOCK("reset-clock"),
  CANCEL_BATCH_OPERATION("cancel-batch-operation"),
  SUSPEND_BATCH_OPERATION("suspend-batch-operation"),
  RESUME_BATCH_OPERATION("resume-batch-operation"),
  CREATE_CANCELLATION_BATCH_OPERATION("create-cancellation-batch-operation"),
  CREATE_INCIDENT_RESOLUTION_BATCH_OPERATION("create-incident-resolution-batch-operation"),
  CREATE_MIGRATION_BATCH_OPERATION("create-migration-batch-operation"),
  CREATE_MODIFICATION_BATCH_OPERATION("create-modification-batch-operation"),
  CREATE_DOCUMENT("create-document", BYPASS), // stays in the gateway
  CREATE_DOCUMENTS("create-documents", BYPASS), // stays in the gateway
  GET_DOCUMENT("get-document", BYPASS), // stays in the gateway
  DELETE_DOCUMENT("delete-document", BYPASS), // stays in the gateway
  CREATE_DOCUMENT_LINK("create-document-link", BYPASS), // stays in the gateway
  LICENSE("license", BYPASS), // stays in the gateway
  AUTHENTICATION("authentication", BYPASS), // stays in the gateway
  /** Identity commands share one tag per record type and command, e.g. {@code create-group}. */
  CREATE_USER("create-user"),
  UPDATE_USER("update-user"),
  DELETE_USER("delete-user"),
  CREATE_ADMIN_USER("create-admin-user"),
  CREATE_GROUP("create-group"),
  UPDATE_GROUP("update-group"),
  DELETE_GROUP("delete-group"),
  ASSIGN_GROUP_MEMBER("assign-group-member"),
  UNASSIGN_GROUP_MEMBER("unassign-group-member"),
  CREATE_ROLE("create-role"),
  UPDATE_ROLE("update-role"),
  DELETE_ROLE("delete-role"),
  ASSIGN_ROLE_MEMBER("assign-role-member"),
  UNASSIGN_ROLE_MEMBER("unassign-role-member"),
  CREATE_TENANT("create-tenant"),
  UPDATE_TENANT("update-tenant"),
  DELETE_TENANT("delete-tenant"),
  ASSIGN_TENANT_MEMBER("assign-tenant-member"),
  UNASSIGN_TENANT_MEMBER("unassign-tenant-member"),
  CREATE_MAPPING_RULE("create-mapping-rule"),
  UPDATE_MAPPING_RULE("update-mapping-rule"),
  DELETE_MAPPING_RULE("delete-mapping-rule"),
  CREATE_AUTHORIZATION("create-authorization"),
  UPDATE_AUTHORIZATION("update-authorization"),
  DELETE_AUTHORIZATION("delete-authorization");

  private final String tag;
  private final AdmissionPolicy admission;

  Operation(final String tag) {
    this(tag, LIMITED);
  }

  Operation(final String tag, final AdmissionPolicy admission) {
    this.tag = tag;
    this.admission = admission;
  }

  /** The value of the {@code operation} tag, e.g. {@code create-process-instance}. */
  public String tag() {
    return tag;
  }

  /** How admission treats the operation's requests. */
  public AdmissionPolicy admission() {
    return admission;
  }
}
