package io.ringmap.streams.web;

import io.ringmap.config.StreamFormat;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.springframework.http.MediaType;

/** How a stream's answer is written. */
final class AnswerFormats {

    private AnswerFormats() {}

    /**
     * The answer's format: the first of NDJSON and CSV the {@code Accept} header names by its highest quality, else
     * (no header, or only wildcards) the body's own.
     */
    static StreamFormat of(String accept, StreamFormat body) {
        if (accept == null || accept.isBlank()) {
            return body;
        }
        List<MediaType> types = new ArrayList<>(MediaType.parseMediaTypes(accept));
        types.sort(Comparator.comparingDouble(MediaType::getQualityValue).reversed()); // stable: header order kept
        for (MediaType type : types) {
            if (type.getQualityValue() > 0 && !type.isWildcardType() && !type.isWildcardSubtype()) {
                StreamFormat format = StreamFormat.of(type.getType() + "/" + type.getSubtype());
                if (format != null) {
                    return format;
                }
            }
        }
        return body;
    }
}
