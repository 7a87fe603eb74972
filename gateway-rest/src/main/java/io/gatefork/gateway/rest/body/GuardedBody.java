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
 * threads. A body that arrives with its head, or within {@link #GRACE_NANOS} of it, as a
 * well-behaved client's does, never needs one.
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
    final boolean waits = beforeRead();
    final int next;
    try {
      next = body.read();
    } finally {
      if (waits) {
        guard.stopWaiting();
      }
    }
    if (next >= 0) {
      counted(1);
    }
    return next;
  }

  @Override
  public int read(final byte[] into, final int offset, final int length) throws IOException {
    final boolean waits = beforeRead();
    final int count;
    try {
      count = body.read(into, offset, length);
    } finally {
      if (waits) {
        guard.stopWaiting();
      }
    }
    if (count > 0) {
      counted(count);
    }
    return count;
  }

  /**
   * @return whether this read waits for the client (it then holds a place)
   */
  private boolean beforeRead() throws IOException {
    if (System.nanoTime() - deadlineNanos > 0) {
      throw refused(guard.tooSlow());
    }
    if (body.available() > 0 || body.isFinished()) {
      return false;
    }
    if (guard.startWaiting()) {
      return true;
    }
    if (deadlineNanos - System.nanoTime() > guard.timeoutNanos() - GRACE_NANOS) {
      return false; // a young request: its body is likely a segment behind its head
    }
    throw refused(guard.noPlaceToWait());
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
