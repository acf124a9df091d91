package io.ringmap.web;

import io.ringmap.problem.InvalidParameterException;
import java.beans.PropertyEditorSupport;
import java.util.function.Function;
import org.springframework.util.NumberUtils;
import org.springframework.web.bind.WebDataBinder;

/**
 * A parameter record's component of a named type (an enum's lower-case name, a consistency level), read from its text
 * by the type's own parser, whose problem is the answer to a bad value. An editor, not a {@code Converter}: Spring's
 * conversion turns an empty value of an enum type into none, where the parser answers it as it answers any other
 * value it does not know.
 */
public final class ParameterEditor<T> extends PropertyEditorSupport {

    private final Function<String, T> parse;
    /** Given more than once, the first value counts (else they are read as one, comma-separated). */
    private final boolean firstOfMany;

    private ParameterEditor(Function<String, T> parse, boolean firstOfMany) {
        this.parse = parse;
        this.firstOfMany = firstOfMany;
    }

    /** Has {@code binder} read each {@code type} component by {@code parse}. */
    public static <T> void register(WebDataBinder binder, Class<T> type, Function<String, T> parse) {
        binder.registerCustomEditor(type, new ParameterEditor<>(parse, false));
    }

    /**
     * Has {@code binder} read the {@code Integer} component {@code field}, which has a default, as an {@code int}
     * parameter reads: given empty, not given; given more than once, the first; not a number (as Spring reads numbers:
     * decimal, or hex with {@code 0x}), 400 naming it {@code int}.
     */
    public static void registerInt(WebDataBinder binder, String field) {
        binder.registerCustomEditor(
                Integer.class,
                field,
                new ParameterEditor<>(
                        text -> {
                            if (text.isEmpty()) {
                                return null;
                            }
                            try {
                                return NumberUtils.parseNumber(text.trim(), Integer.class);
                            } catch (IllegalArgumentException e) {
                                throw InvalidParameterException.notA("int", field, text);
                            }
                        },
                        true));
    }

    @Override
    public void setAsText(String text) {
        setValue(parse.apply(text));
    }

    @Override
    public void setValue(Object value) {
        super.setValue(firstOfMany && value instanceof String[] values ? first(values) : value);
    }

    private T first(String[] values) {
        return values.length == 0 ? null : parse.apply(values[0]);
    }
}
