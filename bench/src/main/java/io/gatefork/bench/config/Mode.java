package io.gatefork.bench.config;

import java.util.Map;

/**
 * One gateway configuration under test: a name, what it stands for, and the environment the gateway
 * container gets (stock Spring relaxed-binding variables, nothing image-specific). A {@code
 * restOnly} mode changes nothing a gRPC client sees, so it runs with REST client setups only.
 */
public record Mode(String name, String description, Map<String, String> env, boolean restOnly) {

  /** Whether a cell of this mode with that client setup measures anything of its own. */
  public boolean appliesTo(final Protocol protocol) {
    return !restOnly || protocol.rest();
  }
}
