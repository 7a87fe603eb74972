package io.gatefork.gateway.rest.fake;

import io.gatefork.service.RequestContext;
import io.gatefork.service.deployment.DeployResources;
import io.gatefork.service.deployment.DeploymentResult;
import io.gatefork.service.deployment.DeploymentServices;
import java.util.concurrent.CompletableFuture;

public final class FakeDeploymentServices implements DeploymentServices {
  public final ScriptedAnswer<Deploy, DeploymentResult> deploy = new ScriptedAnswer<>();

  public record Deploy(RequestContext context, DeployResources command) {}

  @Override
  public CompletableFuture<DeploymentResult> deploy(
      final RequestContext context, final DeployResources command) {
    return deploy.answer(new Deploy(context, command));
  }

  int calls() {
    return deploy.count();
  }

  void reset() {
    deploy.reset();
  }
}
