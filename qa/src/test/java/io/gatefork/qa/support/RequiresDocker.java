package io.gatefork.qa.support;

import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExecutionCondition;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Runs container tests only where a Docker engine answers. Without one, a developer's build skips
 * them and says so in one line; with {@code -Dqa.docker.required=true} (CI) every container test
 * class fails instead, so a broken CI machine cannot pass by skipping.
 */
public final class RequiresDocker implements ExecutionCondition {
  private static final AtomicBoolean SKIP_REPORTED = new AtomicBoolean();

  @Override
  public ConditionEvaluationResult evaluateExecutionCondition(final ExtensionContext context) {
    final var probe = DockerEngine.probe();
    if (probe.available()) {
      return ConditionEvaluationResult.enabled("Docker engine at " + probe.endpoint());
    }
    final String reason =
        "no Docker engine answers at " + probe.endpoint() + " (" + probe.problem() + ")";
    if (QaSettings.dockerRequired()) {
      throw new IllegalStateException(
          "qa.docker.required=true but " + reason + ": the container suite cannot run");
    }
    if (SKIP_REPORTED.compareAndSet(false, true)) {
      System.out.println(
          "[qa] SKIPPING the container suite: "
              + reason
              + ". Start Docker to run it; -Dqa.docker.required=true fails the build instead.");
    }
    return ConditionEvaluationResult.disabled(reason);
  }
}
