package io.gatefork.gateway.rest.job;

import static org.assertj.core.api.Assertions.assertThat;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.patch;

import io.gatefork.gateway.rest.support.RestTestSupport;
import io.gatefork.service.job.JobChangeset;
import org.junit.jupiter.api.Test;
import org.springframework.http.MediaType;

class JobUpdateControllerTest extends RestTestSupport {
  private static final String JOB = "/v2/jobs/2251799813685249";

  @Test
  void patchPassesRetriesAndTimeoutAsOneChangeset() throws Exception {
    fakes.jobs.update.succeedWith(null);

    final var result =
        performAsync(
            patch(JOB)
                .contentType(MediaType.APPLICATION_JSON)
                .content(
                    "{\"changeset\":{\"retries\":4,\"timeout\":30000},\"operationReference\":9}"));

    assertThat(result.andReturn().getResponse().getStatus()).isEqualTo(204);
    final var call = fakes.jobs.update.lastCall();
    assertThat(call.jobKey()).isEqualTo(2251799813685249L);
    assertThat(call.changeset()).isEqualTo(new JobChangeset(4, 30000L));
    assertThat(call.operationReference()).isEqualTo(9L);
  }
}
