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
}
