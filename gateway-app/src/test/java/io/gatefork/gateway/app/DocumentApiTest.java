package io.gatefork.gateway.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.camunda.client.CamundaClient;
import io.camunda.client.api.command.ProblemException;
import io.camunda.client.api.response.DocumentReferenceBatchResponse;
import io.camunda.client.api.response.DocumentReferenceResponse;
import io.camunda.client.impl.response.DocumentReferenceResponseImpl;
import io.camunda.client.protocol.rest.DocumentReference;
import io.gatefork.gateway.app.document.DocumentStoreFactory;
import io.gatefork.service.document.DocumentStores;
import io.gatefork.service.error.ServiceException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.time.temporal.ChronoUnit;
import java.util.HexFormat;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

/**
 * The document API through the official client over REST, against the store a gateway without
 * document configuration has (stock's fallback: in-memory, id {@code in-memory}). Effects are
 * checked in the store itself, not only in the answers.
 */
class DocumentApiTest extends GatewayTestSupport {
  @Autowired private DocumentStores stores;
  private CamundaClient client;

  @BeforeEach
  void openClient() {
    client = client(true);
  }

  @AfterEach
  void closeClient() {
    client.close();
  }

  @Test
  void createdDocumentIsReadBackWithTheSameBytesAndMetadata() throws Exception {
    final byte[] content = "invoice #42\n".getBytes(StandardCharsets.UTF_8);

    final DocumentReferenceResponse created =
        client
            .newCreateDocumentCommand()
            .content(content)
            .fileName("invoice.txt")
            .contentType("text/plain")
            .timeToLive(Duration.ofHours(1))
            .processDefinitionId("order")
            .processInstanceKey(2251799813685249L)
            .customMetadata("customer", "ACME")
            .send()
            .join();

    assertThat(created.getStoreId()).isEqualTo(DocumentStoreFactory.FALLBACK_STORE_ID);
    assertThat(created.getContentHash()).isEqualTo(sha256(content));
    assertThat(created.getMetadata().getFileName()).isEqualTo("invoice.txt");
    assertThat(created.getMetadata().getContentType()).isEqualTo("text/plain");
    assertThat(created.getMetadata().getSize()).isEqualTo(content.length);
    assertThat(created.getMetadata().getProcessDefinitionId()).isEqualTo("order");
    assertThat(created.getMetadata().getProcessInstanceKey()).isEqualTo(2251799813685249L);
    assertThat(created.getMetadata().getCustomProperties()).containsEntry("customer", "ACME");
    assertThat(created.getMetadata().getExpiresAt())
        .isCloseTo(OffsetDateTime.now().plusHours(1), within(1, ChronoUnit.MINUTES));
    // the store holds it under the answered id, with the answered hash
    final var stored = storedDocument(created.getDocumentId());
    assertThat(stored.document().contentHash()).isEqualTo(created.getContentHash());
    stored.content().close();

    try (InputStream read = client.newDocumentContentGetRequest(created).send().join()) {
      assertThat(read.readAllBytes()).isEqualTo(content);
    }
  }

  @Test
  void clientChosenIdIsKeptAndASecondCreateWithItIsAConflict() {
    final DocumentReferenceResponse created =
        client.newCreateDocumentCommand().content("one").documentId("my-doc-1").send().join();
    assertThat(created.getDocumentId()).isEqualTo("my-doc-1");

    assertProblem(
        () -> client.newCreateDocumentCommand().content("two").documentId("my-doc-1").send().join(),
        409,
        "Document with id 'my-doc-1' already exists");
  }

  @Test
  void batchCreatesEveryDocumentWithItsOwnMetadata() throws Exception {
    final DocumentReferenceBatchResponse batch =
        client
            .newCreateDocumentBatchCommand()
            .addDocument()
            .content("first".getBytes(StandardCharsets.UTF_8))
            .fileName("first.txt")
            .contentType("text/plain")
            .done()
            .addDocument()
            .content("second, longer".getBytes(StandardCharsets.UTF_8))
            .fileName("second.pdf")
            .contentType("application/pdf")
            .customMetadata("page", 2)
            .done()
            .send()
            .join();

    assertThat(batch.isSuccessful()).isTrue();
    assertThat(batch.getCreatedDocuments()).hasSize(2);
    final var second =
        batch.getCreatedDocuments().stream()
            .filter(document -> "second.pdf".equals(document.getMetadata().getFileName()))
            .findFirst()
            .orElseThrow();
    assertThat(second.getMetadata().getContentType()).isEqualTo("application/pdf");
    assertThat(second.getMetadata().getSize()).isEqualTo(14);
    assertThat(second.getMetadata().getCustomProperties()).containsEntry("page", 2);
    try (InputStream read = client.newDocumentContentGetRequest(second).send().join()) {
      assertThat(new String(read.readAllBytes(), StandardCharsets.UTF_8))
          .isEqualTo("second, longer");
    }
  }

