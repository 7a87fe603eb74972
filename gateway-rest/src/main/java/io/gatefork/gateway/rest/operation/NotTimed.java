package io.gatefork.gateway.rest.operation;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a class of REST handlers that serve no {@link GatewayOperation}: their requests are not
 * recorded on {@code gatefork.request.stage}, and they take no {@link
 * io.gatefork.service.RequestContext}.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface NotTimed {
  /** Why the handlers are not an operation. */
  String value();
}
