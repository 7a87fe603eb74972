package io.gatefork.qa.support;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A test class that runs the gatefork image in containers: needs Docker (see {@link
 * RequiresDocker}) and gives up after ten minutes per test, whatever a container does.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Tag("container")
@ExtendWith(RequiresDocker.class)
@Timeout(value = 10, unit = TimeUnit.MINUTES)
public @interface ContainerTest {}
