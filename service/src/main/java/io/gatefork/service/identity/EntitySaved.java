package io.gatefork.service.identity;

/** A group, role or tenant as the broker stored it. */
public record EntitySaved(long key, String id, String name, String description) {}
