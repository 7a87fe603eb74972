package io.gatefork.service.identity;

/**
 * A mapping rule: callers whose token has the claim {@code claimName} with {@code claimValue} count
 * as this rule (and get its groups, roles, tenants and authorizations).
 *
 * @param key the rule's key as the broker answered it; 0 in commands
 */
public record MappingRule(
    long key, String mappingRuleId, String name, String claimName, String claimValue) {}
