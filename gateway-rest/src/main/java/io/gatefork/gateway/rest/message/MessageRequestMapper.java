package io.gatefork.gateway.rest.message;

import io.gatefork.service.RequestContext;
import io.gatefork.service.auth.TenantAccess;
import io.gatefork.service.message.CorrelateMessage;
import io.gatefork.service.message.MessageCorrelated;
import io.gatefork.service.message.MessagePublished;
import io.gatefork.service.message.PublishMessage;

/** Validates publications and correlations and maps both directions. */
final class MessageRequestMapper {

  private MessageRequestMapper() {}

  static PublishMessage toPublishMessage(
      final MessagePublicationRequest request, final RequestContext context) {
    return new PublishMessage(
        request.name(),
        request.correlationKey() == null ? "" : request.correlationKey(),
        request.timeToLive() == null ? 0 : request.timeToLive(),
        request.messageId(),
        request.variables(),
        TenantAccess.named(context.caller(), context.operation(), "tenantId", request.tenantId()));
  }

  static CorrelateMessage toCorrelateMessage(
      final MessageCorrelationRequest request, final RequestContext context) {
    return new CorrelateMessage(
        request.name(),
        request.correlationKey() == null ? "" : request.correlationKey(),
        request.variables(),
        TenantAccess.named(context.caller(), context.operation(), "tenantId", request.tenantId()));
  }

  static MessageCorrelationResponse toResponse(final MessageCorrelated correlated) {
    return new MessageCorrelationResponse(
        correlated.tenantId(),
        Long.toString(correlated.messageKey()),
        Long.toString(correlated.processInstanceKey()));
  }

  static MessagePublicationResponse toResponse(final MessagePublished published) {
    return new MessagePublicationResponse(
        published.tenantId(), Long.toString(published.messageKey()));
  }
}
