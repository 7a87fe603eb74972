package io.gatefork.broker.dev.commandapi;

/** Told about every command request the command API receives. Called on the transport thread. */
public interface CommandApiObserver {

  /** A request arrived for the partition, whatever happens to it next. */
  void onReceived(int partitionId);

  /** The request was refused with {@code RESOURCE_EXHAUSTED} (flow control said no). */
  void onResourceExhausted(int partitionId);

  CommandApiObserver NOOP =
      new CommandApiObserver() {
        @Override
        public void onReceived(final int partitionId) {}

        @Override
        public void onResourceExhausted(final int partitionId) {}
      };
}
