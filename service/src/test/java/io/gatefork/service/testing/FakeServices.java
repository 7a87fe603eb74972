package io.gatefork.service.testing;

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

/**
 * All fakes of one test context, to reset them and to prove that nothing reached a service. Every
 * faked method is a {@link ScriptedAnswer}: it records its calls and answers what the test scripted
 * (by default a future that never completes). How the answers reach the caller is the {@link
 * #delivery}'s, one for all fakes: as scripted, or on an API executor like the real services.
 */
public final class FakeServices {
  public final FakeDelivery delivery = new FakeDelivery();

  public final FakeTopologyServices topology = new FakeTopologyServices();
  public final FakeDeploymentServices deployment = new FakeDeploymentServices(delivery);
  public final FakeProcessInstanceServices processInstances =
      new FakeProcessInstanceServices(delivery);
  public final FakeJobServices jobs = new FakeJobServices(delivery);
  public final FakeJobStreamServices jobStreams = new FakeJobStreamServices();
  public final FakeMessageServices messages = new FakeMessageServices(delivery);

  public final ProxyFake<IncidentServices> incidents =
      new ProxyFake<>(IncidentServices.class, delivery);
  public final ProxyFake<VariableServices> variables =
      new ProxyFake<>(VariableServices.class, delivery);
  public final ProxyFake<SignalServices> signals = new ProxyFake<>(SignalServices.class, delivery);
  public final ProxyFake<DecisionServices> decisions =
      new ProxyFake<>(DecisionServices.class, delivery);
  public final ProxyFake<ResourceServices> resources =
      new ProxyFake<>(ResourceServices.class, delivery);
  public final ProxyFake<UserTaskServices> userTasks =
      new ProxyFake<>(UserTaskServices.class, delivery);
  public final ProxyFake<ClockServices> clock = new ProxyFake<>(ClockServices.class, delivery);
  public final ProxyFake<AdHocSubProcessServices> adHocSubProcesses =
      new ProxyFake<>(AdHocSubProcessServices.class, delivery);
  public final ProxyFake<BatchOperationServices> batchOperations =
      new ProxyFake<>(BatchOperationServices.class, delivery);
  public final ProxyFake<UserServices> users = new ProxyFake<>(UserServices.class, delivery);
  public final ProxyFake<GroupServices> groups = new ProxyFake<>(GroupServices.class, delivery);
  public final ProxyFake<RoleServices> roles = new ProxyFake<>(RoleServices.class, delivery);
  public final ProxyFake<TenantServices> tenants = new ProxyFake<>(TenantServices.class, delivery);
  public final ProxyFake<MappingRuleServices> mappingRules =
      new ProxyFake<>(MappingRuleServices.class, delivery);
  public final ProxyFake<AuthorizationServices> authorizations =
      new ProxyFake<>(AuthorizationServices.class, delivery);
  public final ProxyFake<DocumentServices> documents =
      new ProxyFake<>(DocumentServices.class, delivery);

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
        + jobStreams.calls()
        + messages.calls()
        + proxies().stream().mapToInt(ProxyFake::calls).sum();
  }

  public void reset() {
    topology.reset();
    deployment.reset();
    processInstances.reset();
    jobs.reset();
    jobStreams.reset();
    messages.reset();
    proxies().forEach(ProxyFake::reset);
  }
}
