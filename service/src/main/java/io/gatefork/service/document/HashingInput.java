package io.gatefork.service.document;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * Reads a document's bytes once: computes the content hash as the stock stores do (SHA-256,
 * lower-case hex) and counts them, failing with {@link DocumentTooLargeException} as soon as they
 * exceed the maximum, so an oversized upload is never held whole.
 */
final class HashingInput extends FilterInputStream {
  private final MessageDigest digest;
  private final long maxSize;
  private long count;

  HashingInput(final InputStream in, final long maxSize) {
    super(in);
    this.maxSize = maxSize;
    try {
      digest = MessageDigest.getInstance("SHA-256");
    } catch (final NoSuchAlgorithmException e) {
      throw new IllegalStateException("Every JDK has SHA-256", e);
    }
  }

  @Override
  public int read() throws IOException {
    final int b = in.read();
    if (b >= 0) {
      counted(1);
      digest.update((byte) b);
    }
    return b;
  }

  @Override
  public int read(final byte[] buffer, final int offset, final int length) throws IOException {
    final int n = in.read(buffer, offset, length);
    if (n > 0) {
      counted(n);
      digest.update(buffer, offset, n);
    }
    return n;
  }

  @Override
  public long skip(final long n) {
    throw new UnsupportedOperationException("every byte must be hashed");
  }

  private void counted(final int n) {
    count += n;
    if (count > maxSize) {
      throw new DocumentTooLargeException(maxSize);
    }
  }

  long count() {
    return count;
  }

  /** The hash of everything read so far; call once, at the end. */
  String contentHash() {
    return HexFormat.of().formatHex(digest.digest());
  }

  static String hashOf(final byte[] content) {
    try {
      return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(content));
    } catch (final NoSuchAlgorithmException e) {
      throw new IllegalStateException("Every JDK has SHA-256", e);
    }
  }
}
