package io.gatefork.gateway.grpc.endpoint;

import io.gatefork.service.decision.DecisionServices;
import io.gatefork.service.deployment.DeploymentServices;
import io.gatefork.service.incident.IncidentServices;
import io.gatefork.service.job.JobServices;
import io.gatefork.service.job.JobStreamServices;
import io.gatefork.service.message.MessageServices;
import io.gatefork.service.processinstance.ProcessInstanceServices;
import io.gatefork.service.resource.ResourceServices;
import io.gatefork.service.signal.SignalServices;
import io.gatefork.service.topology.TopologyServices;
import io.gatefork.service.variable.VariableServices;
import java.util.Objects;

/** The services the gRPC endpoint calls; the same instances the REST controllers use. */
public record GatewayServices(
    TopologyServices topology,
    DeploymentServices deployments,
    ProcessInstanceServices processInstances,
    JobServices jobs,
    JobStreamServices jobStreams,
    MessageServices messages,
    SignalServices signals,
    VariableServices variables,
    IncidentServices incidents,
    DecisionServices decisions,
    ResourceServices resources) {

  public GatewayServices {
    Objects.requireNonNull(topology, "topology");
    Objects.requireNonNull(deployments, "deployments");
    Objects.requireNonNull(processInstances, "processInstances");
    Objects.requireNonNull(jobs, "jobs");
    Objects.requireNonNull(jobStreams, "jobStreams");
    Objects.requireNonNull(messages, "messages");
    Objects.requireNonNull(signals, "signals");
    Objects.requireNonNull(variables, "variables");
    Objects.requireNonNull(incidents, "incidents");
    Objects.requireNonNull(decisions, "decisions");
    Objects.requireNonNull(resources, "resources");
  }
}
