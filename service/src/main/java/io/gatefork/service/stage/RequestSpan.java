package io.gatefork.service.stage;

import io.gatefork.broker.client.request.BrokerAttemptListener;
import io.gatefork.service.operation.Operation;

/**
 * The server span of one traced request; ended exactly once, after its answer is out. It hears each
 * message sent to a broker for the request ({@link BrokerAttemptListener}) and shows them as
 * children of its {@code broker} stage.
 */
public interface RequestSpan extends BrokerAttemptListener {

  /**
   * The span's W3C trace context ({@code 00-<trace id>-<span id>-<flags>}), which the answer
   * carries in a {@code traceresponse} header (gRPC: metadata) so that a caller without its own
   * trace can still find the request's.
   */
  String traceparent();

  /**
   * Makes the span current on this thread until the scope is closed: the logs' MDC ({@code
   * traceId}, {@code spanId}) and the exemplars of histograms recorded meanwhile name it.
   */
  Scope open();

  /**
   * A job was handed to the caller: a long poll's answer or a job stream's push, recorded as an
   * event on the span (a job stream's span lasts as long as the stream).
   */
  void jobHandedOut(long jobKey);

  /**
   * Names the span by its operation (null when the request never got one: an unmapped path), adds a
   * child span per stage {@code timing} marked, records the outcome and ends the span at {@code
   * timing}'s commit.
   */
  void end(Operation operation, RequestTiming timing, RequestOutcome outcome);

  /** A span made current; closing it restores what was current before. */
  interface Scope extends AutoCloseable {
    @Override
    void close();
  }
}
