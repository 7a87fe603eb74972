package io.gatefork.gateway.grpc.auth;

import io.gatefork.service.auth.AuthenticationFailure;
import io.gatefork.service.auth.Caller;
import io.gatefork.service.auth.CallerAuthenticator;
import io.grpc.Context;
import io.grpc.Contexts;
import io.grpc.Metadata;
import io.grpc.ServerCall;
import io.grpc.ServerCallHandler;
import io.grpc.ServerInterceptor;
import io.grpc.Status;

/**
 * Authenticates every gRPC call from its {@code authorization} metadata ({@code Bearer ...} or
 * {@code Basic ...}) with the {@link CallerAuthenticator} REST uses too: a refused or missing
 * credential closes the call with {@code UNAUTHENTICATED} and the reason, before any handler runs;
 * an accepted one puts the {@link Caller} into the call's {@link Context} ({@link CallerContext}).
 * Verified credentials are cached by the authenticator, so the check is a digest and a map lookup
 * after the first call.
 */
public final class CallerAuthenticationInterceptor implements ServerInterceptor {
  static final Metadata.Key<String> AUTHORIZATION =
      Metadata.Key.of("authorization", Metadata.ASCII_STRING_MARSHALLER);

  private final CallerAuthenticator authenticator;

  public CallerAuthenticationInterceptor(final CallerAuthenticator authenticator) {
    this.authenticator = authenticator;
  }

  @Override
  public <Q, S> ServerCall.Listener<Q> interceptCall(
      final ServerCall<Q, S> call, final Metadata headers, final ServerCallHandler<Q, S> next) {
    final Caller caller;
    try {
      caller = authenticator.authenticate(headers.get(AUTHORIZATION));
    } catch (final AuthenticationFailure failure) {
      // not checked (too many password checks at once): backpressure, which clients retry
      final Status status = failure.busy() ? Status.RESOURCE_EXHAUSTED : Status.UNAUTHENTICATED;
      call.close(status.withDescription(failure.getMessage()), new Metadata());
      return new ServerCall.Listener<>() {};
    }
    return Contexts.interceptCall(
        Context.current().withValue(CallerContext.KEY, caller), call, headers, next);
  }
}
