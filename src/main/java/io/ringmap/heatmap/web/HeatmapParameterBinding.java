package io.ringmap.heatmap.web;

import io.ringmap.heatmap.service.HeatmapQuery;
import io.ringmap.web.ParameterEditor;
import org.springframework.web.bind.WebDataBinder;
import org.springframework.web.bind.annotation.ControllerAdvice;
import org.springframework.web.bind.annotation.InitBinder;

/** {@code source} of {@code GET /heatmap} as its parameter record reads it. */
@ControllerAdvice(assignableTypes = HeatmapController.class)
class HeatmapParameterBinding {

    @InitBinder
    void source(WebDataBinder binder) {
        ParameterEditor.register(binder, HeatmapQuery.Source.class, HeatmapQuery.Source::of);
    }
}
