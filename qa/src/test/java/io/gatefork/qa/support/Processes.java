package io.gatefork.qa.support;

import io.camunda.zeebe.model.bpmn.Bpmn;
import io.camunda.zeebe.model.bpmn.BpmnModelInstance;

/** The BPMN models the suite deploys. */
public final class Processes {
  private Processes() {}

  /** start → service task of {@code jobType} → end: an instance waits for a job worker. */
  public static BpmnModelInstance oneServiceTask(final String id, final String jobType) {
    return Bpmn.createExecutableProcess(id)
        .startEvent()
        .serviceTask("task", t -> t.zeebeJobType(jobType))
        .endEvent()
        .done();
  }

  /** start → end: an instance completes as soon as it is created. */
  public static BpmnModelInstance startToEnd(final String id) {
    return Bpmn.createExecutableProcess(id).startEvent().endEvent().done();
  }

  /**
   * start → a job for a streaming worker ({@link #streamedJobType}) → a job for a polling worker
   * ({@link #polledJobType}) → end. {@code name} makes a new version of the same process.
   */
  public static BpmnModelInstance streamedThenPolled(final String id, final String name) {
    return Bpmn.createExecutableProcess(id)
        .name(name)
        .startEvent()
        .serviceTask("streamed", t -> t.zeebeJobType(streamedJobType(id)))
        .serviceTask("polled", t -> t.zeebeJobType(polledJobType(id)))
        .endEvent()
        .done();
  }

  public static String streamedJobType(final String processId) {
    return processId + "-streamed";
  }

  public static String polledJobType(final String processId) {
    return processId + "-polled";
  }
}
