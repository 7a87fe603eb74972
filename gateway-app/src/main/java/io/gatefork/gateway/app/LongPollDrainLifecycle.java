package io.gatefork.gateway.app;

import io.gatefork.service.job.JobServices;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.availability.ApplicationAvailability;
import org.springframework.context.SmartLifecycle;

/**
 * On shutdown, answers parked job activations (long polls) before the web server's graceful
 * shutdown starts waiting for requests in flight. A long poll may have asked to wait far longer
 * than {@code spring.lifecycle.timeout-per-shutdown-phase}; left parked it would make Tomcat give
 * up with "requests still active" and the gRPC server wait too.
 *
 * <p>Spring Boot takes readiness down when the context starts closing, before any lifecycle stops;
 * the log line states the readiness seen at the drain, so an operator (and {@code
 * qa/GracefulShutdownTest}) can check that order from the gateway's side.
 */
public final class LongPollDrainLifecycle implements SmartLifecycle {
  private static final Logger LOG = LoggerFactory.getLogger(LongPollDrainLifecycle.class);
  private final JobServices jobServices;
  private final ApplicationAvailability availability;
  private volatile boolean running;

  public LongPollDrainLifecycle(
      final JobServices jobServices, final ApplicationAvailability availability) {
    this.jobServices = jobServices;
    this.availability = availability;
  }

  @Override
  public void start() {
    running = true;
  }

  @Override
  public void stop() {
    running = false;
    final var readiness = availability.getReadinessState();
    final int answered = jobServices.drainLongPolls();
    LOG.info(
        "Shutting down with readiness {}: answered {} parked job activation(s)",
        readiness,
        answered);
  }

  @Override
  public boolean isRunning() {
    return running;
  }

  @Override
  public int getPhase() {
    // one above the graceful shutdown of the web server and the gRPC server: stops just before
    return SmartLifecycle.DEFAULT_PHASE - 1024 + 1;
  }
}
