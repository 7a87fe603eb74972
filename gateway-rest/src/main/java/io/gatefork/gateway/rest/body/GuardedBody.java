package io.gatefork.gateway.rest.body;

import io.gatefork.gateway.rest.error.BodyRefusal;
import io.gatefork.gateway.rest.write.AnswerOutput;
import jakarta.servlet.ReadListener;
import jakarta.servlet.ServletInputStream;
import jakarta.servlet.ServletRequest;
import java.io.IOException;

/**
 * A request body's stream that refuses to wait past the body's deadline, to grow past the largest
 * body, or to wait for the client at all when every place for waiting bodies is taken. A read that
 * finds nothing buffered (the client has not sent the rest yet) is a wait: it holds one of {@link
 * RequestBodyGuard}'s places while it blocks, so slow uploads can hold only so many request
 * threads; a young request may take one of the few grace places instead. A body that arrives with
 * its head, as a well-behaved client's mostly does, never needs either.
 */
final class GuardedBody extends ServletInputStream {
  /**
   * How long after its head a body may be waited for without a place: many clients send the body in
   * a write of its own, so its first bytes often arrive a moment after the head.
   */
  static final long GRACE_NANOS = 1_000_000_000L;

  private final ServletInputStream body;
  private final RequestBodyGuard guard;
  private final long deadlineNanos;
  private final ServletRequest request;
  private long read;

  GuardedBody(
      final ServletInputStream body,
      final RequestBodyGuard guard,
      final long deadline,
      final ServletRequest request) {
    this.body = body;
    this.guard = guard;
    deadlineNanos = deadline;
    this.request = request;
  }

  @Override
  public int read() throws IOException {
    final WaitingPlaces.Place place = beforeRead();
    final int next;
    try {
      next = body.read();
    } finally {
      if (place != null) {
        guard.waiting().release(place);
      }
    }
    if (next >= 0) {
      counted(1);
    }
    return next;
  }

  @Override
  public int read(final byte[] into, final int offset, final int length) throws IOException {
    final WaitingPlaces.Place place = beforeRead();
    final int count;
    try {
      count = body.read(into, offset, length);
    } finally {
      if (place != null) {
        guard.waiting().release(place);
      }
    }
    if (count > 0) {
      counted(count);
    }
    return count;
  }

  /**
   * @return the place this read holds while it waits for the client, to be given back after it;
   *     null when it does not wait
   */
  private WaitingPlaces.Place beforeRead() throws IOException {
    if (System.nanoTime() - deadlineNanos > 0) {
      throw refused(guard.tooSlow());
    }
    if (body.available() > 0 || body.isFinished()) {
      return null;
    }
    // a young request's body is likely only a segment behind its head
    final boolean young = deadlineNanos - System.nanoTime() > guard.timeoutNanos() - GRACE_NANOS;
    final String address = request.getRemoteAddr();
    final WaitingPlaces.Place place = guard.waiting().take(address, young);
    if (place == null) {
      throw refused(guard.noPlaceToWait(address));
    }
    return place;
  }

  private void counted(final int count) throws IOException {
    read += count;
    if (read > guard.maxBodyBytes()) {
      throw refused(guard.tooLarge());
    }
  }

  /** The rest of the body is not read: its connection closes after the answer. */
  private BodyRefusal refused(final BodyRefusal refusal) {
    AnswerOutput.abandonBody(request);
    return refusal;
  }

  @Override
  public int available() throws IOException {
    return body.available();
  }

  @Override
  public boolean isFinished() {
    return body.isFinished();
  }

  @Override
  public boolean isReady() {
    return body.isReady();
  }

  @Override
  public void setReadListener(final ReadListener listener) {
    body.setReadListener(listener);
  }

  @Override
  public void close() throws IOException {
    body.close();
  }
}
