package io.gatefork.service.testing;

import io.gatefork.service.RequestContext;
import io.gatefork.service.message.CorrelateMessage;
import io.gatefork.service.message.MessageCorrelated;
import io.gatefork.service.message.MessagePublished;
import io.gatefork.service.message.MessageServices;
import io.gatefork.service.message.PublishMessage;
import java.util.concurrent.CompletableFuture;

public final class FakeMessageServices implements MessageServices {
  public final ScriptedAnswer<Publish, MessagePublished> publish = new ScriptedAnswer<>();
  public final ScriptedAnswer<Correlate, MessageCorrelated> correlate = new ScriptedAnswer<>();

  public record Publish(RequestContext context, PublishMessage command) {}

  public record Correlate(RequestContext context, CorrelateMessage command) {}

  private final FakeDelivery delivery;

  /** Answers as scripted. */
  public FakeMessageServices() {
    this(new FakeDelivery());
  }

  public FakeMessageServices(final FakeDelivery delivery) {
    this.delivery = delivery;
  }

  @Override
  public CompletableFuture<MessagePublished> publish(
      final RequestContext context, final PublishMessage command) {
    return delivery.deliver(context, publish.answer(new Publish(context, command)));
  }

  @Override
  public CompletableFuture<MessageCorrelated> correlate(
      final RequestContext context, final CorrelateMessage command) {
    return delivery.deliver(context, correlate.answer(new Correlate(context, command)));
  }

  int calls() {
    return publish.count() + correlate.count();
  }

  void reset() {
    publish.reset();
    correlate.reset();
  }
}
