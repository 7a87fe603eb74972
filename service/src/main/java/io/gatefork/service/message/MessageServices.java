package io.gatefork.service.message;

import io.gatefork.service.RequestContext;
import java.util.concurrent.CompletableFuture;

public interface MessageServices {

  CompletableFuture<MessagePublished> publish(RequestContext context, PublishMessage command);
}
