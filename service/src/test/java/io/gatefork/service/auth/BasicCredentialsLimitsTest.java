package io.gatefork.service.auth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.springframework.security.crypto.bcrypt.BCrypt;

/**
 * What a basic credential costs the gateway: an unknown user as much as a wrong password (no
 * username oracle), a repeated wrong credential no second bcrypt check, and one credential one
 * cache entry however its header is spelled.
 */
class BasicCredentialsLimitsTest {
  // cost 8: a fraction of the default's time, far above the cost 4 an unknown user used to pay
  private static final String HASH = BCrypt.hashpw("s3cret", BCrypt.gensalt(8));

  private final AtomicInteger bcryptChecks = new AtomicInteger();

  private BasicCredentialsAuthenticator authenticator() {
    return authenticator(
        (password, hash) -> {
          bcryptChecks.incrementAndGet();
          return BCrypt.checkpw(password, hash);
        });
  }

  private static BasicCredentialsAuthenticator authenticator(
      final BasicCredentialsAuthenticator.PasswordCheck check) {
    return new BasicCredentialsAuthenticator(
        List.of(new BasicUser("demo", HASH, null, null, List.of())),
        false,
        Duration.ofMinutes(1),
        100,
        new BasicCredentialsAuthenticator.Limits(100, Duration.ofMinutes(1), 1),
        check);
  }

  private static String basic(final String credentials) {
    return "Basic "
        + Base64.getEncoder().encodeToString(credentials.getBytes(StandardCharsets.UTF_8));
  }

  private static void refused(
      final BasicCredentialsAuthenticator authenticator, final String header) {
    assertThatThrownBy(() -> authenticator.authenticate(header))
        .isInstanceOf(AuthenticationFailure.class)
        .hasMessage("Invalid username or password");
  }

  @Test
  void anUnknownUserCostsAsMuchAsAWrongPassword() {
    final var authenticator = authenticator();
    final ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    long unknown = 0;
    long wrong = 0;
    // interleaved, each credential new (no remembered failure), in CPU time of this thread
    for (int i = 0; i < 12; i++) {
      long start = threads.getCurrentThreadCpuTime();
      refused(authenticator, basic("ghost-" + i + ":s3cret"));
      unknown += threads.getCurrentThreadCpuTime() - start;
      start = threads.getCurrentThreadCpuTime();
      refused(authenticator, basic("demo:wrong-" + i));
      wrong += threads.getCurrentThreadCpuTime() - start;
    }

    assertThat((double) unknown / wrong).as("unknown user / wrong password").isBetween(0.5, 2.0);
  }

  @Test
  void aRepeatedWrongCredentialIsNotCheckedAgain() {
    final var authenticator = authenticator();
    refused(authenticator, basic("demo:wrong"));
    refused(authenticator, basic("ghost:s3cret"));
    assertThat(bcryptChecks).hasValue(2);

    refused(authenticator, basic("demo:wrong"));
    refused(authenticator, "basic   " + basic("demo:wrong").substring("Basic ".length()));
    refused(authenticator, basic("ghost:s3cret"));
    assertThat(bcryptChecks).as("no bcrypt check for a failure seen before").hasValue(2);

    // the user's own password is not locked out by the failures
    assertThat(assertAuthenticated(authenticator, basic("demo:s3cret"))).isEqualTo("demo");
    assertThat(bcryptChecks).hasValue(3);
  }

  private static String assertAuthenticated(
      final BasicCredentialsAuthenticator authenticator, final String header) {
    try {
      return authenticator.authenticate(header).username();
    } catch (final AuthenticationFailure e) {
      throw new AssertionError("refused: " + e.getMessage(), e);
    }
  }

  @Test
  void oneCredentialIsOneCacheEntryHoweverItsHeaderIsSpelled() {
    final var authenticator = authenticator();
    // "demo:s3cret" encodes with one "=" of padding
    final String encoded =
        Base64.getEncoder().encodeToString("demo:s3cret".getBytes(StandardCharsets.UTF_8));
    assertThat(assertAuthenticated(authenticator, "Basic " + encoded)).isEqualTo("demo");

    for (final String header :
        List.of(
            "Basic  " + encoded,
            "basic " + encoded,
            "BASIC " + encoded + " ",
            "Basic " + encoded.replace("=", ""))) {
      assertThat(assertAuthenticated(authenticator, header)).as(header).isEqualTo("demo");
    }
    assertThat(bcryptChecks).as("one bcrypt check for the one credential").hasValue(1);
  }

  @Test
  void aNewCredentialFindingEveryCheckBusyIsNotCheckedButAnsweredAsBackpressure() throws Exception {
    final var inCheck = new CountDownLatch(1);
    final var release = new CountDownLatch(1);
    final var authenticator =
        authenticator(
            (password, hash) -> {
              if (password.equals("slow")) {
                inCheck.countDown();
                try {
                  release.await();
                } catch (final InterruptedException e) {
                  Thread.currentThread().interrupt();
                }
              }
              return BCrypt.checkpw(password, hash);
            });
    final var slow =
        CompletableFuture.runAsync(
            () -> assertThatThrownBy(() -> authenticator.authenticate(basic("demo:slow"))));
    assertThat(inCheck.await(5, TimeUnit.SECONDS)).isTrue();

    // the one check allowed is taken: not checked, not remembered as failed
    assertThatThrownBy(() -> authenticator.authenticate(basic("demo:s3cret")))
        .isInstanceOfSatisfying(
            AuthenticationFailure.class, failure -> assertThat(failure.busy()).isTrue())
        .hasMessage(BasicCredentialsAuthenticator.BUSY);

    release.countDown();
    slow.get(5, TimeUnit.SECONDS);
    assertThat(assertAuthenticated(authenticator, basic("demo:s3cret"))).isEqualTo("demo");
  }

  @Test
  void theCostOfAHashIsRead() {
    assertThat(BasicCredentialsAuthenticator.costOf(HASH)).isEqualTo(8);
    assertThat(BasicCredentialsAuthenticator.costOf("$2a$12$abc")).isEqualTo(12);
    assertThat(BasicCredentialsAuthenticator.costOf("$2")).isZero();
  }

  @Test
  void aCredentialBeingCheckedIsNotCheckedAgainAtTheSameTimeButWaitedFor() throws Exception {
    final var inCheck = new CountDownLatch(1);
    final var release = new CountDownLatch(1);
    final var authenticator =
        authenticator(
            (password, hash) -> {
              bcryptChecks.incrementAndGet();
              inCheck.countDown();
              try {
                release.await();
              } catch (final InterruptedException e) {
                Thread.currentThread().interrupt();
              }
              return BCrypt.checkpw(password, hash);
            });
    // threads of their own: the common pool may have one
    final ExecutorService threads = Executors.newFixedThreadPool(2);
    final var first =
        CompletableFuture.supplyAsync(
            () -> assertAuthenticated(authenticator, basic("demo:s3cret")), threads);
    assertThat(inCheck.await(5, TimeUnit.SECONDS)).isTrue();

    // a client's requests arriving together with one credential: one check, not a busy answer
    final var second =
        CompletableFuture.supplyAsync(
            () -> assertAuthenticated(authenticator, basic("demo:s3cret")), threads);
    Thread.sleep(100);
    assertThat(second).isNotDone();
    release.countDown();

    assertThat(first.get(5, TimeUnit.SECONDS)).isEqualTo("demo");
    assertThat(second.get(5, TimeUnit.SECONDS)).isEqualTo("demo");
    assertThat(bcryptChecks).hasValue(1);
    threads.shutdown();
  }
}
