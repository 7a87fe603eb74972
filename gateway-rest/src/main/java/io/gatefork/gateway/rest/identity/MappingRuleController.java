package io.gatefork.gateway.rest.identity;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import io.gatefork.gateway.rest.operation.GatewayOperation;
import io.gatefork.gateway.rest.response.AsyncResponses;
import io.gatefork.service.RequestContext;
import io.gatefork.service.identity.MappingRule;
import io.gatefork.service.identity.MappingRuleServices;
import io.gatefork.service.operation.Operation;
import java.util.concurrent.CompletableFuture;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/** Mapping rules: token claims that make a caller count as the rule. */
@RestController
@RequestMapping(
    path = "/v2/mapping-rules",
    produces = {MediaType.APPLICATION_JSON_VALUE, MediaType.APPLICATION_PROBLEM_JSON_VALUE})
public class MappingRuleController {

  private final MappingRuleServices services;

  public MappingRuleController(final MappingRuleServices services) {
    this.services = services;
  }

  /** Body of {@code POST /v2/mapping-rules}; all four fields are required. */
  public record MappingRuleCreateRequest(
      String mappingRuleId, String name, String claimName, String claimValue) {}

  /** Body of {@code PUT /v2/mapping-rules/{id}}; all three fields are required. */
  @JsonIgnoreProperties(ignoreUnknown = true)
  public record MappingRuleUpdateRequest(String name, String claimName, String claimValue) {}

  /** {@code MappingRuleCreateResult} / {@code MappingRuleUpdateResult} of the spec. */
  public record MappingRuleResponse(
      String claimName, String claimValue, String name, String mappingRuleId) {}

  /** 201 with the rule. */
  @GatewayOperation(Operation.CREATE_MAPPING_RULE)
  @PostMapping(consumes = MediaType.APPLICATION_JSON_VALUE)
  public CompletableFuture<ResponseEntity<Object>> createMappingRule(
      @RequestBody final MappingRuleCreateRequest body, final RequestContext context) {
    final var rule = rule(body.mappingRuleId(), body.name(), body.claimName(), body.claimValue());
    return AsyncResponses.created(
        services.create(context, rule), MappingRuleController::toResponse);
  }

  /** 200 with the rule as stored. */
  @GatewayOperation(Operation.UPDATE_MAPPING_RULE)
  @PutMapping(path = "/{mappingRuleId}", consumes = MediaType.APPLICATION_JSON_VALUE)
  public CompletableFuture<ResponseEntity<Object>> updateMappingRule(
      @PathVariable final String mappingRuleId,
      @RequestBody final MappingRuleUpdateRequest body,
      final RequestContext context) {
    final var rule = rule(mappingRuleId, body.name(), body.claimName(), body.claimValue());
    return AsyncResponses.ok(services.update(context, rule), MappingRuleController::toResponse);
  }

  @GatewayOperation(Operation.DELETE_MAPPING_RULE)
  @DeleteMapping("/{mappingRuleId}")
  public CompletableFuture<ResponseEntity<Object>> deleteMappingRule(
      @PathVariable final String mappingRuleId, final RequestContext context) {
    return AsyncResponses.noContent(services.delete(context, mappingRuleId));
  }

  /** The service checks the id and that each field is given. */
  private static MappingRule rule(
      final String id, final String name, final String claimName, final String claimValue) {
    return new MappingRule(0, id, name, claimName, claimValue);
  }

  private static MappingRuleResponse toResponse(final MappingRule rule) {
    return new MappingRuleResponse(
        rule.claimName(), rule.claimValue(), rule.name(), rule.mappingRuleId());
  }
}
