package io.gatefork.bench.load;

import io.camunda.zeebe.model.bpmn.Bpmn;
import io.camunda.zeebe.model.bpmn.BpmnModelInstance;
import io.camunda.zeebe.model.bpmn.builder.AbstractFlowNodeBuilder;

/**
 * The benchmark's process: a start event, {@code tasks} service tasks of one job type in a row, an
 * end event (the upstream benchmark's one-task process, and a ten-task variant).
 */
public record BenchProcess(String processId, String jobType, int tasks, BpmnModelInstance model) {
  public static final String JOB_TYPE = "bench-task";

  public static BenchProcess withTasks(final int tasks) {
    final String processId = tasks == 1 ? "bench-one-task" : "bench-" + tasks + "-tasks";
    AbstractFlowNodeBuilder<?, ?> builder =
        Bpmn.createExecutableProcess(processId).startEvent("start");
    for (int i = 1; i <= tasks; i++) {
      builder = builder.serviceTask(taskId(i), task -> task.zeebeJobType(JOB_TYPE));
    }
    return new BenchProcess(processId, JOB_TYPE, tasks, builder.endEvent("end").done());
  }

  /** The element whose completion completes the instance. */
  public String lastTaskId() {
    return taskId(tasks);
  }

  public String resourceName() {
    return processId + ".bpmn";
  }

  private static String taskId(final int i) {
    return "task-" + i;
  }
}
