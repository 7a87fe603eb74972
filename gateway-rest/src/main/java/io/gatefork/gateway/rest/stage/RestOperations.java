package io.gatefork.gateway.rest.stage;

/** Values of the {@code operation} tag of {@code gatefork.request.stage} for REST requests. */
public final class RestOperations {
  public static final String TOPOLOGY = "topology";
  public static final String STATUS = "status";
  public static final String DEPLOY_RESOURCES = "deploy-resources";
  public static final String CREATE_PROCESS_INSTANCE = "create-process-instance";

  /** awaitCompletion=true: its latency is the instance's run time, so it gets its own tag */
  public static final String CREATE_PROCESS_INSTANCE_WITH_RESULT =
      "create-process-instance-with-result";

  public static final String CANCEL_PROCESS_INSTANCE = "cancel-process-instance";
  public static final String ACTIVATE_JOBS = "activate-jobs";
  public static final String COMPLETE_JOB = "complete-job";
  public static final String FAIL_JOB = "fail-job";
  public static final String THROW_JOB_ERROR = "throw-job-error";
  public static final String PUBLISH_MESSAGE = "publish-message";
  public static final String UPDATE_JOB = "update-job";
  public static final String RESOLVE_INCIDENT = "resolve-incident";
  public static final String SET_VARIABLES = "set-variables";
  public static final String ACTIVATE_AD_HOC_ACTIVITIES = "activate-ad-hoc-sub-process-activities";
  public static final String BROADCAST_SIGNAL = "broadcast-signal";
  public static final String CORRELATE_MESSAGE = "correlate-message";
  public static final String EVALUATE_DECISION = "evaluate-decision";
  public static final String DELETE_RESOURCE = "delete-resource";
  public static final String GET_RESOURCE = "get-resource";
  public static final String GET_RESOURCE_CONTENT = "get-resource-content";
  public static final String MODIFY_PROCESS_INSTANCE = "modify-process-instance";
  public static final String MIGRATE_PROCESS_INSTANCE = "migrate-process-instance";
  public static final String ASSIGN_USER_TASK = "assign-user-task";
  public static final String UNASSIGN_USER_TASK = "unassign-user-task";
  public static final String COMPLETE_USER_TASK = "complete-user-task";
  public static final String UPDATE_USER_TASK = "update-user-task";
  public static final String PIN_CLOCK = "pin-clock";
  public static final String RESET_CLOCK = "reset-clock";
  public static final String CANCEL_BATCH_OPERATION = "cancel-batch-operation";
  public static final String SUSPEND_BATCH_OPERATION = "suspend-batch-operation";
  public static final String RESUME_BATCH_OPERATION = "resume-batch-operation";
  public static final String CREATE_CANCELLATION_BATCH_OPERATION =
      "create-cancellation-batch-operation";
  public static final String CREATE_INCIDENT_RESOLUTION_BATCH_OPERATION =
      "create-incident-resolution-batch-operation";
  public static final String CREATE_MIGRATION_BATCH_OPERATION = "create-migration-batch-operation";
  public static final String CREATE_MODIFICATION_BATCH_OPERATION =
      "create-modification-batch-operation";
  public static final String CREATE_DOCUMENT = "create-document";
  public static final String CREATE_DOCUMENTS = "create-documents";
  public static final String GET_DOCUMENT = "get-document";
  public static final String DELETE_DOCUMENT = "delete-document";
  public static final String CREATE_DOCUMENT_LINK = "create-document-link";
  public static final String LICENSE = "license";
  public static final String AUTHENTICATION = "authentication";

  /** Identity commands share one tag per record type and command, e.g. {@code create-group}. */
  public static final String CREATE_USER = "create-user";

  public static final String UPDATE_USER = "update-user";
  public static final String DELETE_USER = "delete-user";
  public static final String CREATE_ADMIN_USER = "create-admin-user";
  public static final String CREATE_GROUP = "create-group";
  public static final String UPDATE_GROUP = "update-group";
  public static final String DELETE_GROUP = "delete-group";
  public static final String ASSIGN_GROUP_MEMBER = "assign-group-member";
  public static final String UNASSIGN_GROUP_MEMBER = "unassign-group-member";
  public static final String CREATE_ROLE = "create-role";
  public static final String UPDATE_ROLE = "update-role";
  public static final String DELETE_ROLE = "delete-role";
  public static final String ASSIGN_ROLE_MEMBER = "assign-role-member";
  public static final String UNASSIGN_ROLE_MEMBER = "unassign-role-member";
  public static final String CREATE_TENANT = "create-tenant";
  public static final String UPDATE_TENANT = "update-tenant";
  public static final String DELETE_TENANT = "delete-tenant";
  public static final String ASSIGN_TENANT_MEMBER = "assign-tenant-member";
  public static final String UNASSIGN_TENANT_MEMBER = "unassign-tenant-member";
  public static final String CREATE_MAPPING_RULE = "create-mapping-rule";
  public static final String UPDATE_MAPPING_RULE = "update-mapping-rule";
  public static final String DELETE_MAPPING_RULE = "delete-mapping-rule";
  public static final String CREATE_AUTHORIZATION = "create-authorization";
  public static final String UPDATE_AUTHORIZATION = "update-authorization";
  public static final String DELETE_AUTHORIZATION = "delete-authorization";

  private RestOperations() {}
}
