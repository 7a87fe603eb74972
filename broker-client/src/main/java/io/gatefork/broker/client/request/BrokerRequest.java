package io.gatefork.broker.client.request;

import io.camunda.zeebe.protocol.impl.record.UnifiedRecordValue;
import io.camunda.zeebe.protocol.record.ValueType;
import io.camunda.zeebe.protocol.record.intent.Intent;
import io.camunda.zeebe.util.buffer.BufferWriter;
import java.util.Objects;
import java.util.function.Supplier;

/**
 * One command for a broker partition: what the gateway writes into an SBE {@code
 * ExecuteCommandRequest} (value type, intent, key, msgpack record, authorization) plus where it
 * goes and how to read the answer's record.
 *
 * @param <T> the record type of the broker's answer
 */
public final class BrokerRequest<T extends UnifiedRecordValue> {
  /** The SBE null value of the key field: the command addresses no existing entity. */
  public static final long NO_KEY = -1L;

  private final ValueType valueType;
  private final Intent intent;
  private final long key;
  private final UnifiedRecordValue value;
  private final PartitionTarget target;
  private final Supplier<T> responseValue;
  private final String type;
  private BufferWriter authorization;
  private long operationReference = -1L;
  private BrokerAttemptListener attemptListener;

  public BrokerRequest(
      final ValueType valueType,
      final Intent intent,
      final long key,
      final UnifiedRecordValue value,
      final PartitionTarget target,
      final Supplier<T> responseValue) {
    this.valueType = Objects.requireNonNull(valueType);
    this.intent = Objects.requireNonNull(intent);
    this.key = key;
    this.value = Objects.requireNonNull(value);
    this.target = Objects.requireNonNull(target);
    this.responseValue = Objects.requireNonNull(responseValue);
    // the stock gateway's requestType tag, e.g. PROCESS_INSTANCE_CREATION#CREATE
    type = RequestTypes.name(valueType, intent);
  }

  public ValueType valueType() {
    return valueType;
  }

  public Intent intent() {
    return intent;
  }

  public long key() {
    return key;
  }

  public UnifiedRecordValue value() {
    return value;
  }

  public PartitionTarget target() {
    return target;
  }

  /** A fresh, empty record to read the broker's answer into. */
  public T newResponseValue() {
    return responseValue.get();
  }

  /** Stable name for metrics and messages: {@code VALUE_TYPE#INTENT}. */
  public String type() {
    return type;
  }

  /** The caller's identity as the broker expects it (an encoded {@code AuthInfo}), or null. */
  public BufferWriter authorization() {
    return authorization;
  }

  public BrokerRequest<T> authorization(final BufferWriter authorization) {
    this.authorization = authorization;
    return this;
  }

  /** Client-chosen reference echoed on the resulting records; -1 when absent. */
  public long operationReference() {
    return operationReference;
  }

  public BrokerRequest<T> operationReference(final long operationReference) {
    this.operationReference = operationReference;
    return this;
  }

  /** Who hears each message sent for this request (a traced request's span), or null. */
  public BrokerAttemptListener attemptListener() {
    return attemptListener;
  }

  public BrokerRequest<T> attemptListener(final BrokerAttemptListener attemptListener) {
    this.attemptListener = attemptListener;
    return this;
  }

  @Override
  public String toString() {
    return "BrokerRequest{" + type + ", key=" + key + ", target=" + target + "}";
  }
}
