package io.ringmap.peers.client;

import java.io.IOException;
import java.io.InputStream;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.util.ArrayDeque;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Flow;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import javax.crypto.Mac;

/**
 * A peer's answer body as a stream that a decoder reads while it arrives: it ends the answer at {@code max} bytes
 * and at the deadline (a read waits at most until then, however slowly the peer sends), and feeds every byte read to
 * the answer's MAC. One chunk of the HTTP client is requested at a time, so at most one chunk waits unread: the body
 * is never held whole.
 *
 * <p>Invariant: the subscriber side (HTTP client threads) only adds to {@link #chunks}; everything else runs on the
 * one decoding thread.
 */
final class BoundedBody extends InputStream implements HttpResponse.BodySubscriber<InputStream> {

    private static final Object END = new Object();

    private final long max;
    private final long deadline;
    private final BlockingQueue<Object> chunks = new LinkedBlockingQueue<>();
    private final ArrayDeque<ByteBuffer> unread = new ArrayDeque<>();
    private volatile Flow.Subscription subscription;
    private Mac mac;
    private long read;
    private boolean ended;

    /** The body stopped being read: too large, or the deadline passed. */
    static final class Stopped extends IOException {
        Stopped(String reason) {
            super(reason, null);
        }
    }

    /**
     * @param max      the most bytes read ({@code ringmap.peers.max-answer-size})
     * @param deadline when reading stops, {@link System#nanoTime()}
     */
    BoundedBody(long max, long deadline) {
        this.max = max;
        this.deadline = deadline;
    }

    /** From now on every byte read also updates {@code mac}. */
    void feed(Mac mac) {
        this.mac = mac;
    }

    /** Reads what the decoder left (trailing whitespace), within the same bounds. */
    void drain() throws IOException {
        byte[] skip = new byte[8192];
        while (read(skip, 0, skip.length) >= 0) {
            // the bytes count and feed the MAC
        }
    }

    @Override
    public CompletionStage<InputStream> getBody() {
        return CompletableFuture.completedFuture(this);
    }

    @Override
    public void onSubscribe(Flow.Subscription subscription) {
        this.subscription = subscription;
        subscription.request(1);
    }

    @Override
    public void onNext(List<ByteBuffer> items) {
        chunks.add(items);
    }

    @Override
    public void onError(Throwable throwable) {
        chunks.add(throwable);
    }

    @Override
    public void onComplete() {
        chunks.add(END);
    }

    @Override
    public int read() throws IOException {
        byte[] one = new byte[1];
        return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
    }

    @Override
    public int read(byte[] into, int offset, int length) throws IOException {
        if (length == 0) {
            return 0;
        }
        ByteBuffer current = next();
        if (current == null) {
            return -1;
        }
        int n = Math.min(length, current.remaining());
        if (read + n > max) {
            close();
            throw new Stopped("answer larger than " + max + " bytes (ringmap.peers.max-answer-size)");
        }
        current.get(into, offset, n);
        read += n;
        if (mac != null) {
            mac.update(into, offset, n);
        }
        return n;
    }

    /** The buffer with bytes left, waiting for the next chunk at most until the deadline; null at the end. */
    private ByteBuffer next() throws IOException {
        while (true) {
            while (!unread.isEmpty() && !unread.peek().hasRemaining()) {
                unread.poll();
            }
            if (!unread.isEmpty()) {
                return unread.peek();
            }
            if (ended) {
                return null;
            }
            long left = deadline - System.nanoTime();
            Object chunk;
            try {
                chunk = left <= 0 ? null : chunks.poll(left, TimeUnit.NANOSECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                chunk = null;
            }
            if (chunk == null) {
                close();
                throw new Stopped("answer not read within the deadline (ringmap.peers.timeout): stopped after " + read
                        + " bytes");
            }
            if (chunk == END) {
                ended = true;
            } else if (chunk instanceof Throwable failure) {
                ended = true;
                throw new IOException(
                        failure.getMessage() == null ? failure.getClass().getSimpleName() : failure.getMessage(),
                        failure);
            } else {
                @SuppressWarnings("unchecked")
                List<ByteBuffer> items = (List<ByteBuffer>) chunk;
                unread.addAll(items);
                subscription.request(1);
            }
        }
    }

    /** Stops the transfer unless the body was read to its end. */
    @Override
    public void close() {
        if (!ended) {
            ended = true;
            unread.clear();
            Flow.Subscription s = subscription;
            if (s != null) {
                s.cancel();
            }
        }
    }
}
