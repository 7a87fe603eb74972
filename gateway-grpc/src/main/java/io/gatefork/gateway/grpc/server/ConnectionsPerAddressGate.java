package io.gatefork.gateway.grpc.server;

import io.gatefork.service.connection.ConnectionsPerAddress;
import io.grpc.ServerCredentials;
import io.grpc.internal.ObjectPool;
import io.grpc.netty.GrpcHttp2ConnectionHandler;
import io.grpc.netty.InternalNettyServerCredentials;
import io.grpc.netty.InternalProtocolNegotiator;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerAdapter;
import io.netty.channel.ChannelHandlerContext;
import io.netty.util.AsciiString;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.concurrent.Executor;

/**
 * Server credentials that close a connection as soon as it is accepted when its remote address
 * holds {@code gatefork.grpc.max-connections-per-address} already ({@link ConnectionsPerAddress}),
 * and otherwise negotiate as the credentials they wrap (plaintext or TLS).
 *
 * <p>grpc-java has no public hook that can refuse a connection: a {@code ServerTransportFilter}
 * sees it only after the HTTP/2 handshake and cannot close it (grpc-java#10929). What every
 * accepted channel does pass through is the protocol negotiator's handler, the first one grpc-java
 * puts on its pipeline; grpc-netty's {@code Internal*} negotiator API (the one its xDS and ALTS
 * modules build on) lets the gateway put {@link Gate} in front of it. The gate counts the
 * connection and steps aside for the real negotiation, or closes the channel before a byte is read
 * or written: the client sees its connection closed and fails the call {@code UNAVAILABLE}, then
 * retries as it does for any lost connection. The connection is uncounted when its channel closes.
 */
final class ConnectionsPerAddressGate implements InternalProtocolNegotiator.ServerFactory {
  private final InternalProtocolNegotiator.ServerFactory credentials;
  private final ConnectionsPerAddress limit;
  private final ChannelFutureListener uncount;

  private ConnectionsPerAddressGate(
      final InternalProtocolNegotiator.ServerFactory credentials,
      final ConnectionsPerAddress limit) {
    this.credentials = credentials;
    this.limit = limit;
    uncount = closed -> limit.closed(remoteAddress(closed.channel()));
  }

  /** {@code credentials} behind the gate of {@code limit}. */
  static ServerCredentials around(
      final ServerCredentials credentials, final ConnectionsPerAddress limit) {
    return InternalNettyServerCredentials.create(
        new ConnectionsPerAddressGate(
            InternalNettyServerCredentials.toNegotiator(credentials), limit));
  }

  @Override
  public InternalProtocolNegotiator.ProtocolNegotiator newNegotiator(
      final ObjectPool<? extends Executor> offloadExecutorPool) {
    return new Negotiator(credentials.newNegotiator(offloadExecutorPool));
  }

  /** The channel's address, as Netty caches it when the channel is accepted. */
  private static InetAddress remoteAddress(final Channel channel) {
    return channel.remoteAddress() instanceof final InetSocketAddress address
        ? address.getAddress()
        : null;
  }

  private final class Negotiator implements InternalProtocolNegotiator.ProtocolNegotiator {
    private final InternalProtocolNegotiator.ProtocolNegotiator negotiator;

    Negotiator(final InternalProtocolNegotiator.ProtocolNegotiator negotiator) {
      this.negotiator = negotiator;
    }

    @Override
    public AsciiString scheme() {
      return negotiator.scheme();
    }

    @Override
    public ChannelHandler newHandler(final GrpcHttp2ConnectionHandler grpcHandler) {
      return new Gate(negotiator.newHandler(grpcHandler));
    }

    @Override
    public void close() {
      negotiator.close();
    }
  }

  /** Counts its channel when added (on the channel's event loop, before it is active). */
  private final class Gate extends ChannelHandlerAdapter {
    private final ChannelHandler negotiation;

    Gate(final ChannelHandler negotiation) {
      this.negotiation = negotiation;
    }

    @Override
    public void handlerAdded(final ChannelHandlerContext ctx) {
      final Channel channel = ctx.channel();
      if (limit.open(remoteAddress(channel))) {
        channel.closeFuture().addListener(uncount);
        ctx.pipeline().replace(this, null, negotiation);
      } else {
        ctx.close();
      }
    }
  }
}
