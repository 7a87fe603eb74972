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

  private RestOperations() {}
}
