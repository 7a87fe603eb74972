package io.gatefork.service.identity;

/**
 * Turns a password into what the broker stores: brokers keep and compare hashes only, so a
 * plaintext password must never be sent. The application plugs in the stock encoding ({@code
 * {bcrypt}...}, Spring Security's delegating encoder) so that a stock cluster can check it.
 */
@FunctionalInterface
public interface PasswordHasher {

  String hash(String password);
}
