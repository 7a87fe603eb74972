package io.gatefork.service.testing;

import io.gatefork.service.RequestContext;
import io.gatefork.service.deployment.DeployResources;
import io.gatefork.service.deployment.DeploymentResult;
import io.gatefork.service.deployment.DeploymentServices;
import java.util.concurrent.CompletableFuture;

public final class FakeDeploymentServices implements DeploymentServices {
  public final ScriptedAnswer<Deploy, DeploymentResult> deploy = new ScriptedAnswer<>();

  public record Deploy(RequestContext context, DeployResources command) {}

  private final FakeDelivery delivery;

  /** Answers as scripted. */
  public FakeDeploymentServices() {
    this(new FakeDelivery());
  }

  public FakeDeploymentServices(final FakeDelivery delivery) {
    this.delivery = delivery;
  }

  @Override
  public CompletableFuture<DeploymentResult> deploy(
      final RequestContext context, final DeployResources command) {
    return delivery.deliver(context, deploy.answer(new Deploy(context, command)));
  }

  int calls() {
    return deploy.count();
  }

  void reset() {
    deploy.reset();
  }
}
