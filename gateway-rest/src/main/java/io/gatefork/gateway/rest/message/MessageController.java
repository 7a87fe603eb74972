package io.gatefork.gateway.rest.message;

import io.gatefork.gateway.rest.operation.GatewayOperation;
import io.gatefork.gateway.rest.response.AsyncResponses;
import io.gatefork.service.RequestContext;
import io.gatefork.service.message.CorrelateMessage;
import io.gatefork.service.message.MessageServices;
import io.gatefork.service.message.PublishMessage;
import io.gatefork.service.operation.Operation;
import java.util.concurrent.CompletableFuture;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;

@RestController
public class MessageController {
  private final MessageServices messageServices;

  public MessageController(final MessageServices messageServices) {
    this.messageServices = messageServices;
  }

  /** 200 {@code {messageKey, tenantId}}; does not wait for a correlation. */
  @GatewayOperation(Operation.PUBLISH_MESSAGE)
  @PostMapping(
      path = "/v2/messages/publication",
      consumes = MediaType.APPLICATION_JSON_VALUE,
      produces = {MediaType.APPLICATION_JSON_VALUE, MediaType.APPLICATION_PROBLEM_JSON_VALUE})
  public CompletableFuture<ResponseEntity<Object>> publishMessage(
      @RequestBody final MessagePublicationRequest body, final RequestContext context) {
    final PublishMessage command = MessageRequestMapper.toPublishMessage(body, context);
    return AsyncResponses.ok(
        messageServices.publish(context, command), MessageRequestMapper::toResponse);
  }

  /**
   * 200 {@code {messageKey, processInstanceKey, tenantId}} once the message was correlated; 404
   * NOT_FOUND when no process instance was waiting for it and none could start with it.
   */
  @GatewayOperation(Operation.CORRELATE_MESSAGE)
  @PostMapping(
      path = "/v2/messages/correlation",
      consumes = MediaType.APPLICATION_JSON_VALUE,
      produces = {MediaType.APPLICATION_JSON_VALUE, MediaType.APPLICATION_PROBLEM_JSON_VALUE})
  public CompletableFuture<ResponseEntity<Object>> correlateMessage(
      @RequestBody final MessageCorrelationRequest body, final RequestContext context) {
    final CorrelateMessage command = MessageRequestMapper.toCorrelateMessage(body, context);
    return AsyncResponses.ok(
        messageServices.correlate(context, command), MessageRequestMapper::toResponse);
  }
}
