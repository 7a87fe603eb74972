package io.gatefork.gateway.rest.connection;

import org.apache.coyote.Adapter;
import org.apache.coyote.Request;
import org.apache.coyote.Response;
import org.apache.tomcat.util.net.SocketEvent;

/** Tomcat's adapter from the protocol to the container, passed on as is: override what you add. */
abstract class DelegatingAdapter implements Adapter {
  private final Adapter adapter;

  DelegatingAdapter(final Adapter adapter) {
    this.adapter = adapter;
  }

  @Override
  public void service(final Request req, final Response res) throws Exception {
    adapter.service(req, res);
  }

  @Override
  public boolean prepare(final Request req, final Response res) throws Exception {
    return adapter.prepare(req, res);
  }

  @Override
  public boolean asyncDispatch(final Request req, final Response res, final SocketEvent status)
      throws Exception {
    return adapter.asyncDispatch(req, res, status);
  }

  @Override
  public void log(final Request req, final Response res, final long time) {
    adapter.log(req, res, time);
  }

  @Override
  public void checkRecycled(final Request req, final Response res) {
    adapter.checkRecycled(req, res);
  }

  @Override
  public String getDomain() {
    return adapter.getDomain();
  }
}
