package io.gatefork.gateway.rest.json;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.cfg.CoercionAction;
import com.fasterxml.jackson.databind.cfg.CoercionInputShape;
import com.fasterxml.jackson.databind.type.LogicalType;
import io.gatefork.service.codec.JsonDocument;
import org.springframework.boot.autoconfigure.jackson.Jackson2ObjectMapperBuilderCustomizer;
import org.springframework.http.converter.json.Jackson2ObjectMapperBuilder;

/**
 * How request bodies bind, in one place: a JSON value must have the type the spec gives its field.
 * Jackson's defaults would turn {@code false} or {@code 12} into the string {@code "false"} /
 * {@code "12"}, {@code "12"} into a number and {@code 1.5} into {@code 1}: such a request would
 * reach the broker with a value the client did not mean. Here each of those is a mismatched-input
 * error with the property path, answered 400 naming the field ({@code JsonReadErrors}).
 *
 * <p>Unknown properties fail too: most request schemas of the spec say {@code additionalProperties:
 * false}. The records of the few that do not (e.g. {@code GroupUpdateRequest}, {@code
 * DocumentMetadata}) say {@code @JsonIgnoreProperties(ignoreUnknown = true)}.
 *
 * <p>Variables and other JSON objects bind as {@link JsonDocument}s ({@link JsonDocumentBinding}),
 * converted once between the body and MessagePack.
 */
public final class StrictJsonBinding implements Jackson2ObjectMapperBuilderCustomizer {

  @Override
  public void customize(final Jackson2ObjectMapperBuilder builder) {
    builder
        .featuresToEnable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
        .featuresToDisable(DeserializationFeature.ACCEPT_FLOAT_AS_INT)
        .serializerByType(JsonDocument.class, new JsonDocumentBinding.Writer())
        .deserializerByType(JsonDocument.class, new JsonDocumentBinding.Reader())
        .postConfigurer(StrictJsonBinding::refuseScalarCoercions);
  }

  /** No scalar becomes another kind of scalar: strings, integers, numbers and booleans stay so. */
  public static ObjectMapper refuseScalarCoercions(final ObjectMapper mapper) {
    refuse(
        mapper,
        LogicalType.Textual,
        CoercionInputShape.Integer,
        CoercionInputShape.Float,
        CoercionInputShape.Boolean);
    refuse(
        mapper,
        LogicalType.Integer,
        CoercionInputShape.String,
        CoercionInputShape.EmptyString,
        CoercionInputShape.Float,
        CoercionInputShape.Boolean);
    refuse(
        mapper,
        LogicalType.Float,
        CoercionInputShape.String,
        CoercionInputShape.EmptyString,
        CoercionInputShape.Boolean);
    refuse(
        mapper,
        LogicalType.Boolean,
        CoercionInputShape.String,
        CoercionInputShape.EmptyString,
        CoercionInputShape.Integer,
        CoercionInputShape.Float);
    return mapper;
  }

  private static void refuse(
      final ObjectMapper mapper, final LogicalType target, final CoercionInputShape... shapes) {
    final var config = mapper.coercionConfigFor(target);
    for (final CoercionInputShape shape : shapes) {
      config.setCoercion(shape, CoercionAction.Fail);
    }
  }
}
