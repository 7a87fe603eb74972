package io.gatefork.service.document;

import java.util.List;

/** A batch creation: what was created, and per file what failed and why. */
public record DocumentBatchResult(List<DocumentReference> created, List<Failure> failed) {

  public record Failure(String fileName, String detail) {}
}
