package io.gatefork.gateway.app;

import static com.tngtech.archunit.base.DescribedPredicate.not;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/**
 * The module layering of DESIGN.md, checked on the classes of every module (gateway-app's classpath
 * holds them all; their tests are left out): dependencies point down only.
 *
 * <p>Maven already refuses a dependency cycle between modules; these rules hold what it does not
 * see: a module using another that it only reaches transitively, and Spring in the service layer.
 * qa and bench are not on gateway-app's classpath and are not checked here; neither has main code
 * that names a gatefork class.
 */
class ModuleLayeringTest {
  private static final String BROKER_CLIENT = "io.gatefork.broker.client..";
  private static final String SERVICE = "io.gatefork.service..";
  private static final String GATEWAY_REST = "io.gatefork.gateway.rest..";
  private static final String GATEWAY_GRPC = "io.gatefork.gateway.grpc..";
  private static final String APP = "io.gatefork.gateway.app..";

  private static final JavaClasses GATEFORK =
      new ClassFileImporter()
          .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
          .importPackages("io.gatefork");

  @Test
  void importsTheMainClassesOfEveryModule() {
    // guards the rules below against passing on an empty or partial import
    assertThat(GATEFORK.contain("io.gatefork.broker.client.BrokerClient")).isTrue();
    assertThat(GATEFORK.contain("io.gatefork.broker.dev.EmbeddedBroker")).isTrue();
    assertThat(GATEFORK.contain("io.gatefork.service.executor.ApiExecutor")).isTrue();
    assertThat(GATEFORK.contain("io.gatefork.gateway.grpc.server.GrpcGatewayServer")).isTrue();
    assertThat(GATEFORK.that(resideInAPackage(GATEWAY_REST))).isNotEmpty();
    assertThat(GATEFORK.contain(GatewayConfiguration.class)).isTrue();
    assertThat(GATEFORK.contain(getClass())).isFalse();
  }

  /**
   * Spring (Boot, MVC, Security) comes in from the gateway modules up. The one exception is
   * spring-security-crypto, a self-contained library without Spring of its own, for bcrypt in basic
   * authentication.
   */
  @Test
  void theServiceLayerHasNoSpringDependency() {
    noClasses()
        .that()
        .resideInAPackage(SERVICE)
        .should()
        .dependOnClassesThat(
            resideInAPackage("org.springframework..")
                .and(not(resideInAPackage("org.springframework.security.crypto.."))))
        .because("the service layer is shared by REST and gRPC and is free of Spring")
        .check(GATEFORK);
  }

  @Test
  void theBrokerClientDependsOnNoOtherGateforkModule() {
    noClasses()
        .that()
        .resideInAPackage(BROKER_CLIENT)
        .should()
        .dependOnClassesThat(
            resideInAPackage("io.gatefork..").and(not(resideInAPackage(BROKER_CLIENT))))
        .because("the broker client is the bottom of the gateway's layers")
        .check(GATEFORK);
  }

  @Test
  void theRestGatewayDoesNotDependOnTheGrpcGateway() {
    noClasses()
        .that()
        .resideInAPackage(GATEWAY_REST)
        .should()
        .dependOnClassesThat()
        .resideInAPackage(GATEWAY_GRPC)
        .because("the two front ends share the service layer only")
        .check(GATEFORK);
  }

  @Test
  void theGrpcGatewayDoesNotDependOnTheRestGateway() {
    noClasses()
        .that()
        .resideInAPackage(GATEWAY_GRPC)
        .should()
        .dependOnClassesThat()
        .resideInAPackage(GATEWAY_REST)
        .because("the two front ends share the service layer only")
        .check(GATEFORK);
  }

  @Test
  void nothingButTheApplicationDependsOnIt() {
    noClasses()
        .that()
        .resideOutsideOfPackage(APP)
        .should()
        .dependOnClassesThat()
        .resideInAPackage(APP)
        .because("gateway-app is the top: the application that wires the modules together")
        .check(GATEFORK);
  }

  /**
   * The REST edge's servlet container is Tomcat, chosen by measurement (docs/overload.md); what
   * gatefork sets on it lives in one package, so that another container means one package to
   * replace and the Tomcat minor it was tested on is pinned in one place.
   */
  @Test
  void onlyTheRestConnectionPackageUsesTomcat() {
    noClasses()
        .that()
        .resideOutsideOfPackage("io.gatefork.gateway.rest.connection")
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage(
            "org.apache.catalina..",
            "org.apache.coyote..",
            "org.apache.tomcat..",
            "org.springframework.boot.web.embedded.tomcat..")
        .because("Tomcat's internals are kept in gateway-rest's connection package")
        .check(GATEFORK);
  }
}
