package io.gatefork.gateway.grpc.endpoint;

import static org.assertj.core.api.Assertions.assertThat;

import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.ActivateJobsResponse;
import io.gatefork.service.testing.ActivatedJobs;
import io.grpc.stub.ServerCallStreamObserver;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A job activation's answer is written unless the client cancelled the call; then nothing is
 * written and the writer says so, so that the endpoint gives the jobs back at once.
 */
class ActivatedJobsWriterTest {
  private final ActivatedJobsWriter writer = new ActivatedJobsWriter(4 * 1024 * 1024);

  @Test
  void theJobsOfALiveCallAreWritten() {
    final var call = new Call(false);

    assertThat(writer.write(List.of(ActivatedJobs.job()), null, call)).isTrue();

    assertThat(call.sent).singleElement().satisfies(r -> assertThat(r.getJobsCount()).isOne());
    assertThat(call.completed).isTrue();
  }

  @Test
  void nothingIsWrittenToACancelledCallAndTheWriterSaysSo() {
    final var call = new Call(true);

    assertThat(writer.write(List.of(ActivatedJobs.job()), null, call)).isFalse();

    assertThat(call.sent).isEmpty();
    assertThat(call.completed).isFalse();
  }

  /** The server side of a call, cancelled or not, recording what is written to it. */
  private static final class Call extends ServerCallStreamObserver<ActivateJobsResponse> {
    private final boolean cancelled;
    private final List<ActivateJobsResponse> sent = new ArrayList<>();
    private boolean completed;

    private Call(final boolean cancelled) {
      this.cancelled = cancelled;
    }

    @Override
    public boolean isCancelled() {
      return cancelled;
    }

    @Override
    public void setOnCancelHandler(final Runnable onCancelHandler) {}

    @Override
    public void setCompression(final String compression) {}

    @Override
    public boolean isReady() {
      return true;
    }

    @Override
    public void setOnReadyHandler(final Runnable onReadyHandler) {}

    @Override
    public void request(final int count) {}

    @Override
    public void setMessageCompression(final boolean enable) {}

    @Override
    public void disableAutoInboundFlowControl() {}

    @Override
    public void onNext(final ActivateJobsResponse value) {
      sent.add(value);
    }

    @Override
    public void onError(final Throwable t) {}

    @Override
    public void onCompleted() {
      completed = true;
    }
  }
}
