package io.gatefork.gateway.rest.system;

import io.gatefork.gateway.rest.operation.GatewayOperation;
import io.gatefork.service.RequestContext;
import io.gatefork.service.operation.Operation;
import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code GET /v2/license}: gatefork carries no Camunda license, so it answers what a stock gateway
 * without one answers: not valid, type {@code unknown}, not commercial, no expiry.
 */
@RestController
public class LicenseController {
  static final LicenseResponse NO_LICENSE = new LicenseResponse(false, "unknown", false, null);

  @GatewayOperation(Operation.LICENSE)
  @GetMapping(path = "/v2/license", produces = MediaType.APPLICATION_JSON_VALUE)
  public LicenseResponse getLicense(final RequestContext context) {
    // answered locally: the context is taken only to enter the request (stage timing)
    return NO_LICENSE;
  }
}
