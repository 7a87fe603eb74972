package io.gatefork.gateway.grpc.endpoint;

import io.gatefork.service.deployment.DeploymentServices;
import io.gatefork.service.job.JobServices;
import io.gatefork.service.message.MessageServices;
import io.gatefork.service.processinstance.ProcessInstanceServices;
import io.gatefork.service.topology.TopologyServices;
import java.util.Objects;

/** The services the gRPC endpoint calls; the same instances the REST controllers use. */
public record GatewayServices(
    TopologyServices topology,
    DeploymentServices deployments,
    ProcessInstanceServices processInstances,
    JobServices jobs,
    MessageServices messages) {

  public GatewayServices {
    Objects.requireNonNull(topology, "topology");
    Objects.requireNonNull(deployments, "deployments");
    Objects.requireNonNull(processInstances, "processInstances");
    Objects.requireNonNull(jobs, "jobs");
    Objects.requireNonNull(messages, "messages");
  }
}
