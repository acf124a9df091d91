package io.ringmap.restart.service;

import io.ringmap.restart.NodeView;
import io.ringmap.ring.Node;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;

/**
 * Nodes' own views shared by every caller of the guide: a node's view is read at most once per {@code maxAge}
 * whoever asks, and callers asking while it is being read wait for that read. However many clients poll
 * {@code /plan/restart/next}, each node answers at most one {@code system_views.gossip_info} query a second, and a
 * caller cannot make ringmap queue queries to the cluster for others. A view served again carries its own
 * {@code readAt}, so its age shows in the answer.
 */
public final class SharedNodeViews implements NodeViews {

    private final NodeViews delegate;
    private final Duration maxAge;
    private final Clock clock;
    // one entry per address of the ring ever asked about (the guide asks only about the served ring's nodes)
    private final Map<String, CompletableFuture<NodeView>> latest = new ConcurrentHashMap<>();

    public SharedNodeViews(NodeViews delegate, Duration maxAge, Clock clock) {
        this.delegate = delegate;
        this.maxAge = maxAge;
        this.clock = clock;
    }

    @Override
    public List<NodeView> read(List<Node> nodes) {
        List<CompletableFuture<NodeView>> views = new ArrayList<>(nodes.size());
        List<Node> mine = new ArrayList<>();
        List<CompletableFuture<NodeView>> mineFutures = new ArrayList<>();
        for (Node node : nodes) {
            CompletableFuture<NodeView> fresh = new CompletableFuture<>();
            CompletableFuture<NodeView> view = latest.compute(node.address(), (address, known) -> {
                if (known != null && (!known.isDone() || young(known))) {
                    return known;
                }
                return fresh;
            });
            if (view == fresh) {
                mine.add(node);
                mineFutures.add(fresh);
            }
            views.add(view);
        }
        if (!mine.isEmpty()) {
            try {
                List<NodeView> read = delegate.read(mine);
                for (int i = 0; i < mine.size(); i++) {
                    mineFutures.get(i).complete(read.get(i));
                }
            } catch (RuntimeException e) {
                // the callers waiting for these reads get the same failure; the next caller reads again
                for (int i = 0; i < mine.size(); i++) {
                    latest.remove(mine.get(i).address(), mineFutures.get(i));
                    mineFutures.get(i).completeExceptionally(e);
                }
                throw e;
            }
        }
        List<NodeView> out = new ArrayList<>(views.size());
        for (CompletableFuture<NodeView> view : views) {
            out.add(join(view));
        }
        return out;
    }

    private boolean young(CompletableFuture<NodeView> done) {
        NodeView view = done.getNow(null);
        return view != null && !view.readAt().plus(maxAge).isBefore(clock.instant());
    }

    private static NodeView join(CompletableFuture<NodeView> view) {
        try {
            return view.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for a node's view", e);
        } catch (ExecutionException e) {
            throw e.getCause() instanceof RuntimeException r ? r : new IllegalStateException(e.getCause());
        }
    }
}
