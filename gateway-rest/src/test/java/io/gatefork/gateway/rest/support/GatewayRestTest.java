package io.gatefork.gateway.rest.support;

import io.gatefork.gateway.rest.TestGatewayApplication;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.springframework.boot.test.autoconfigure.web.servlet.AutoConfigureMockMvc;
import org.springframework.boot.test.context.SpringBootTest;

/**
 * The module as the dist app wires it (auto-configuration, security chain, stage filter, advice)
 * over fake services, in a real Tomcat on a random port and driven through MockMvc or HTTP. One
 * shared context for all such tests; the small multipart limits are for the 413 test.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@SpringBootTest(
    classes = TestGatewayApplication.class,
    webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
    properties = {
      "spring.servlet.multipart.max-file-size=1KB",
      "spring.servlet.multipart.max-request-size=4KB"
    })
@AutoConfigureMockMvc
public @interface GatewayRestTest {}
