package io.gatefork.service.deployment;

import io.gatefork.service.RequestContext;
import java.util.concurrent.CompletableFuture;

public interface DeploymentServices {

  CompletableFuture<DeploymentResult> deploy(RequestContext context, DeployResources command);
}
