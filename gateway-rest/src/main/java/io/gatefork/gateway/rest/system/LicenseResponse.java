package io.gatefork.gateway.rest.system;

import com.fasterxml.jackson.annotation.JsonInclude;

/** {@code LicenseResponse} of the 8.8 spec; {@code expiresAt} is left out when there is none. */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record LicenseResponse(
    boolean validLicense, String licenseType, boolean isCommercial, String expiresAt) {}
