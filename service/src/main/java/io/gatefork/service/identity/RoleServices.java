package io.gatefork.service.identity;

/** Roles ({@code ROLE} records); members are users, clients, groups and mapping rules. */
public interface RoleServices extends MembershipServices {}
