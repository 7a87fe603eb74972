package io.gatefork.service.identity;

/**
 * Tenants ({@code TENANT} records); members are users, clients, groups, roles and mapping rules.
 */
public interface TenantServices extends MembershipServices {}
