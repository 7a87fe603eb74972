package io.gatefork.broker.client.request;

import io.camunda.zeebe.protocol.record.ValueType;
import io.camunda.zeebe.protocol.record.intent.Intent;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;

/** Interned {@code VALUE_TYPE#INTENT} names, so building a request allocates no string. */
final class RequestTypes {
  private static final ConcurrentMap<Intent, String> NAMES = new ConcurrentHashMap<>();

  private RequestTypes() {}

  static String name(final ValueType valueType, final Intent intent) {
    final String cached = NAMES.get(intent);
    if (cached != null) {
      return cached;
    }
    return NAMES.computeIfAbsent(intent, i -> valueType.name() + "#" + intent.name());
  }
}
