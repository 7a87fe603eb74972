package io.gatefork.bench.floor;

import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.Executors;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;

/**
 * The REST stack's floor: Spring Boot's Tomcat and Spring MVC with nothing of the gateway's. A
 * refused job completion is read as JSON, answered later by another thread (as a broker's answer
 * comes back on the gateway's) with a 404 problem, which keeps the connection as the gateway's
 * refusals do; the topology is a GET answered at once.
 */
@SpringBootApplication
@RestController
public class FloorApp {
  /** Where the "broker's" answer completes the request: one thread, as the gateway's executor. */
  private final Executor answers = Executors.newSingleThreadExecutor();

  public static void main(final String[] args) {
    SpringApplication.run(FloorApp.class, args);
  }

  /** A job completion's body. */
  public record Completion(Map<String, Object> variables) {}

  @PostMapping(path = "/v2/jobs/{jobKey}/completion", consumes = "application/json")
  public CompletableFuture<ResponseEntity<ProblemDetail>> complete(
      @PathVariable final long jobKey, @RequestBody final Completion body) {
    return CompletableFuture.supplyAsync(
        () -> {
          final var problem = ProblemDetail.forStatus(HttpStatus.NOT_FOUND);
          problem.setTitle("NOT_FOUND");
          problem.setDetail("Command 'COMPLETE' rejected: no job found with key " + jobKey);
          return ResponseEntity.status(HttpStatus.NOT_FOUND).body(problem);
        },
        answers);
  }

  @GetMapping("/v2/topology")
  public Map<String, Object> topology() {
    return Map.of("clusterSize", 1, "partitionsCount", 3, "replicationFactor", 1);
  }
}
