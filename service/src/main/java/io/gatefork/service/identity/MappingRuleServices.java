package io.gatefork.service.identity;

import io.gatefork.service.RequestContext;
import java.util.concurrent.CompletableFuture;

/** Mapping rules ({@code MAPPING_RULE} records on the deployment partition). */
public interface MappingRuleServices {

  CompletableFuture<MappingRule> create(RequestContext context, MappingRule rule);

  CompletableFuture<MappingRule> update(RequestContext context, MappingRule rule);

  CompletableFuture<Void> delete(RequestContext context, String mappingRuleId);
}
