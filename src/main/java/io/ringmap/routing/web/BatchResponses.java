package io.ringmap.routing.web;

import jakarta.servlet.http.HttpServletResponse;

/**
 * Batch answers are large (about 1.2 KB of JSON per key of {@code POST /replicas}, 150 bytes per key of
 * {@code POST /token}), streamed ones without end; they are written through a 128 KiB response buffer, one socket
 * write per 128 KiB instead of one per 8 KiB (Tomcat's default buffer).
 */
public final class BatchResponses {

    /**
     * 16 times Tomcat's default of 8 KiB: the largest buffer its {@code OutputBuffer.recycle} keeps for the next
     * request instead of allocating a new one.
     */
    public static final int BUFFER_SIZE = 128 * 1024;

    private BatchResponses() {}

    /** Gives {@code response} the batch buffer; call before anything is written. */
    public static void buffer(HttpServletResponse response) {
        if (response != null && !response.isCommitted() && response.getBufferSize() < BUFFER_SIZE) {
            response.setBufferSize(BUFFER_SIZE);
        }
    }
}
