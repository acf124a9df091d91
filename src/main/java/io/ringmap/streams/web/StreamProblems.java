package io.ringmap.streams.web;

import io.ringmap.problem.ProblemKind;
import io.ringmap.snapshot.web.SnapshotProblems;
import io.ringmap.web.ProblemAnswer;
import io.ringmap.web.SampleProblems;
import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The problems of a stream request itself, answered before any line (both stream operations answer them; a bad line's
 * problem is answered in its place, with 200): a missing parameter, a bad CSV header, a body of another type or
 * encoding, a JSON body too large for a batch, an unknown keyspace or table, a table ringmap cannot route, no snapshot.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
@ProblemAnswer(kind = ProblemKind.INVALID_PARAMETER, detail = SampleProblems.MISSING_KEYSPACE)
@ProblemAnswer(kind = ProblemKind.MALFORMED_BODY, detail = StreamDocs.MALFORMED_HEADER)
@ProblemAnswer(kind = ProblemKind.UNSUPPORTED_MEDIA_TYPE, detail = StreamDocs.UNSUPPORTED_MEDIA_TYPE)
@ProblemAnswer(kind = ProblemKind.BODY_TOO_LARGE, detail = SampleProblems.BODY_TOO_LARGE)
@ProblemAnswer(kind = ProblemKind.TABLE_PARTITIONER, detail = SampleProblems.TABLE_PARTITIONER)
@SnapshotProblems
@ProblemAnswer(kind = ProblemKind.UNKNOWN_KEYSPACE, detail = SampleProblems.UNKNOWN_KEYSPACE)
@ProblemAnswer(kind = ProblemKind.UNKNOWN_TABLE, detail = SampleProblems.UNKNOWN_TABLE)
@interface StreamProblems {}
