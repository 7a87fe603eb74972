package io.gatefork.service.identity;

import io.camunda.zeebe.protocol.impl.record.value.authorization.MappingRuleRecord;
import io.camunda.zeebe.protocol.record.intent.MappingRuleIntent;
import io.gatefork.broker.client.BrokerClient;
import io.gatefork.broker.client.BrokerResult;
import io.gatefork.broker.client.request.BrokerRequest;
import io.gatefork.broker.client.request.BrokerRequests;
import io.gatefork.service.ApiServices;
import io.gatefork.service.RequestContext;
import io.gatefork.service.error.ServiceException;
import io.gatefork.service.validation.IdentifierRules;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;

public final class BrokerMappingRuleServices extends ApiServices implements MappingRuleServices {

  public BrokerMappingRuleServices(final BrokerClient brokerClient, final Executor executor) {
    super(brokerClient, executor);
  }

  @Override
  public CompletableFuture<MappingRule> create(
      final RequestContext context, final MappingRule rule) {
    return save(context, MappingRuleIntent.CREATE, rule);
  }

  @Override
  public CompletableFuture<MappingRule> update(
      final RequestContext context, final MappingRule rule) {
    return save(context, MappingRuleIntent.UPDATE, rule);
  }

  private CompletableFuture<MappingRule> save(
      final RequestContext context, final MappingRuleIntent intent, final MappingRule rule) {
    final BrokerRequest<MappingRuleRecord> request;
    try {
      // the rule checked its fields (MappingRule)
      final var record =
          new MappingRuleRecord()
              .setMappingRuleId(rule.mappingRuleId())
              .setName(rule.name())
              .setClaimName(rule.claimName())
              .setClaimValue(rule.claimValue());
      request = BrokerRequests.mappingRule(intent, record);
    } catch (final ServiceException e) {
      return rejectInput(e);
    }
    return send(context, request, BrokerMappingRuleServices::toRule);
  }

  @Override
  public CompletableFuture<Void> delete(final RequestContext context, final String mappingRuleId) {
    final BrokerRequest<MappingRuleRecord> request;
    try {
      request =
          BrokerRequests.mappingRule(
              MappingRuleIntent.DELETE,
              new MappingRuleRecord()
                  .setMappingRuleId(IdentifierRules.identifier("mappingRuleId", mappingRuleId)));
    } catch (final ServiceException e) {
      return rejectInput(e);
    }
    return send(context, request, answer -> null);
  }

  private static MappingRule toRule(final BrokerResult.Accepted<MappingRuleRecord> answer) {
    final MappingRuleRecord record = answer.value();
    return new MappingRule(
        record.getMappingRuleKey() > 0 ? record.getMappingRuleKey() : answer.key(),
        record.getMappingRuleId(),
        record.getName(),
        record.getClaimName(),
        record.getClaimValue());
  }
}
