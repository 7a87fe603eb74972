package io.gatefork.gateway.grpc.auth;

import io.gatefork.service.auth.Caller;
import io.grpc.Context;

/** Carries a call's authenticated {@link Caller} from the interceptor to the endpoint. */
public final class CallerContext {
  static final Context.Key<Caller> KEY = Context.key("gatefork-caller");

  private CallerContext() {}

  /** The caller of the call being handled; anonymous when the API is unprotected. */
  public static Caller current() {
    final Caller caller = KEY.get();
    return caller != null ? caller : Caller.ANONYMOUS;
  }
}
