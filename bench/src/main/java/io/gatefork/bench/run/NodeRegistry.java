package io.gatefork.bench.run;

import io.gatefork.bench.runtime.Node;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The nodes that are running right now, so that an interrupted run (Ctrl-C, a failed test) does not
 * leave containers behind: a shutdown hook closes whatever is still registered.
 */
public final class NodeRegistry {
  private final Set<Node> running = ConcurrentHashMap.newKeySet();
  private final Thread hook = new Thread(this::closeAll, "gatefork-bench-cleanup");

  public NodeRegistry() {
    Runtime.getRuntime().addShutdownHook(hook);
  }

  public <N extends Node> N add(final N node) {
    running.add(node);
    return node;
  }

  public void close(final Node node) {
    if (node != null) {
      try {
        node.close();
      } finally {
        running.remove(node);
      }
    }
  }

  public void closeAll() {
    for (final Node node : Set.copyOf(running)) {
      close(node);
    }
  }

  /** After a normal end: nothing is left to clean up. */
  public void release() {
    closeAll();
    try {
      Runtime.getRuntime().removeShutdownHook(hook);
    } catch (final IllegalStateException ignored) {
      // the JVM is already shutting down and runs the hook itself
    }
  }
}
