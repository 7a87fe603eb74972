package io.gatefork.broker.dev;

import io.camunda.zeebe.protocol.record.RecordType;
import io.camunda.zeebe.protocol.record.RejectionType;
import io.camunda.zeebe.protocol.record.ValueType;
import io.camunda.zeebe.protocol.record.intent.Intent;
import java.util.Map;

/**
 * A copy of one record of a partition's log, as kept by the {@link RecordJournal}.
 *
 * @param partitionId the partition whose log holds the record
 * @param position the record's position in that log
 * @param key the record key (-1 if none)
 * @param recordType command, event or command rejection
 * @param valueType what the record is about
 * @param intent what happened or is requested
 * @param rejectionType why a command was rejected ({@code NULL_VAL} if not a rejection)
 * @param rejectionReason the rejection message (empty if not a rejection)
 * @param valueJson the record value as JSON
 * @param authorizations the claims the command was sent with (what the gateway put into its {@code
 *     AuthInfo}, e.g. {@code authorized_username}); empty when it carried none, and for events the
 *     engine wrote itself
 */
public record JournalRecord(
    int partitionId,
    long position,
    long key,
    RecordType recordType,
    ValueType valueType,
    Intent intent,
    RejectionType rejectionType,
    String rejectionReason,
    String valueJson,
    Map<String, Object> authorizations) {

  public JournalRecord {
    authorizations = authorizations == null ? Map.of() : Map.copyOf(authorizations);
  }

  /** Whether the record has exactly this type, value type and intent. */
  public boolean is(final RecordType recordType, final ValueType valueType, final Intent intent) {
    return this.recordType == recordType && this.valueType == valueType && this.intent == intent;
  }

  @Override
  public String toString() {
    return "p%d@%d %s %s.%s key=%d%s %s"
        .formatted(
            partitionId,
            position,
            recordType,
            valueType,
            intent,
            key,
            rejectionType == RejectionType.NULL_VAL
                ? ""
                : " rejected " + rejectionType + " '" + rejectionReason + "'",
            valueJson);
  }
}
