package io.gatefork.service.operation;

/** The front end a request came through: the {@code api} tag of the gateway's request meters. */
public enum Api {
  REST("rest"),
  GRPC("grpc");

  private final String tag;

  Api(final String tag) {
    this.tag = tag;
  }

  /** The value of the {@code api} tag. */
  public String tag() {
    return tag;
  }
}
