package io.gatefork.gateway.rest.frontend;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * {@code gatefork.rest.*}.
 *
 * @param frontEnd how REST requests pass through Tomcat, Spring Security and Spring MVC: {@code
 *     lean} (one servlet pass per request, security on the REQUEST dispatch only) or {@code stock}
 *     (as Spring Boot sets it up), see {@link RestFrontEnd}
 */
@ConfigurationProperties("gatefork.rest")
public record RestFrontEndProperties(@DefaultValue("lean") RestFrontEnd frontEnd) {}
