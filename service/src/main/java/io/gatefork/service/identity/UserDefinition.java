package io.gatefork.service.identity;

import io.gatefork.service.validation.FieldRules;
import io.gatefork.service.validation.IdentifierRules;

/**
 * A user to create or update. On update a null or empty field stays as it is. Its rules hold once
 * it exists: the front end that builds it refuses a bad username or email there, once, before the
 * service is called; a user to create is built by {@link #newUser}, which also needs a password.
 *
 * @param password in plain text; hashed by the service before anything is sent
 */
public record UserDefinition(String username, String name, String email, String password) {

  public UserDefinition {
    IdentifierRules.identifier("username", username);
    IdentifierRules.email("email", email);
  }

  /** A user to create: as any definition, and with a password. */
  public static UserDefinition newUser(
      final String username, final String name, final String email, final String password) {
    final var user = new UserDefinition(username, name, email, password);
    FieldRules.requireText("password", password);
    return user;
  }

  @Override
  public String toString() {
    // never log a password
    return "UserDefinition[username=" + username + ", name=" + name + ", email=" + email + "]";
  }
}
