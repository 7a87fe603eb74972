package io.gatefork.service.identity;

import io.gatefork.service.validation.FieldRules;
import io.gatefork.service.validation.IdentifierRules;

/**
 * A mapping rule: callers whose token has the claim {@code claimName} with {@code claimValue} count
 * as this rule (and get its groups, roles, tenants and authorizations). Its rules hold once it
 * exists: the front end that builds one to save refuses a bad id or a missing field there, once,
 * before the service is called (a rule the broker answers with passed them when it was saved).
 *
 * @param key the rule's key as the broker answered it; 0 in commands
 */
public record MappingRule(
    long key, String mappingRuleId, String name, String claimName, String claimValue) {

  public MappingRule {
    IdentifierRules.identifier("mappingRuleId", mappingRuleId);
    FieldRules.requireText("name", name);
    FieldRules.requireText("claimName", claimName);
    FieldRules.requireText("claimValue", claimValue);
  }
}
