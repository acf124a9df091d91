package io.ringmap.snapshot.web;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import org.springframework.stereotype.Component;
import tools.jackson.core.JsonGenerator;
import tools.jackson.core.StreamWriteFeature;
import tools.jackson.core.io.NumberOutput;
import tools.jackson.databind.BeanDescription;
import tools.jackson.databind.BeanProperty;
import tools.jackson.databind.SerializationConfig;
import tools.jackson.databind.SerializationContext;
import tools.jackson.databind.ValueSerializer;
import tools.jackson.databind.module.SimpleModule;
import tools.jackson.databind.ser.ValueSerializerModifier;

/**
 * Writes the snapshot block every answer carries from its JSON made once per snapshot: only {@code ageSeconds}
 * changes from one answer to the next, and the rest (the source, the content hash, the creation time, the motion
 * block with its sentence) cost about 40 % of writing a single-key answer (docs/performance.md, "Single key").
 * Jackson's own serializer for {@link SnapshotView} makes the text, with a marker age that is cut out; each answer then
 * writes that text around its own age, formatted as the generator formats a double. Anything the text could not
 * follow (a pretty printer, numbers written as strings) is written by Jackson's serializer as before. Registered with
 * Spring Boot's mapper as a module; a mapper without it writes the same bytes, only dearer.
 */
@Component
public final class SnapshotViewJson extends SimpleModule {

    public SnapshotViewJson() {
        super("ringmap-snapshot-view");
        setSerializerModifier(new ValueSerializerModifier() {
            @Override
            @SuppressWarnings("unchecked")
            public ValueSerializer<?> modifySerializer(
                    SerializationConfig config, BeanDescription.Supplier bean, ValueSerializer<?> serializer) {
                return bean.getBeanClass() == SnapshotView.class
                        ? new Writer((ValueSerializer<Object>) serializer)
                        : serializer;
            }
        });
    }

    /** Jackson's serializer of {@link SnapshotView}, with the text of the latest snapshot it wrote. */
    static final class Writer extends ValueSerializer<SnapshotView> {

        /** The marker age: no snapshot is this old, and its text occurs nowhere else. */
        static final double MARKER = 1.2345678901234567E-300;

        private final ValueSerializer<Object> standard;
        private volatile Parts parts;

        Writer(ValueSerializer<Object> standard) {
            this.standard = standard;
        }

        /**
         * The text of one snapshot's block around its age.
         *
         * @param marked the snapshot with the marker age, to recognize the same snapshot
         * @param head   the text before the age, or null when it could not be cut out
         */
        record Parts(SnapshotView marked, boolean fastDoubles, String head, String tail) {}

        @Override
        public void serialize(SnapshotView view, JsonGenerator gen, SerializationContext ctxt) {
            if (gen.getPrettyPrinter() != null) {
                standard.serialize(view, gen, ctxt);
                return;
            }
            boolean fastDoubles = gen.isEnabled(StreamWriteFeature.USE_FAST_DOUBLE_WRITER);
            SnapshotView marked = view.withAgeSeconds(MARKER);
            Parts p = parts;
            if (p == null || p.fastDoubles() != fastDoubles || !p.marked().equals(marked)) {
                p = cut(marked, fastDoubles, ctxt);
                parts = p; // a benign race: two threads may both cut the same snapshot to the same text
            }
            if (p.head() == null) {
                standard.serialize(view, gen, ctxt);
                return;
            }
            gen.writeRawValue(p.head() + NumberOutput.toString(view.ageSeconds(), fastDoubles) + p.tail());
        }

        private Parts cut(SnapshotView marked, boolean fastDoubles, SerializationContext ctxt) {
            ByteArrayOutputStream out = new ByteArrayOutputStream(512);
            boolean sameDoubles;
            try (JsonGenerator g = ctxt.tokenStreamFactory().createGenerator(ctxt, out)) {
                sameDoubles = g.isEnabled(StreamWriteFeature.USE_FAST_DOUBLE_WRITER) == fastDoubles;
                standard.serialize(marked, g, ctxt);
            }
            String text = out.toString(StandardCharsets.UTF_8);
            String age = ":" + NumberOutput.toString(MARKER, fastDoubles);
            int at = text.indexOf(age);
            if (!sameDoubles || at < 0 || text.indexOf(age, at + 1) >= 0) {
                return new Parts(marked, fastDoubles, null, null);
            }
            return new Parts(marked, fastDoubles, text.substring(0, at + 1), text.substring(at + age.length()));
        }

        @Override
        public void resolve(SerializationContext ctxt) {
            standard.resolve(ctxt);
        }

        @Override
        @SuppressWarnings("unchecked")
        public ValueSerializer<?> createContextual(SerializationContext ctxt, BeanProperty property) {
            ValueSerializer<?> contextual = standard.createContextual(ctxt, property);
            return contextual == standard ? this : new Writer((ValueSerializer<Object>) contextual);
        }
    }
}
