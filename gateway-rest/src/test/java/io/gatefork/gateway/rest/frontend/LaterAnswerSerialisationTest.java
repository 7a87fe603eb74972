package io.gatefork.gateway.rest.frontend;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.BeanDescription;
import com.fasterxml.jackson.databind.JsonSerializer;
import com.fasterxml.jackson.databind.Module;
import com.fasterxml.jackson.databind.SerializationConfig;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.databind.ser.BeanSerializerModifier;
import io.gatefork.gateway.rest.processinstance.CreateProcessInstanceResponse;
import io.gatefork.gateway.rest.support.RestTestSupport;
import io.gatefork.service.codec.JsonDocument;
import io.gatefork.service.processinstance.ProcessInstanceResult;
import java.io.IOException;
import java.net.http.HttpClient;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;

/**
 * An answer that comes later is serialised on one of Tomcat's request threads, not on the thread
 * that completed it: that is the API executor's, which every answer of both APIs goes through, and
 * a large document's conversion there (milliseconds each) made gRPC answers wait behind REST ones.
 */
@Import(LaterAnswerSerialisationTest.SerialisingThreads.class)
class LaterAnswerSerialisationTest extends RestTestSupport {
  private static final String API_EXECUTOR = "api-executor-stand-in";
  private static final Queue<String> SERIALISED_ON = new ConcurrentLinkedQueue<>();

  private final ExecutorService apiExecutor =
      Executors.newSingleThreadExecutor(r -> new Thread(r, API_EXECUTOR));

  @LocalServerPort private int port;

  /** Notes the thread each creation's answer is serialised on. */
  @TestConfiguration
  static class SerialisingThreads {
    @Bean
    Module serialisingThreads() {
      final var module = new SimpleModule("serialising-threads");
      module.setSerializerModifier(
          new BeanSerializerModifier() {
            @Override
            @SuppressWarnings("unchecked")
            public JsonSerializer<?> modifySerializer(
                final SerializationConfig config,
                final BeanDescription description,
                final JsonSerializer<?> serializer) {
              if (description.getBeanClass() != CreateProcessInstanceResponse.class) {
                return serializer;
              }
              final var delegate = (JsonSerializer<Object>) serializer;
              return new JsonSerializer<>() {
                @Override
                public void serialize(
                    final Object value,
                    final JsonGenerator generator,
                    final SerializerProvider provider)
                    throws IOException {
                  SERIALISED_ON.add(Thread.currentThread().getName());
                  delegate.serialize(value, generator, provider);
                }
              };
            }
          });
      return module;
    }
  }

  @AfterEach
  void stopExecutor() {
    fakes.delivery.answerAsScripted();
    apiExecutor.shutdownNow();
  }

  @Test
  void aLaterAnswerIsSerialisedOnARequestThread() throws Exception {
    SERIALISED_ON.clear();
    fakes.delivery.answerOn(apiExecutor);
    final var instance = new CompletableFuture<ProcessInstanceResult>();
    fakes.processInstances.createWithResult.answerWith(instance);

    final CompletableFuture<HttpResponse<String>> answer =
        HttpClient.newHttpClient()
            .sendAsync(
                postCreation(port, "{\"processDefinitionId\":\"p\",\"awaitCompletion\":true}"),
                HttpResponse.BodyHandlers.ofString());
    await()
        .atMost(Duration.ofSeconds(10))
        .until(() -> fakes.processInstances.createWithResult.count() == 1);
    Thread.sleep(100); // the request's first pass is over: its answer comes later
    instance.complete(
        new ProcessInstanceResult(
            11L, "p", 1, 12L, "<default>", JsonDocument.ofJson("{\"a\":1}"), List.of()));

    final HttpResponse<String> response = answer.get(10, TimeUnit.SECONDS);
    assertThat(response.statusCode()).isEqualTo(200);
    assertThat(response.body()).contains("\"variables\":{\"a\":1}");
    assertThat(SERIALISED_ON).hasSize(1);
    assertThat(SERIALISED_ON.peek()).isNotEqualTo(API_EXECUTOR).startsWith("http-nio-");
  }
}
