package io.gatefork.bench.run;

import java.io.PrintStream;
import java.time.LocalTime;
import java.time.format.DateTimeFormatter;

/** Progress lines on stdout, each stamped with the wall-clock time. */
public final class Progress {
  private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("HH:mm:ss");
  private final PrintStream out;

  public Progress(final PrintStream out) {
    this.out = out;
  }

  public void line(final String text) {
    out.println(LocalTime.now().format(TIME) + " " + text);
    out.flush();
  }
}
