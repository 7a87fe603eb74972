package io.gatefork.gateway.rest.exchange;

import io.gatefork.service.auth.Caller;
import io.gatefork.service.operation.Operation;
import io.gatefork.service.overload.Admission.Permit;
import io.gatefork.service.stage.RequestTiming;
import jakarta.servlet.ServletRequest;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import org.springframework.web.method.HandlerMethod;

/**
 * One REST request's own state as the gateway's filters, its handler and its answer writer hand it
 * on: one typed object under one request attribute, made by the first that needs it, instead of a
 * string attribute per item read and written across packages. Who sets what, in a request's order:
 *
 * <ol>
 *   <li>the stage timing filter: the {@linkplain #timing() timing};
 *   <li>admission: the {@linkplain #handler() handler} it looked up, the {@linkplain #caller()
 *       caller} whose credential it found verified, the {@linkplain #permit(Permit) permit}, or the
 *       operation it {@linkplain #shed() shed};
 *   <li>the security filter: the {@linkplain #caller() caller}, or why its credential was refused;
 *   <li>the handler: its {@linkplain #operation() operation};
 *   <li>the answer writer: how the answer's async processing began and ended.
 * </ol>
 *
 * <p>A request is handled by one thread at a time, handed on through the container (which orders
 * memory); only the permit, given back by whichever place ends the request first, and the mark of
 * an undelivered answer, set by a write listener, are read across threads without that.
 */
public final class RestExchange {
  private static final String ATTRIBUTE = RestExchange.class.getName();
  private static final VarHandle PERMIT;

  static {
    try {
      PERMIT = MethodHandles.lookup().findVarHandle(RestExchange.class, "permit", Permit.class);
    } catch (final ReflectiveOperationException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  private RequestTiming timing;
  private Operation operation;
  private Operation shed;
  private volatile Permit permit; // taken by whichever thread ends the request first (PERMIT)
  private HandlerMethod handler;
  private Caller caller;
  private String credentialRefused;
  private boolean credentialUnchecked;
  private boolean answerStartedAsync;
  private long asyncStartedMillis;
  private Object connection;
  private boolean bodyAbandoned;
  private volatile boolean undelivered;

  private RestExchange() {}

  /** The request's exchange, made now if nothing made it before. */
  public static RestExchange of(final ServletRequest request) {
    if (request.getAttribute(ATTRIBUTE) instanceof final RestExchange known) {
      return known;
    }
    final var made = new RestExchange();
    request.setAttribute(ATTRIBUTE, made);
    return made;
  }

  /** The request's exchange; null when nothing made one (the gateway's filters did not run). */
  public static RestExchange find(final ServletRequest request) {
    return request.getAttribute(ATTRIBUTE) instanceof final RestExchange known ? known : null;
  }

  /** The request's stage timing; null before the stage timing filter ran (or without it). */
  public RequestTiming timing() {
    return timing;
  }

  public void timing(final RequestTiming timing) {
    this.timing = timing;
  }

  /** The operation the request is recorded under; null until its handler entered. */
  public Operation operation() {
    return operation;
  }

  public void operation(final Operation operation) {
    this.operation = operation;
  }

  /** The operation of a request admission shed before its handler ran; null otherwise. */
  public Operation shed() {
    return shed;
  }

  public void shed(final Operation operation) {
    shed = operation;
  }

  /** Admission's permit, while the request counts in flight. */
  public void permit(final Permit permit) {
    this.permit = permit;
  }

  /**
   * Removes and returns the permit (null when nothing counts the request): the first place that
   * ends the request gives it back.
   */
  public Permit takePermit() {
    return (Permit) PERMIT.getAndSet(this, null);
  }

  /** The request's Spring MVC handler, looked up once by admission; null when it did not. */
  public HandlerMethod handler() {
    return handler;
  }

  public void handler(final HandlerMethod handler) {
    this.handler = handler;
  }

  /** The authenticated caller; null: anonymous (or not authenticated yet). */
  public Caller caller() {
    return caller;
  }

  public void caller(final Caller caller) {
    this.caller = caller;
  }

  /** Why the request's credential was refused, for the 401's detail; null: it was not. */
  public String credentialRefused() {
    return credentialRefused;
  }

  /**
   * @param unchecked the credential was not checked (too many checks at once): backpressure
   */
  public void credentialRefused(final String reason, final boolean unchecked) {
    credentialRefused = reason;
    credentialUnchecked = unchecked;
  }

  /** Whether the credential was left unchecked (too many checks at once). */
  public boolean credentialUnchecked() {
    return credentialUnchecked;
  }

  /** Whether async processing was started only to write an answer of the request's first pass. */
  public boolean answerStartedAsync() {
    return answerStartedAsync;
  }

  public void answerStartedAsync(final boolean started) {
    answerStartedAsync = started;
  }

  /** When the request's async processing started (epoch millis); 0: it did not. */
  public long asyncStartedMillis() {
    return asyncStartedMillis;
  }

  /**
   * @param connection the request threads' key of the request's connection, for its later answer;
   *     null: none
   */
  public void asyncStarted(final long millis, final Object connection) {
    asyncStartedMillis = millis;
    this.connection = connection;
  }

  /** The request threads' key of the request's connection; null: none known. */
  public Object connection() {
    return connection;
  }

  /** Whether the rest of the request's body is not to be read (its connection closes after). */
  public boolean bodyAbandoned() {
    return bodyAbandoned;
  }

  public void abandonBody() {
    bodyAbandoned = true;
  }

  /** Whether the request's answer broke off because its client was gone. */
  public boolean undelivered() {
    return undelivered;
  }

  public void undelivered(final boolean undelivered) {
    this.undelivered = undelivered;
  }
}
