package io.gatefork.service.job;

/**
 * What {@code JOB.UPDATE} changes; a null field stays as it is.
 *
 * @param retries the new retries
 * @param timeoutMillis the new timeout: the deadline becomes now + timeout
 */
public record JobChangeset(Integer retries, Long timeoutMillis) {

  public boolean isEmpty() {
    return retries == null && timeoutMillis == null;
  }
}
