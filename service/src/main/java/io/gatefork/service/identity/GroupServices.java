package io.gatefork.service.identity;

/** Groups ({@code GROUP} records); members are users, clients and mapping rules. */
public interface GroupServices extends MembershipServices {}
