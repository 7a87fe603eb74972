package io.gatefork.gateway.rest.stage;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The operation a REST handler method serves, one of {@link RestOperations}: the {@code operation}
 * tag its requests are recorded under on {@code gatefork.request.stage}, and the command named in
 * its tenant-check messages. The handler takes the {@link io.gatefork.service.RequestContext} as
 * its last parameter; resolving it ({@link RequestContextArgumentResolver}) marks the request
 * entered, after its body was read.
 *
 * <pre>{@code
 * @GatewayOperation(RestOperations.PUBLISH_MESSAGE)
 * @PostMapping("/v2/messages/publication")
 * public CompletableFuture<ResponseEntity<Object>> publishMessage(
 *     @RequestBody final MessagePublicationRequest body, final RequestContext context) {
 * }</pre>
 *
 * Handlers that serve no operation are on a class marked {@link NotTimed}.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
public @interface GatewayOperation {
  /** The operation's name, a constant of {@link RestOperations}. */
  String value();
}
