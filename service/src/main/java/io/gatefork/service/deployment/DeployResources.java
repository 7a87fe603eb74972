package io.gatefork.service.deployment;

import java.util.List;

/**
 * @param resources at least one; names end in .bpmn, .dmn, .form or other accepted extensions
 * @param tenantId null for the default tenant
 */
public record DeployResources(List<Resource> resources, String tenantId) {

  public record Resource(String name, byte[] content) {}
}
