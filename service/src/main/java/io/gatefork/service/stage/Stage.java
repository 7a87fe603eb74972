package io.gatefork.service.stage;

/**
 * The stages of one request, the {@code stage} tag of the {@code gatefork.request.stage} timer
 * (docs/metrics.md); {@link #TOTAL} spans the whole request.
 */
public enum Stage {
  /** request accepted by the server -> controller/endpoint entered */
  FILTER("filter"),
  /** entered -> broker request handed to the transport */
  DISPATCH("dispatch"),
  /** handed to the transport -> broker response received */
  BROKER("broker"),
  /** response received -> handling starts on the API executor */
  QUEUE("queue"),
  /** handling starts -> result handed to the front end */
  MAPPING("mapping"),
  /** result handed over -> response committed to the client */
  WRITE("write"),
  /** accepted -> committed */
  TOTAL("total");

  private final String tag;

  Stage(final String tag) {
    this.tag = tag;
  }

  public String tag() {
    return tag;
  }
}
