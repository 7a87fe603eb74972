package io.gatefork.gateway.rest.message;

import io.gatefork.gateway.rest.json.JsonObjectText;
import io.gatefork.gateway.rest.validation.RequestChecks;
import io.gatefork.service.message.MessagePublished;
import io.gatefork.service.message.PublishMessage;

/** Validates a publication and maps both directions. */
final class MessageRequestMapper {

  private MessageRequestMapper() {}

  static PublishMessage toPublishMessage(final MessagePublicationRequest request) {
    return new PublishMessage(
        RequestChecks.requireText("name", request.name()),
        request.correlationKey() == null ? "" : request.correlationKey(),
        RequestChecks.notNegative("timeToLive", request.timeToLive(), 0),
        request.messageId(),
        JsonObjectText.jsonOrNull(request.variables()),
        RequestChecks.tenantId("tenantId", request.tenantId()));
  }

  static MessagePublicationResponse toResponse(final MessagePublished published) {
    return new MessagePublicationResponse(
        published.tenantId(), Long.toString(published.messageKey()));
  }
}
