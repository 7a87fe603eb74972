package io.gatefork.gateway.rest.fake;

/** All fakes of one test context, to reset them and to prove that nothing reached a service. */
public final class FakeServices {
  public final FakeTopologyServices topology = new FakeTopologyServices();
  public final FakeDeploymentServices deployment = new FakeDeploymentServices();
  public final FakeProcessInstanceServices processInstances = new FakeProcessInstanceServices();
  public final FakeJobServices jobs = new FakeJobServices();
  public final FakeMessageServices messages = new FakeMessageServices();

  /** Calls to any service method since the last reset. */
  public int calls() {
    return topology.calls()
        + deployment.calls()
        + processInstances.calls()
        + jobs.calls()
        + messages.calls();
  }

  public void reset() {
    topology.reset();
    deployment.reset();
    processInstances.reset();
    jobs.reset();
    messages.reset();
  }
}
