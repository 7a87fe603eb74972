package io.gatefork.gateway.app;

import io.camunda.client.CamundaClient;
import io.camunda.zeebe.model.bpmn.Bpmn;
import io.camunda.zeebe.model.bpmn.BpmnModelInstance;

/** Processes, decisions and instance starts the application tests share. */
public final class ProcessFixtures {
  private ProcessFixtures() {}

  /** start → one service task of {@code jobType} → end. */
  public static BpmnModelInstance taskProcess(final String id, final String jobType) {
    return Bpmn.createExecutableProcess(id)
        .startEvent()
        .serviceTask("task", t -> t.zeebeJobType(jobType))
        .endEvent()
        .done();
  }

  /**
   * A decision {@code dish<suffix>} (in definitions {@code dinner<suffix>}) answering "Stew" in
   * winter and "Salad" in summer; the suffix keeps the tests of each protocol apart.
   */
  static String dinnerDmn(final String suffix) {
    return """
        <?xml version="1.0" encoding="UTF-8"?>
        <definitions xmlns="https://www.omg.org/spec/DMN/20191111/MODEL/" id="dinner%1$s"
            name="Dinner" namespace="http://camunda.org/schema/1.0/dmn">
          <decision id="dish%1$s" name="Dish">
            <decisionTable id="table" hitPolicy="UNIQUE">
              <input id="season" label="Season">
                <inputExpression id="seasonExpression" typeRef="string">
                  <text>season</text>
                </inputExpression>
              </input>
              <output id="dishOutput" label="Dish" name="dish" typeRef="string"/>
              <rule id="winterRule">
                <inputEntry id="winterEntry"><text>"Winter"</text></inputEntry>
                <outputEntry id="stewEntry"><text>"Stew"</text></outputEntry>
              </rule>
              <rule id="summerRule">
                <inputEntry id="summerEntry"><text>"Summer"</text></inputEntry>
                <outputEntry id="saladEntry"><text>"Salad"</text></outputEntry>
              </rule>
            </decisionTable>
          </decision>
        </definitions>
        """
        .formatted(suffix);
  }

  /** Starts the latest version of the process; returns the instance key. */
  public static long startLatest(final CamundaClient client, final String processId) {
    return client
        .newCreateInstanceCommand()
        .bpmnProcessId(processId)
        .latestVersion()
        .send()
        .join()
        .getProcessInstanceKey();
  }
}
