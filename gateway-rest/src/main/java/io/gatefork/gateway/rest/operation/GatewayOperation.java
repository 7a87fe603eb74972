package io.gatefork.gateway.rest.operation;

import io.gatefork.service.operation.Operation;
import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The {@link Operation} a REST handler method serves: its requests are admitted by its policy and
 * recorded under its tag on {@code gatefork.request.stage}, and its tenant-check messages name it.
 * The handler takes the {@link io.gatefork.service.RequestContext} as its last parameter; resolving
 * it ({@link
 * io.gatefork.gateway.rest.stage.RequestContextArgumentResolver}) marks the request entered, after its body was read.
 *
 * <pre>{@code
 * @GatewayOperation(Operation.PUBLISH_MESSAGE)
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
  Operation value();
}
