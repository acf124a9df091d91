package io.ringmap.availability.web;

import io.ringmap.consistency.AvailabilityRequestException;
import io.ringmap.consistency.ConsistencyLevel;
import io.ringmap.web.ParameterEditor;
import org.springframework.web.bind.WebDataBinder;
import org.springframework.web.bind.annotation.ControllerAdvice;
import org.springframework.web.bind.annotation.InitBinder;

/**
 * How the availability records read their typed components: {@code consistency} as a level's name (else 400
 * unknown-consistency-level), and {@code limit}, which has a default.
 */
@ControllerAdvice(assignableTypes = AvailabilityController.class)
class AvailabilityParameterBinding {

    @InitBinder
    void parameters(WebDataBinder binder) {
        ParameterEditor.register(
                binder, ConsistencyLevel.class, text -> AvailabilityRequestException.level("consistency", text));
        ParameterEditor.registerInt(binder, "limit");
    }
}
