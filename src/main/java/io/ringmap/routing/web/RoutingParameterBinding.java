package io.ringmap.routing.web;

import io.ringmap.routing.SplitMode;
import io.ringmap.web.ParameterEditor;
import org.springframework.web.bind.WebDataBinder;
import org.springframework.web.bind.annotation.ControllerAdvice;
import org.springframework.web.bind.annotation.InitBinder;

/**
 * How {@code /splits} and {@code /ring} read their records' typed components: {@code mode}, and the numbers with a
 * default ({@code n}, {@code offset}), each given empty read as not given.
 */
@ControllerAdvice(assignableTypes = {SplitsController.class, RingController.class})
class RoutingParameterBinding {

    @InitBinder
    void parameters(WebDataBinder binder) {
        ParameterEditor.register(binder, SplitMode.class, mode -> mode.isEmpty() ? null : SplitMode.of(mode));
        ParameterEditor.registerInt(binder, "n");
        ParameterEditor.registerInt(binder, "offset");
    }
}
