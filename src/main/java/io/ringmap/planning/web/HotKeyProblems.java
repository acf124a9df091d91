package io.ringmap.planning.web;

import io.ringmap.problem.ProblemKind;
import io.ringmap.web.ProblemAnswer;
import io.ringmap.web.SampleProblems;
import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The problems of a shard plan started from a hot key's label ({@code hotkey=}, in the query of {@code GET
 * /plan/shards} or the body of {@code POST /plan/shards}): tracking off, a label no tracked key has, a label that
 * cannot be turned back into the key (shortened, or of columns the planned table does not have).
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
@ProblemAnswer(kind = ProblemKind.HOTKEYS_DISABLED, detail = SampleProblems.HOTKEYS_DISABLED)
@ProblemAnswer(kind = ProblemKind.UNKNOWN_HOT_KEY, detail = HotKeyProblems.UNKNOWN_HOT_KEY)
@ProblemAnswer(kind = ProblemKind.HOT_KEY_NOT_RESOLVABLE, detail = HotKeyProblems.SHORTENED_HOT_KEY)
@interface HotKeyProblems {

    /** hotkey=sensor-99 while the sample's table tracks one other key. */
    String UNKNOWN_HOT_KEY = "'sensor-99' is not a hot key of iot.readings now (1 keys tracked): give the label GET "
            + "/hotkeys?keyspace=iot&table=readings shows";

    /**
     * hotkey= the label of a key of 261 characters (sensor_id 250 times 's', day 2026-10-01): shortened to 256 by
     * KeyLabels.bounded, its first 238 characters and a hash.
     */
    String SHORTENED_HOT_KEY = "the hot key '"
            + "ssssssssssssssssssssssssssssssssssssssssssssssssssssssssssssssssssssssssssssssss"
            + "ssssssssssssssssssssssssssssssssssssssssssssssssssssssssssssssssssssssssssssssss"
            + "ssssssssssssssssssssssssssssssssssssssssssssssssssssssssssssssssssssssssssssss"
            + "\\~7a3212a9d5700bfc' was counted under a shortened label (over 256 characters): its full key "
            + "is not kept; give the key's columns as column=value instead";
}
