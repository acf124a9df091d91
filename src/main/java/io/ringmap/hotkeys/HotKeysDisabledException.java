package io.ringmap.hotkeys;

import io.ringmap.problem.ProblemKind;
import io.ringmap.problem.RequestProblem;

/** {@code GET /hotkeys} was asked while {@code ringmap.hotkeys.enabled} is false. */
public class HotKeysDisabledException extends RequestProblem {

    public HotKeysDisabledException() {
        super(ProblemKind.HOTKEYS_DISABLED.problem(
                "hot-key tracking is disabled (ringmap.hotkeys.enabled=false): no " + "hot keys are tracked"));
    }
}
