package io.gatefork.broker.client.transport;

import static org.assertj.core.api.Assertions.assertThat;

import io.atomix.cluster.messaging.MessagingException;
import io.netty.channel.ConnectTimeoutException;
import java.io.IOException;
import java.net.ConnectException;
import java.nio.channels.ClosedChannelException;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.Test;

/** Each failure the messaging service reports is classified by its type, whatever it says. */
class SendFailureTest {

  @Test
  void theMessagingServicesDeadlineIsATimeout() {
    assertThat(SendFailure.of(new TimeoutException("Request command-api-1 timed out")))
        .isEqualTo(SendFailure.TIMEOUT);
  }

  @Test
  void aConnectionThatBrokeInFlightIsConnectionClosed() {
    assertThat(SendFailure.of(new MessagingException.ConnectionClosed("Connection was closed")))
        .isEqualTo(SendFailure.CONNECTION_CLOSED);
    // the type decides, not the text
    assertThat(SendFailure.of(new MessagingException.ConnectionClosed("gone")))
        .isEqualTo(SendFailure.CONNECTION_CLOSED);
  }

  @Test
  void aLeaderThatWasNotReachedIsUnreachable() {
    assertThat(SendFailure.of(new ConnectException("Connection refused")))
        .isEqualTo(SendFailure.UNREACHABLE);
    assertThat(SendFailure.of(new ConnectTimeoutException("connection timed out")))
        .isEqualTo(SendFailure.UNREACHABLE);
    assertThat(SendFailure.of(new ClosedChannelException())).isEqualTo(SendFailure.UNREACHABLE);
    assertThat(SendFailure.of(new MessagingException.NoRemoteHandler("command-api-1")))
        .isEqualTo(SendFailure.UNREACHABLE);
  }

  @Test
  void anIllegalStateOfTheMessagingServiceIsItsClosure() {
    assertThat(SendFailure.of(new IllegalStateException("MessagingService is closed.")))
        .isEqualTo(SendFailure.MESSAGING_CLOSED);
    assertThat(SendFailure.of(new IllegalStateException("MessagingService has been closed.")))
        .isEqualTo(SendFailure.MESSAGING_CLOSED);
    // the text no longer matters: "closed" or not, the type says what happened
    assertThat(SendFailure.of(new IllegalStateException("stopped")))
        .isEqualTo(SendFailure.MESSAGING_CLOSED);
  }

  @Test
  void everythingElseIsOther() {
    // a message that says "closed" does not make a failure unreachable any more
    assertThat(SendFailure.of(new RuntimeException("connection closed")))
        .isEqualTo(SendFailure.OTHER);
    assertThat(SendFailure.of(new IOException("stream closed"))).isEqualTo(SendFailure.OTHER);
    assertThat(SendFailure.of(new MessagingException.RemoteHandlerFailure("handler failed")))
        .isEqualTo(SendFailure.OTHER);
    assertThat(SendFailure.of(new MessagingException.ProtocolException()))
        .isEqualTo(SendFailure.OTHER);
    assertThat(SendFailure.of(null)).isEqualTo(SendFailure.OTHER);
  }
}
