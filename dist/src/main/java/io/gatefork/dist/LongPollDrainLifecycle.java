package io.gatefork.dist;

import io.gatefork.service.job.JobServices;
import org.springframework.context.SmartLifecycle;

/**
 * On shutdown, answers parked job activations (long polls) before the web server's graceful
 * shutdown starts waiting for requests in flight. A long poll may have asked to wait far longer
 * than {@code spring.lifecycle.timeout-per-shutdown-phase}; left parked it would make Tomcat give
 * up with "requests still active" and the gRPC server wait too.
 */
public final class LongPollDrainLifecycle implements SmartLifecycle {
  private final JobServices jobServices;
  private volatile boolean running;

  public LongPollDrainLifecycle(final JobServices jobServices) {
    this.jobServices = jobServices;
  }

  @Override
  public void start() {
    running = true;
  }

  @Override
  public void stop() {
    running = false;
    jobServices.drainLongPolls();
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
