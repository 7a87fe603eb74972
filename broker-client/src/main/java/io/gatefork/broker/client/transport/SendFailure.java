package io.gatefork.broker.client.transport;

import io.atomix.cluster.messaging.MessagingException;
import java.net.ConnectException;
import java.nio.channels.ClosedChannelException;
import java.util.concurrent.TimeoutException;

/**
 * Why a command got no answer, decided by the type of the messaging service's failure alone (never
 * by its message text), and what that means for the request.
 */
enum SendFailure {
  /** The messaging service's deadline passed without an answer. */
  TIMEOUT,

  /**
   * The connection broke while the request was in flight ({@link
   * MessagingException.ConnectionClosed}): the broker may have processed it, so it is not retried.
   */
  CONNECTION_CLOSED,

  /**
   * The leader was not reached, so nothing was processed: the connection was refused ({@link
   * ConnectException}, which includes Netty's connect timeout), its channel was already closed
   * ({@link ClosedChannelException}), or the broker has no handler for the partition yet ({@link
   * MessagingException.NoRemoteHandler}). Safe to retry on the partition.
   */
  UNREACHABLE,

  /**
   * This gateway's own messaging service is closed or closing: Atomix fails a send with an {@link
   * IllegalStateException} then, and only then. Handled as {@link #UNREACHABLE}, as before the
   * failures were classified by type.
   */
  MESSAGING_CLOSED,

  /** Anything else: answered at once, as unavailable. */
  OTHER;

  /** The failure's class; {@code cause} is the unwrapped failure, not a completion wrapper. */
  static SendFailure of(final Throwable cause) {
    return switch (cause) {
      case TimeoutException timeout -> TIMEOUT;
      case MessagingException.ConnectionClosed closed -> CONNECTION_CLOSED;
      case ConnectException refused -> UNREACHABLE;
      case ClosedChannelException closedChannel -> UNREACHABLE;
      case MessagingException.NoRemoteHandler noHandler -> UNREACHABLE;
      case IllegalStateException closedMessaging -> MESSAGING_CLOSED;
      case null, default -> OTHER;
    };
  }
}