  @Test
  void deletedDocumentIsNotFoundAfterwards() {
    final DocumentReferenceResponse created =
        client.newCreateDocumentCommand().content("to delete").send().join();

    client.newDeleteDocumentCommand(created).send().join();

    assertThatThrownBy(() -> storedDocument(created.getDocumentId()))
        .isInstanceOf(ServiceException.class);
    assertProblem(
        () -> client.newDocumentContentGetRequest(created).send().join(),
        404,
        "Document with id '" + created.getDocumentId() + "' not found");
    assertProblem(
        () -> client.newDeleteDocumentCommand(created.getDocumentId()).send().join(),
        404,
        "Document with id '" + created.getDocumentId() + "' not found");
  }

  @Test
  void readingWithoutOrWithAWrongHashIsRejectedAsStockDoes() {
    final DocumentReferenceResponse created =
        client.newCreateDocumentCommand().content("secret").send().join();
    final String id = created.getDocumentId();

    assertProblem(
        () -> client.newDocumentContentGetRequest(id).send().join(),
        400,
        "No document hash provided for document " + id);
    assertProblem(
        () ->
            client
                .newDocumentContentGetRequest(
                    new DocumentReferenceResponseImpl(
                        new DocumentReference().documentId(id).contentHash("foobar")))
                .send()
                .join(),
        400,
        "Document hash for document " + id + " doesn't match the provided hash foobar");
  }

  @Test
  void linkOnAStoreThatCannotLinkAnswersTheStockError() {
    final DocumentReferenceResponse created =
        client.newCreateDocumentCommand().content("no links here").send().join();

    assertProblem(
        () -> client.newCreateDocumentLinkCommand(created).send().join(),
        403,
        "The in-memory document store does not support creating links");
  }

  @Test
  void unknownStoreIsABadRequest() {
    assertProblem(
        () -> client.newCreateDocumentCommand().content("x").storeId("nowhere").send().join(),
        400,
        "Document store with id 'nowhere' does not exist");
  }

  @Test
  void oversizedUploadIsRejectedWithPayloadTooLargeAndNotStored() {
    final byte[] fiveMegabytes = new byte[5 * 1024 * 1024];

    final ProblemException problem =
        (ProblemException)
            assertThatThrownBy(
                    () ->
                        client
                            .newCreateDocumentCommand()
                            .content(fiveMegabytes)
                            .documentId("too-big")
                            .send()
                            .join())
                .isInstanceOf(ProblemException.class)
                .actual();

    assertThat(problem.details().getStatus()).isEqualTo(413);
    assertThat(problem.details().getDetail()).contains("file").contains("maximum size");
    assertThatThrownBy(() -> storedDocument("too-big")).isInstanceOf(ServiceException.class);
  }

  /**
   * The whole refused body sent before the answer is read, as a client that writes first does: the
   * gateway must have read it (up to Tomcat's swallow size) before it closes after the 413, or the
   * close resets the connection and the answer is lost.
   */
  @Test
  void oversizedUploadSentInFullStillGetsItsAnswer() throws Exception {
    final String boundary = "gatefork-boundary";
    final byte[] head =
        ("--"
                + boundary
                + "\r\nContent-Disposition: form-data; name=\"file\"; filename=\"big.bin\"\r\n"
                + "Content-Type: application/octet-stream\r\n\r\n")
            .getBytes(StandardCharsets.US_ASCII);
    final byte[] tail = ("\r\n--" + boundary + "--\r\n").getBytes(StandardCharsets.US_ASCII);
    final int content = 5 * 1024 * 1024;
    try (Socket socket = new Socket(InetAddress.getLoopbackAddress(), restPort)) {
      socket.setSoTimeout(30_000);
      final OutputStream out = socket.getOutputStream();
      out.write(
          ("POST /v2/documents?documentId=too-big-raw HTTP/1.1\r\nHost: localhost\r\n"
                  + "Content-Type: multipart/form-data; boundary="
                  + boundary
                  + "\r\nContent-Length: "
                  + (head.length + content + tail.length)
                  + "\r\n\r\n")
              .getBytes(StandardCharsets.US_ASCII));
      out.write(head);
      out.write(new byte[content]);
      out.write(tail);
      out.flush();

      final String answer =
          new String(socket.getInputStream().readAllBytes(), StandardCharsets.ISO_8859_1);
      assertThat(answer).startsWith("HTTP/1.1 413 ").contains("maximum size");
    }
    assertThatThrownBy(() -> storedDocument("too-big-raw")).isInstanceOf(ServiceException.class);
  }

  private io.gatefork.service.document.DocumentStore.Found storedDocument(final String id) {
    return stores.get(stores.defaultStoreId()).get(id);
  }

  private static void assertProblem(
      final org.assertj.core.api.ThrowableAssert.ThrowingCallable call,
      final int status,
      final String detail) {
    final ProblemException problem =
        (ProblemException) assertThatThrownBy(call).isInstanceOf(ProblemException.class).actual();
    assertThat(problem.details().getStatus()).isEqualTo(status);
    assertThat(problem.details().getDetail()).isEqualTo(detail);
  }

  private static String sha256(final byte[] content) throws Exception {
    return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(content));
  }
}
