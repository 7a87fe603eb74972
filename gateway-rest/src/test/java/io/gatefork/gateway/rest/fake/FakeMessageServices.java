package io.gatefork.gateway.rest.fake;

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

  @Override
  public CompletableFuture<MessagePublished> publish(
      final RequestContext context, final PublishMessage command) {
    return publish.answer(new Publish(context, command));
  }

  @Override
  public CompletableFuture<MessageCorrelated> correlate(
      final RequestContext context, final CorrelateMessage command) {
    return correlate.answer(new Correlate(context, command));
  }

  int calls() {
    return publish.count() + correlate.count();
  }

  void reset() {
    publish.reset();
    correlate.reset();
  }
}
