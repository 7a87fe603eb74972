package io.gatefork.service.identity;

/** A user as the broker stored it (without its password). */
public record UserSaved(long userKey, String username, String name, String email) {}
