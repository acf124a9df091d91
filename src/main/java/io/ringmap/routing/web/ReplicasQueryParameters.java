package io.ringmap.routing.web;

import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.enums.Explode;
import io.swagger.v3.oas.annotations.enums.ParameterIn;
import io.swagger.v3.oas.annotations.enums.ParameterStyle;
import io.swagger.v3.oas.annotations.media.ExampleObject;
import io.swagger.v3.oas.annotations.media.Schema;
import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The query parameters of {@code GET /replicas}, which its handler reads from the request's parameter map (the
 * single-key filter answers the same request ahead of it): keyspace, then a table with the key columns or a token,
 * and the optional data centre and consistency level.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.METHOD, ElementType.ANNOTATION_TYPE})
@Parameter(
        name = "keyspace",
        in = ParameterIn.QUERY,
        required = true,
        description = "Keyspace",
        example = "iot",
        schema = @Schema(type = "string"))
@Parameter(
        name = "table",
        in = ParameterIn.QUERY,
        description = "Table (with key columns)",
        example = "readings",
        schema = @Schema(type = "string"))
@Parameter(
        name = "token",
        in = ParameterIn.QUERY,
        description = "A token instead of a key, as a string (e.g. "
                + "1523456789012345678); no example value, so Swagger UI's Try it out sends the key and not both",
        schema = @Schema(type = "string"))
@Parameter(
        name = "dc",
        in = ParameterIn.QUERY,
        description = "Only replicas in this data centre; with a "
                + "LOCAL_* consistency, the coordinator's (default spring.cassandra.local-datacenter)",
        schema = @Schema(type = "string"))
@Parameter(
        name = "consistency",
        in = ParameterIn.QUERY,
        description = "A consistency level: ANY (writes), ONE, "
                + "TWO, THREE, QUORUM, ALL, LOCAL_QUORUM, EACH_QUORUM, SERIAL, LOCAL_SERIAL, LOCAL_ONE (e.g. LOCAL_QUORUM "
                + "with dc=dc1); no example value, so Swagger UI's Try it out leaves it out",
        schema = @Schema(type = "string"))
@Parameter(
        name = "key",
        in = ParameterIn.QUERY,
        style = ParameterStyle.FORM,
        explode = Explode.TRUE,
        description = "Partition key columns as column=value pairs (with table); the form for curl and Swagger " + "UI",
        schema = @Schema(type = "object", additionalPropertiesSchema = String.class),
        examples =
                @ExampleObject(
                        name = "reference",
                        value = "{\"sensor_id\": \"sensor-17\", \"day\": " + "\"2026-10-01\"}"))
public @interface ReplicasQueryParameters {}
