package io.gatefork.gateway.app;

import static org.assertj.core.api.Assertions.assertThat;

import io.gatefork.broker.client.BrokerClient;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Lazy;

/**
 * dist has no compile dependency on the embedded broker: the broker client is ordered after it by
 * bean name (the real application: {@link EmbeddedBrokerFirstInDevProfileTest}). Small contexts
 * without the broker's auto-configuration, as the gateway runs from lib/ alone.
 */
class EmbeddedBrokerOrderingTest {
  private final ApplicationContextRunner runner =
      new ApplicationContextRunner()
          .withUserConfiguration(EmbeddedBrokerOrdering.class, LazyBrokerClient.class);

  @Test
  void anEmbeddedBrokerBeanComesFirst() {
    runner
        .withBean(EmbeddedBrokerOrdering.EMBEDDED_BROKER, Object.class, Object::new)
        .run(
            context ->
                assertThat(
                        context.getBeanFactory().getBeanDefinition("brokerClient").getDependsOn())
                    .containsExactly(EmbeddedBrokerOrdering.EMBEDDED_BROKER));
  }

  @Test
  void withoutAnEmbeddedBrokerNothingChanges() {
    runner.run(
        context -> {
          assertThat(context).hasNotFailed();
          assertThat(context.getBeanFactory().getBeanDefinition("brokerClient").getDependsOn())
              .isNullOrEmpty();
        });
  }

  @Test
  void anEnabledEmbeddedBrokerThatIsNotOnTheClasspathStopsTheStart() {
    runner
        .withPropertyValues("gatefork.embedded-broker.enabled=true")
        .run(
            context -> {
              assertThat(context).hasFailed();
              assertThat(context.getStartupFailure())
                  .hasStackTraceContaining(
                      "gatefork.embedded-broker.enabled is true, but the embedded "
                          + "broker is not on the classpath");
            });
  }

  /**
   * A broker client bean that is never created: only its definition matters here. No
   * {@code @Configuration}: the application's component scan must not find it.
   */
  static class LazyBrokerClient {
    @Bean
    @Lazy
    BrokerClient brokerClient() {
      throw new AssertionError("not to be created");
    }
  }
}
