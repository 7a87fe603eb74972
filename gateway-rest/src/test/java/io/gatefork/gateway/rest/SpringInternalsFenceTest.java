package io.gatefork.gateway.rest;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import io.gatefork.gateway.rest.frontend.SpringInternals;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.boot.autoconfigure.web.servlet.WebMvcRegistrations;
import org.springframework.boot.web.servlet.DelegatingFilterProxyRegistrationBean;
import org.springframework.web.servlet.handler.AbstractHandlerMethodMapping;
import org.springframework.web.servlet.handler.HandlerExceptionResolverComposite;
import org.springframework.web.servlet.mvc.method.annotation.DeferredResultMethodReturnValueHandler;
import org.springframework.web.servlet.mvc.method.annotation.ExceptionHandlerExceptionResolver;

/**
 * Spring's internals are fenced in the {@code frontend} package, as Tomcat's are in {@code
 * connection}: no other class of this module rewires Spring's beans after they are made, reaches
 * into MVC's handler lists, or subclasses MVC's request mapping. What the fence relies on is named
 * in {@link SpringInternals}.
 */
class SpringInternalsFenceTest {
  private static final JavaClasses MAIN =
      new ClassFileImporter()
          .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
          .importPackages("io.gatefork.gateway.rest");

  @Test
  void onlyTheFrontEndReachesBelowSpringsPublicApi() {
    assertThat(MAIN.contain("io.gatefork.gateway.rest.frontend.LiteralPrefixHandlerMapping"))
        .as("the module's classes are imported")
        .isTrue();
    noClasses()
        .that()
        .resideOutsideOfPackage("..rest.frontend..")
        .should()
        .dependOnClassesThat()
        .belongToAnyOf(
            SpringInternals.class,
            BeanPostProcessor.class,
            DelegatingFilterProxyRegistrationBean.class,
            WebMvcRegistrations.class,
            HandlerExceptionResolverComposite.class,
            ExceptionHandlerExceptionResolver.class,
            DeferredResultMethodReturnValueHandler.class)
        .orShould()
        .beAssignableTo(AbstractHandlerMethodMapping.class)
        .check(MAIN);
  }
}
