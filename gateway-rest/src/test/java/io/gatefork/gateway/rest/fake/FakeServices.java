package io.gatefork.gateway.rest.fake;

import io.gatefork.service.adhocsubprocess.AdHocSubProcessServices;
import io.gatefork.service.batchoperation.BatchOperationServices;
import io.gatefork.service.clock.ClockServices;
import io.gatefork.service.decision.DecisionServices;
import io.gatefork.service.document.DocumentServices;
import io.gatefork.service.identity.AuthorizationServices;
import io.gatefork.service.identity.GroupServices;
import io.gatefork.service.identity.MappingRuleServices;
import io.gatefork.service.identity.RoleServices;
import io.gatefork.service.identity.TenantServices;
import io.gatefork.service.identity.UserServices;
import io.gatefork.service.incident.IncidentServices;
import io.gatefork.service.resource.ResourceServices;
import io.gatefork.service.signal.SignalServices;
import io.gatefork.service.usertask.UserTaskServices;
import io.gatefork.service.variable.VariableServices;
import java.util.List;

/** All fakes of one test context, to reset them and to prove that nothing reached a service. */
public final class FakeServices {
  public final FakeTopologyServices topology = new FakeTopologyServices();
  public final FakeDeploymentServices deployment = new FakeDeploymentServices();
  public final FakeProcessInstanceServices processInstances = new FakeProcessInstanceServices();
  public final FakeJobServices jobs = new FakeJobServices();
  public final FakeMessageServices messages = new FakeMessageServices();

  public final ProxyFake<IncidentServices> incidents = new ProxyFake<>(IncidentServices.class);
  public final ProxyFake<VariableServices> variables = new ProxyFake<>(VariableServices.class);
  public final ProxyFake<SignalServices> signals = new ProxyFake<>(SignalServices.class);
  public final ProxyFake<DecisionServices> decisions = new ProxyFake<>(DecisionServices.class);
  public final ProxyFake<ResourceServices> resources = new ProxyFake<>(ResourceServices.class);
  public final ProxyFake<UserTaskServices> userTasks = new ProxyFake<>(UserTaskServices.class);
  public final ProxyFake<ClockServices> clock = new ProxyFake<>(ClockServices.class);
  public final ProxyFake<AdHocSubProcessServices> adHocSubProcesses =
      new ProxyFake<>(AdHocSubProcessServices.class);
  public final ProxyFake<BatchOperationServices> batchOperations =
      new ProxyFake<>(BatchOperationServices.class);
  public final ProxyFake<UserServices> users = new ProxyFake<>(UserServices.class);
  public final ProxyFake<GroupServices> groups = new ProxyFake<>(GroupServices.class);
  public final ProxyFake<RoleServices> roles = new ProxyFake<>(RoleServices.class);
  public final ProxyFake<TenantServices> tenants = new ProxyFake<>(TenantServices.class);
  public final ProxyFake<MappingRuleServices> mappingRules =
      new ProxyFake<>(MappingRuleServices.class);
  public final ProxyFake<AuthorizationServices> authorizations =
      new ProxyFake<>(AuthorizationServices.class);
  public final ProxyFake<DocumentServices> documents = new ProxyFake<>(DocumentServices.class);

  /** The fakes of the services added with the broker-command endpoints. */
  public List<ProxyFake<?>> proxies() {
    return List.of(
        incidents,
        variables,
        signals,
        decisions,
        resources,
        userTasks,
        clock,
        adHocSubProcesses,
        batchOperations,
        users,
        groups,
        roles,
        tenants,
        mappingRules,
        authorizations,
        documents);
  }

  /** Calls to any service method since the last reset. */
  public int calls() {
    return topology.calls()
        + deployment.calls()
        + processInstances.calls()
        + jobs.calls()
        + messages.calls()
        + proxies().stream().mapToInt(ProxyFake::calls).sum();
  }

  public void reset() {
    topology.reset();
    deployment.reset();
    processInstances.reset();
    jobs.reset();
    messages.reset();
    proxies().forEach(ProxyFake::reset);
  }
}
