package io.gatefork.gateway.grpc.endpoint;

import static org.assertj.core.api.Assertions.assertThat;

import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.CompleteJobRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.CreateProcessInstanceRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.JobResult;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.JobResultActivateElement;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.JobResultCorrections;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.ProcessInstanceCreationRuntimeInstruction;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.StringList;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.TerminateProcessInstanceInstruction;
import io.gatefork.service.codec.JsonDocument;
import io.gatefork.service.job.JobCompletionResult;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Proto presence decides what a job result corrects; runtime instructions keep their order. */
class JobResultMappingTest {

  @Test
  void withoutResultThereIsNoJobResult() {
    assertThat(GatewayRequestMapper.jobResult(CompleteJobRequest.newBuilder().setJobKey(1).build()))
        .isNull();
  }

  @Test
  void onlyTheCorrectionsThatAreSetAreCorrectedAndEmptyListsClear() {
    final var request =
        CompleteJobRequest.newBuilder()
            .setJobKey(1)
            .setResult(
                JobResult.newBuilder()
                    .setCorrections(
                        JobResultCorrections.newBuilder()
                            .setAssignee("")
                            .setCandidateGroups(StringList.getDefaultInstance())
                            .setPriority(70)))
            .build();

    assertThat(GatewayRequestMapper.jobResult(request))
        .isEqualTo(
            new JobCompletionResult.UserTask(
                false,
                null,
                new JobCompletionResult.Corrections("", null, null, null, List.of(), 70)));
  }

  @Test
  void aDenialCarriesItsReason() {
    final var request =
        CompleteJobRequest.newBuilder()
            .setJobKey(1)
            .setResult(
                JobResult.newBuilder().setType("userTask").setDenied(true).setDeniedReason("no"))
            .build();

    assertThat(GatewayRequestMapper.jobResult(request))
        .isEqualTo(new JobCompletionResult.UserTask(true, "no", null));
  }

  @Test
  void anAdHocResultActivatesItsElementsWithTheirVariables() {
    final var request =
        CompleteJobRequest.newBuilder()
            .setJobKey(1)
            .setResult(
                JobResult.newBuilder()
                    .setType("adHocSubProcess")
                    .addActivateElements(
                        JobResultActivateElement.newBuilder()
                            .setElementId("a")
                            .setVariables("{\"x\":1}"))
                    .addActivateElements(JobResultActivateElement.newBuilder().setElementId("b"))
                    .setIsCompletionConditionFulfilled(true))
            .build();

    assertThat(GatewayRequestMapper.jobResult(request))
        .isEqualTo(
            new JobCompletionResult.AdHocSubProcess(
                List.of(
                    new JobCompletionResult.ActivateElement("a", JsonDocument.ofJson("{\"x\":1}")),
                    new JobCompletionResult.ActivateElement("b", null)),
                true,
                false));
  }

  @Test
  void terminateInstructionsBecomeTheElementsToTerminateAfter() {
    final var request =
        CreateProcessInstanceRequest.newBuilder()
            .setBpmnProcessId("p")
            .addRuntimeInstructions(
                ProcessInstanceCreationRuntimeInstruction.newBuilder()
                    .setTerminate(
                        TerminateProcessInstanceInstruction.newBuilder().setAfterElementId("a")))
            .addRuntimeInstructions(
                ProcessInstanceCreationRuntimeInstruction.newBuilder()
                    .setTerminate(
                        TerminateProcessInstanceInstruction.newBuilder().setAfterElementId("b")))
            .build();

    assertThat(GatewayRequestMapper.command(request).terminateAfterElementIds())
        .containsExactly("a", "b");
  }
}
