package io.gatefork.service.identity;

/**
 * A user to create or update. On update a null or empty field stays as it is.
 *
 * @param password in plain text; hashed by the service before anything is sent
 */
public record UserDefinition(String username, String name, String email, String password) {

  @Override
  public String toString() {
    // never log a password
    return "UserDefinition[username=" + username + ", name=" + name + ", email=" + email + "]";
  }
}
