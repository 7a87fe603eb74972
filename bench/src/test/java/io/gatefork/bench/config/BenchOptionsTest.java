package io.gatefork.bench.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class BenchOptionsTest {
  @Test
  void defaultsAreTheIssuesFullRun() {
    final var o = BenchOptions.parse();
    assertThat(o.modes())
        .extracting(Mode::name)
        .containsExactly(
            "stock", "patched", "executor", "pathpattern", "fail-fast", "lean-front-end");
    assertThat(o.protocols()).containsExactly(Protocol.REST, Protocol.GRPC, Protocol.GRPC_STREAM);
    assertThat(o.rate()).isEqualTo(100);
    assertThat(o.rounds()).isEqualTo(3);
    assertThat(o.warmup()).isEqualTo(Duration.ofSeconds(20));
    assertThat(o.window()).isEqualTo(Duration.ofSeconds(60));
    assertThat(o.gatewayCpus()).isEqualTo(1);
    assertThat(o.workload().tasks()).containsExactly(1);
    assertThat(o.workload().workDelay()).isEqualTo(Duration.ofMillis(50));
    assertThat(o.workload().workerThreads()).isEqualTo(10);
    assertThat(o.workload().maxJobsActive()).isEqualTo(60);
    assertThat(o.restConnections()).isEqualTo(256 + 60);
    assertThat(o.validity()).isEqualTo(ValidityRule.DEFAULT);
    assertThat(o.saturation().enabled()).isFalse();
    assertThat(o.overload().enabled()).isFalse();
    assertThat(o.sweep().enabled()).isFalse();
    assertThat(o.ramp().enabled()).isFalse();
    assertThat(o.out().toString()).contains("results/");
  }

  @Test
  void smokeIsShortWithTwoModesAndATinyOverloadStep() {
    final var o = BenchOptions.parse("--smoke");
    assertThat(o.modes()).extracting(Mode::name).containsExactly("stock", "patched");
    assertThat(o.warmup().plus(o.window())).isLessThanOrEqualTo(Duration.ofSeconds(10));
    assertThat(o.overload().enabled()).isTrue();
    assertThat(o.overload().modes()).extracting(Mode::name).containsExactly("fail-fast");
    assertThat(o.overload().protocols()).containsExactly(Protocol.REST);
    // the smoke run goes through every new path once: job streaming, the ramp, a sweep cell at
    // the ramp's saturation point
    assertThat(o.protocols()).containsExactly(Protocol.REST, Protocol.GRPC_STREAM);
    assertThat(o.ramp().enabled()).isTrue();
    assertThat(o.sweep().atSaturation()).isTrue();
    assertThat(o.sweep().modes()).extracting(Mode::name).containsExactly("queue-16");
    // and the reduced quota after a warm-up at a rate of its own
    assertThat(o.saturationGatewayCpus()).isLessThan(o.gatewayCpus());
    assertThat(o.saturationWarmupRate()).isPositive();
    // one adaptive REST cell at twice the capacity stock's ramp step found, no steps of its own
    final var atCapacity = o.overloadAtCapacity();
    assertThat(atCapacity.enabled()).isTrue();
    assertThat(atCapacity.cells().modes()).extracting(Mode::name).containsExactly("adaptive");
    assertThat(atCapacity.cells().protocols()).containsExactly(Protocol.REST);
    assertThat(atCapacity.cells().atCapacity()).isTrue();
    assertThat(atCapacity.multiple()).isEqualTo(2);
    assertThat(atCapacity.capacityMode().name()).isEqualTo("stock");
    assertThat(atCapacity.capacitySteps()).isFalse();
    assertThat(o.ramp().modes()).contains(atCapacity.capacityMode());
  }

  @Test
  void theOverloadAtTwiceCapacityIsOptInAndFindsItsCapacityWithTheLimitOff() {
    assertThat(BenchOptions.parse().overloadAtCapacity().enabled()).isFalse();
    final var o = BenchOptions.parse("--overload-2x").overloadAtCapacity();
    assertThat(o.cells().modes())
        .extracting(Mode::name)
        .containsExactly("adaptive", "off", "stock");
    assertThat(o.cells().protocols()).containsExactly(Protocol.REST, Protocol.GRPC);
    assertThat(o.cells().rounds()).isEqualTo(3);
    assertThat(o.capacityMode().name()).isEqualTo("off");
    assertThat(o.capacityRates()).containsExactly(60.0, 90.0, 120.0, 150.0, 180.0, 210.0, 240.0);
    assertThat(o.capacitySteps()).isTrue();
    assertThat(o.drain()).isEqualTo(Duration.ofSeconds(180));
    // room for the REST client's retry of a 503 a second later
    assertThat(o.maxInFlight()).isEqualTo(1024);
    // a capacity given by hand: no steps, the rate is known up front
    final var given =
        BenchOptions.parse("--overload-2x", "--overload-2x-capacity", "150").overloadAtCapacity();
    assertThat(given.capacitySteps()).isFalse();
    assertThat(given.cells().rate()).isEqualTo(300);
    assertThatThrownBy(() -> BenchOptions.parse("--overload-2x", "--capacity-ramp", "none"))
        .hasMessageContaining("--overload-2x needs the capacity");
    // without steps of its own, the ramp's steps of the capacity mode do
    assertThat(
            BenchOptions.parse(
                    "--overload-2x",
                    "--capacity-ramp",
                    "none",
                    "--ramp",
                    "100,200",
                    "--ramp-modes",
                    "stock,off")
                .overloadAtCapacity()
                .enabled())
        .isTrue();
  }

  @Test
  void theOverloadAtCapacityCellsTakeAQuotaPerClientSetup() {
    final var perSetup =
        BenchOptions.parse(
                "--overload-2x",
                "--saturation-gateway-cpus",
                "0.25",
                "--overload-2x-gateway-cpus",
                "rest=0.15,grpc=0.06")
            .overloadAtCapacity();
    assertThat(perSetup.gatewayCpus(Protocol.REST, 0.25)).isEqualTo(0.15);
    assertThat(perSetup.gatewayCpus(Protocol.GRPC, 0.25)).isEqualTo(0.06);
    assertThat(perSetup.gatewayCpus(Protocol.GRPC_STREAM, 0.25)).isEqualTo(0.25);
    final var one =
        BenchOptions.parse("--overload-2x", "--overload-2x-gateway-cpus", "0.1")
            .overloadAtCapacity();
    assertThat(one.gatewayCpus(Protocol.GRPC_STREAM, 1)).isEqualTo(0.1);
    assertThatThrownBy(
            () -> BenchOptions.parse("--overload-2x", "--overload-2x-gateway-cpus", "rest=x"))
        .hasMessageContaining("takes N or rest=N,grpc=M");
  }

  @Test
  void phasesRunOnlyWhatTheyList() {
    final var alone = BenchOptions.parse("--phases", "overload-2x");
    assertThat(alone.runsMain()).isFalse();
    assertThat(alone.overloadAtCapacity().enabled()).isTrue();
    assertThat(alone.overload().enabled()).isFalse();
    assertThat(alone.ramp().enabled()).isFalse();
    // the smoke's phases can be cut down too
    final var smoke = BenchOptions.parse("--smoke", "--phases", "main,overload");
    assertThat(smoke.runsMain()).isTrue();
    assertThat(smoke.ramp().enabled()).isFalse();
    assertThat(smoke.sweep().enabled()).isFalse();
    assertThat(smoke.overload().enabled()).isTrue();
    assertThat(smoke.overloadAtCapacity().enabled()).isFalse();
    // without --phases, everything the options ask for
    assertThat(BenchOptions.parse("--smoke").runsMain()).isTrue();
    assertThatThrownBy(() -> BenchOptions.parse("--phases", "main,storm"))
        .hasMessageContaining("unknown phase 'storm'");
    assertThatThrownBy(() -> BenchOptions.parse("--phases", "ramp"))
        .hasMessageContaining("--phases ramp needs its rates");
    assertThatThrownBy(() -> BenchOptions.parse("--phases", "saturation", "--ramp", "100"))
        .hasMessageContaining("--phases saturation needs the ramp");
  }

  @Test
  void explicitFlagsWinOverSmokeDefaults() {
    final var o =
        BenchOptions.parse("--smoke", "--modes", "patched", "--window=7s", "--protocols", "grpc");
    assertThat(o.modes()).extracting(Mode::name).containsExactly("patched");
    assertThat(o.window()).isEqualTo(Duration.ofSeconds(7));
    assertThat(o.protocols()).containsExactly(Protocol.GRPC);
  }

  @Test
  void theOverloadStepAndSweepsAreOptIn() {
    final var o =
        BenchOptions.parse(
            "--overload",
            "--overload-request-limit",
            "5",
            "--sweep",
            "exec-x4,queue-16",
            "--ramp",
            "150,300");
    assertThat(o.overload().modes()).extracting(Mode::name).containsExactly("stock", "fail-fast");
    assertThat(o.overload().requestLimit()).isEqualTo(5);
    assertThat(o.overload().rate()).isEqualTo(1000);
    assertThat(o.sweep().modes()).extracting(Mode::name).containsExactly("exec-x4", "queue-16");
    assertThat(o.ramp().rates()).containsExactly(150.0, 300.0);
    // with a ramp, the sweep runs where stock saturated, and so do stock and patched in rounds
    assertThat(o.sweep().atSaturation()).isTrue();
    assertThat(o.saturation().modes()).extracting(Mode::name).containsExactly("stock", "patched");
    assertThat(o.saturation().rounds()).isEqualTo(3);
    assertThat(BenchOptions.parse("--sweep", "exec-x4", "--sweep-rate", "120").sweep().rate())
        .isEqualTo(120);
    assertThatThrownBy(() -> BenchOptions.parse("--sweep", "exec-x4", "--sweep-rate", "ramp"))
        .hasMessageContaining("--sweep-rate ramp needs --ramp");
  }

  @Test
  void theGatewayGetsItsOwnCoreAndTheBrokerAndLoadTheOthers() {
    final var o = BenchOptions.parse("--gateway-cpuset", "3", "--load-cpuset", "0-2");
    assertThat(o.placement().gatewayCpus()).containsExactly(3);
    assertThat(o.placement().loadCpus()).containsExactly(0, 1, 2);
    assertThat(BenchOptions.parse("--gateway-cpuset", "none").placement().pinned()).isFalse();
    assertThatThrownBy(() -> BenchOptions.parse("--gateway-cpuset", "1", "--load-cpuset", "0,1"))
        .hasMessageContaining("CPU 1 is in both");
    assertThat(Placement.defaultFor(2)).isEqualTo(new Placement(List.of(1), List.of(0)));
    assertThat(Placement.defaultFor(1).pinned()).isFalse();
  }

  @Test
  void validityThresholdsCanBeGiven() {
    final var o = BenchOptions.parse("--max-load-side-busy", "80", "--max-broker-p50", "2.5ms");
    assertThat(o.validity()).isEqualTo(new ValidityRule(80, 2.5));
  }

  @Test
  void aTypoIsAnErrorNotADefault() {
    assertThatThrownBy(() -> BenchOptions.parse("--rtae", "10"))
        .hasMessageContaining("unknown option --rtae");
    assertThatThrownBy(() -> BenchOptions.parse("--modes", "stok"))
        .hasMessageContaining("unknown mode 'stok'");
    assertThatThrownBy(() -> BenchOptions.parse("--rate", "-1"))
        .hasMessageContaining("--rate must be positive");
    assertThatThrownBy(() -> BenchOptions.parse("--tasks", "3"))
        .hasMessageContaining("--tasks takes 1 and/or 10");
  }

  @Test
  void durationsTakeUnits() {
    assertThat(BenchOptions.parseDuration("500ms")).isEqualTo(Duration.ofMillis(500));
    assertThat(BenchOptions.parseDuration("2.5ms")).isEqualTo(Duration.ofNanos(2_500_000));
    assertThat(BenchOptions.parseDuration("1.5s")).isEqualTo(Duration.ofMillis(1500));
    assertThat(BenchOptions.parseDuration("2m")).isEqualTo(Duration.ofMinutes(2));
    assertThat(BenchOptions.parseDuration("45")).isEqualTo(Duration.ofSeconds(45));
    assertThatThrownBy(() -> BenchOptions.parseDuration("soon"))
        .hasMessageContaining("not a duration");
  }

  @Test
  void clientSetupsSayHowWorkersGetJobsAndWhetherTheRestPoolIsWidened() {
    final var o =
        BenchOptions.parse(
            "--protocols", "rest,rest-default-pool,grpc,grpc-stream", "--tasks", "1,10");
    assertThat(o.protocols())
        .extracting(Protocol::api)
        .containsExactly("rest", "rest", "grpc", "grpc");
    assertThat(o.protocols())
        .extracting(Protocol::jobStreaming)
        .containsExactly(false, false, false, true);
    assertThat(o.protocols())
        .extracting(Protocol::widenedRestPool)
        .containsExactly(true, false, false, false);
    assertThat(o.workload().tasks()).containsExactly(1, 10);
    assertThatThrownBy(() -> BenchOptions.parse("--job-streaming"))
        .hasMessageContaining("setup grpc-stream");
  }

  @Test
  void stockSwitchesEveryChangeBackAndEachSingleChangeModeDiffersInOneKey() {
    final Map<String, String> stock = Modes.get("stock").env();
    assertThat(stock)
        .containsOnly(
            Map.entry("GATEFORK_API_EXECUTORSTRATEGY", "common-pool"),
            Map.entry("SPRING_MVC_PATHMATCH_MATCHINGSTRATEGY", "ant_path_matcher"),
            Map.entry("GATEFORK_RETRY_RESOURCEEXHAUSTED", "next-partition"),
            Map.entry("GATEFORK_REST_FRONTEND", "stock"),
            Map.entry("GATEFORK_OVERLOAD_LIMIT", "off"),
            Map.entry("GATEFORK_REST_KEEPALIVEONERROR", "false"),
            Map.entry("GATEFORK_REST_TLSWARMUP", "0s"),
            Map.entry("SERVER_TOMCAT_KEEPALIVETIMEOUT", "60s"),
            Map.entry("SERVER_TOMCAT_CONNECTIONTIMEOUT", "60s"));
    assertThat(Modes.get("patched").env()).isEmpty();
    // the overload cells at a multiple of capacity: patched with the edge's limit on and off
    assertThat(Modes.get("adaptive").env())
        .containsOnly(Map.entry("GATEFORK_OVERLOAD_LIMIT", "adaptive"));
    assertThat(Modes.get("off").env()).containsOnly(Map.entry("GATEFORK_OVERLOAD_LIMIT", "off"));
    assertThat(differences(stock, Modes.get("lean-front-end").env()))
        .containsOnly(Map.entry("GATEFORK_REST_FRONTEND", "lean"));
    assertThat(differences(stock, Modes.get("executor").env()))
        .containsOnly(Map.entry("GATEFORK_API_EXECUTORSTRATEGY", "dedicated"));
    assertThat(differences(stock, Modes.get("pathpattern").env()))
        .containsOnly(Map.entry("SPRING_MVC_PATHMATCH_MATCHINGSTRATEGY", "path_pattern_parser"));
    assertThat(differences(stock, Modes.get("fail-fast").env()))
        .containsOnly(Map.entry("GATEFORK_RETRY_RESOURCEEXHAUSTED", "fail-fast"));
    assertThat(Modes.get("exec-x16").env())
        .containsOnly(Map.entry("CAMUNDA_API_REST_EXECUTOR_MAXPOOLSIZEMULTIPLIER", "16"));
    assertThat(Modes.get("queue-256").env())
        .containsOnly(Map.entry("CAMUNDA_API_REST_EXECUTOR_QUEUECAPACITY", "256"));
  }

  @Test
  void theModeTableIsTheOneTheCostHarnessReads() {
    // bench/modes.json: the cost harness's modes mean the same here
    assertThat(Modes.get("tomcat-16").env())
        .containsOnly(
            Map.entry("GATEFORK_OVERLOAD_LIMIT", "adaptive"),
            Map.entry("SERVER_TOMCAT_THREADS_MAX", "16"));
    assertThat(Modes.get("windowed").env())
        .containsOnly(
            Map.entry("GATEFORK_OVERLOAD_LIMIT", "adaptive"),
            Map.entry("GATEFORK_OVERLOAD_WINDOW", "100ms"));
    assertThat(Modes.get("rest-stream").appliesTo(Protocol.GRPC)).isFalse();
    assertThat(Modes.get("rest-stream").appliesTo(Protocol.REST)).isTrue();
    assertThat(Modes.get("patched").appliesTo(Protocol.GRPC)).isTrue();
    assertThatThrownBy(() -> Modes.get("nonesuch")).hasMessageContaining("known: [stock, patched");
  }

  private static Map<String, String> differences(
      final Map<String, String> base, final Map<String, String> other) {
    final var diff = new java.util.HashMap<String, String>();
    other.forEach(
        (k, v) -> {
          if (!v.equals(base.get(k))) {
            diff.put(k, v);
          }
        });
    assertThat(other.keySet()).containsAll(base.keySet());
    return diff;
  }
}
