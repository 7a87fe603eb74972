package io.gatefork.broker.dev.partition;

import io.camunda.zeebe.logstreams.impl.flowcontrol.FlowControl;
import io.camunda.zeebe.logstreams.log.LoggedEvent;
import io.camunda.zeebe.stream.api.records.TypedRecord;
import io.camunda.zeebe.stream.impl.StreamProcessorListener;
import io.gatefork.broker.dev.log.LogRetention.ReadMark;

/**
 * Follows the stream processor through the log, on its thread:
 *
 * <ul>
 *   <li>a processed command frees its flow-control slot (without this a request limit never drains
 *       and every later command is refused);
 *   <li>every processed or skipped record advances the processor's read mark, which lets the log
 *       drop what the processor has passed.
 * </ul>
 */
final class ProcessingProgressListener implements StreamProcessorListener {

  private final FlowControl flowControl;
  private final ReadMark readMark;

  ProcessingProgressListener(final FlowControl flowControl, final ReadMark readMark) {
    this.flowControl = flowControl;
    this.readMark = readMark;
  }

  @Override
  public void onProcessed(final TypedRecord<?> processedCommand) {
    final long position = processedCommand.getPosition();
    flowControl.onProcessed(position);
    readMark.advanceTo(position);
  }

  @Override
  public void onSkipped(final LoggedEvent skippedRecord) {
    readMark.advanceTo(skippedRecord.getPosition());
  }
}
