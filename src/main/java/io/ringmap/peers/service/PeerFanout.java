package io.ringmap.peers.service;

import io.ringmap.hotkeys.Contributors;
import io.ringmap.peers.InstanceId;
import io.ringmap.peers.client.PeerClient;
import io.ringmap.peers.client.PeerDirectory;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.function.BiConsumer;
import java.util.function.Function;

/**
 * The one way a deployment answer asks its peers (hot keys, heatmaps, sizes rounds): every peer of the directory at
 * once (at most {@code ringmap.peers.max-peers}), this instance's own part worked out while they answer, each answer
 * handed to a merge as it arrives until the deadline, and the result named: the peers that contributed and those that
 * did not, each with the reason. An answer of this instance (reached under another address) or of an instance that
 * already answered under another address is skipped, so nothing is counted twice.
 */
public final class PeerFanout {

    private final InstanceId instance;
    private final PeerDirectory directory;
    private final PeerClient client;
    private final int maxPeers;

    /** @param maxPeers peers asked at most; the others are named as missing */
    public PeerFanout(InstanceId instance, PeerDirectory directory, PeerClient client, int maxPeers) {
        this.instance = Objects.requireNonNull(instance, "instance must not be null");
        this.directory = Objects.requireNonNull(directory, "directory must not be null");
        this.client = Objects.requireNonNull(client, "client must not be null");
        this.maxPeers = maxPeers;
    }

    /** This instance's id, which the peers echo. */
    public InstanceId instance() {
        return instance;
    }

    /** The client the peers are asked with. */
    public PeerClient client() {
        return client;
    }

    /** The time one fan-out waits at most ({@code ringmap.peers.timeout}). */
    public Duration timeout() {
        return client.timeout();
    }

    /**
     * Asks every peer at once for {@code target}, runs {@code local} while they answer, and hands each decoded answer
     * with its peer ({@code host:port}), as it arrives and until the deadline ({@link System#nanoTime()}), to
     * {@code merge}, which refuses one it cannot take by throwing {@link IllegalArgumentException} (before changing
     * anything): that peer is named missing with the exception's message.
     *
     * @param instanceOf the id of the instance that sent an answer
     * @return who contributed and who did not, scope {@code deployment}
     */
    public <T> Contributors gather(String target, PeerClient.Decoder<T> decoder, Function<T, String> instanceOf,
            long deadline, Runnable local, BiConsumer<String, T> merge) {
        List<String> contributed = new ArrayList<>();
        Asked asked = Asked.of(directory, maxPeers);
        List<Contributors.Missing> missing = asked.missing();
        Set<String> merged = new HashSet<>();
        merged.add(instance.value());
        PeerClient.Fanout<T> fanout = client.ask(asked.peers(), target, decoder);
        local.run();
        fanout.each(deadline, answer -> {
            String peer = answer.peer().toString();
            if (answer.value() == null) {
                missing.add(new Contributors.Missing(peer, answer.problem()));
                return;
            }
            String sender = instanceOf.apply(answer.value());
            if (merged.contains(sender)) {
                return; // this instance, or one already merged, under another address
            }
            try {
                merge.accept(peer, answer.value());
                merged.add(sender);
                contributed.add(peer);
            } catch (IllegalArgumentException e) {
                missing.add(new Contributors.Missing(peer, e.getMessage()));
            }
        });
        contributed.sort(Comparator.naturalOrder());
        missing.sort(Comparator.comparing(Contributors.Missing::peer));
        return new Contributors("deployment", contributed, missing);
    }
}
