package io.gatefork.gateway.app;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.context.properties.ConfigurationPropertiesScan;

/** The gatefork gateway: REST v2 on 8080, gRPC on 26500, management on 9600, cluster on 26502. */
@SpringBootApplication
@ConfigurationPropertiesScan
public class GateforkApplication {

  public static void main(final String[] args) {
    SpringApplication.run(GateforkApplication.class, args);
  }
}
