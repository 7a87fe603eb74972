package io.gatefork.gateway.rest.contract;

/** What gatefork does with an operation of the 8.8 REST API. */
public enum OperationStatus {
  /** A controller serves it: a broker command, or answered by the gateway itself. */
  SERVED,
  /**
   * A search or a read: it needs secondary storage, which a gateway does not have. Answered 403
   * FORBIDDEN, as a stock 8.8 gateway without secondary storage answers it.
   */
  SECONDARY_STORAGE,
  /** A command gatefork does not serve yet: answered 501 NOT_IMPLEMENTED with the reason. */
  NOT_SERVED_YET
}
