package io.ringmap.peers.web;

import io.ringmap.web.ParameterEditor;
import org.springframework.web.bind.WebDataBinder;
import org.springframework.web.bind.annotation.ControllerAdvice;
import org.springframework.web.bind.annotation.InitBinder;

/** {@code scope} as the parameter records of the answers peers add to read it. */
@ControllerAdvice
class ScopeBinding {

    @InitBinder
    void scope(WebDataBinder binder) {
        ParameterEditor.register(binder, Scope.class, Scope::of);
    }
}
