package io.gatefork.service.operation;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import org.junit.jupiter.api.Test;

class OperationTest {

  /** Two operations under one tag would be one series in the metrics, and one name in answers. */
  @Test
  void everyOperationHasItsOwnTag() {
    assertThat(Arrays.stream(Operation.values()).map(Operation::tag))
        .doesNotHaveDuplicates()
        .allSatisfy(tag -> assertThat(tag).matches("[a-z]+(-[a-z]+)*"));
  }
}
