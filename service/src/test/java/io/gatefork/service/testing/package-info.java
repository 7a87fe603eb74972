/**
 * The test fakes of gatefork, published as service's test-jar ({@code <type>test-jar</type>}, scope
 * test) so that every module fakes the same things the same way.
 *
 * <p>Below the services: {@link io.gatefork.service.testing.FakeBrokerClient} (records each broker
 * request and answers it from a responder on a "transport" thread), with {@link
 * io.gatefork.service.testing.FakeJobStreamClient} and the cluster event service behind the
 * job-available notifications.
 *
 * <p>Above them, for the front ends (REST controllers, gRPC endpoint): {@link
 * io.gatefork.service.testing.FakeServices}, one fake per service interface, where every method is
 * a {@link io.gatefork.service.testing.ScriptedAnswer}: it records the call's arguments (typed
 * records, or the argument list for a {@link io.gatefork.service.testing.ProxyFake}) and answers
 * what the test scripted ({@code succeedWith}, {@code failWith}, {@code answerWith}, {@code
 * throwOnCall}; by default a future that never completes). A {@link
 * io.gatefork.service.testing.FakeDelivery} decides whether the answer is handed over as scripted
 * or completed on an API-executor thread with the service stages marked, like the real services.
 */
package io.gatefork.service.testing;
