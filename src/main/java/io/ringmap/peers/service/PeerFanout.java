package io.ringmap.peers.service;

import io.ringmap.peers.Contributors;
import io.ringmap.peers.InstanceId;
import io.ringmap.peers.PeerRefused;
import io.ringmap.peers.client.PeerClient;
import io.ringmap.peers.client.PeerDirectory;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.Semaphore;
import java.util.function.BiConsumer;
import java.util.function.Function;

/**
 * The one way a deployment answer asks its peers (hot keys, heatmaps, sizes rounds): every peer of the directory at
 * once (at most {@code ringmap.peers.max-peers}), this instance's own part worked out while they answer, each answer
 * handed to a merge as it arrives until the deadline, and the result named: the peers that contributed and those that
 * did not, each with the reason. An answer must come from the instance that signed it; an answer of this instance
 * (reached under another address) is skipped, and one of an instance that already answered under another address is
 * named and not merged again, so nothing is counted twice and no peer can make another's counts disappear unnamed.
 *
 * <p>Answers to callers ({@link #gatherForCaller}) are bounded in number as well as in time: at most
 * {@link #MAX_CALLER_FAN_OUTS} wait for the peers at once on one instance; one beyond answers at once with this
 * instance's own part and names every peer "not asked". So a burst of slow deployment questions holds at most that many
 * request threads for the timeout and sends each peer at most that many questions at a time from this instance,
 * whatever the callers do. The sizes round's own fan-out ({@link #gather}, one at a time) is not counted: a round that
 * could not ask its peers would read every node itself.
 */
public final class PeerFanout {

    /** Deployment answers to callers that may wait for the peers at once on one instance. */
    public static final int MAX_CALLER_FAN_OUTS = 16;

    private final InstanceId instance;
    private final PeerDirectory directory;
    private final PeerClient client;
    private final int maxPeers;
    private final Semaphore callerFanOuts = new Semaphore(MAX_CALLER_FAN_OUTS);

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
     * As {@link #gather}, for an answer to a caller: when {@link #MAX_CALLER_FAN_OUTS} such answers are already
     * waiting for the peers, runs {@code local} only and names every peer missing, not asked.
     */
    public <T> Contributors gatherForCaller(
            String target,
            PeerClient.Decoder<T> decoder,
            Function<T, String> instanceOf,
            long deadline,
            Runnable local,
            BiConsumer<String, T> merge) {
        if (!callerFanOuts.tryAcquire()) {
            Asked asked = Asked.of(directory, maxPeers);
            List<Contributors.Missing> missing = asked.missing();
            String why = "not asked: " + MAX_CALLER_FAN_OUTS + " answers of this instance were already waiting for "
                    + "their peers; this answer is this instance's own";
            asked.peers().forEach(peer -> missing.add(new Contributors.Missing(peer.toString(), why)));
            local.run();
            missing.sort(Comparator.comparing(Contributors.Missing::peer));
            return new Contributors("deployment", List.of(), missing);
        }
        try {
            return gather(target, decoder, instanceOf, deadline, local, merge);
        } finally {
            callerFanOuts.release();
        }
    }

    /**
     * Asks every peer at once for {@code target}, runs {@code local} while they answer, and hands each decoded answer
     * with its peer ({@code host:port}), as it arrives and until the deadline ({@link System#nanoTime()}), to
     * {@code merge}, which refuses one it cannot take by throwing {@link PeerRefused} (before changing anything):
     * that peer is named missing with the reason.
     *
     * @param instanceOf the id of the instance that sent an answer
     * @return who contributed and who did not, scope {@code deployment}
     */
    public <T> Contributors gather(
            String target,
            PeerClient.Decoder<T> decoder,
            Function<T, String> instanceOf,
            long deadline,
            Runnable local,
            BiConsumer<String, T> merge) {
        List<String> contributed = new ArrayList<>();
        Asked asked = Asked.of(directory, maxPeers);
        List<Contributors.Missing> missing = asked.missing();
        Map<String, String> mergedFrom = new HashMap<>();
        PeerClient.Fanout<T> fanout = client.ask(asked.peers(), target, decoder, deadline);
        local.run();
        fanout.each(answer -> {
            String peer = answer.peer().toString();
            if (answer.value() == null) {
                missing.add(new Contributors.Missing(peer, answer.problem()));
                return;
            }
            String sender = instanceOf.apply(answer.value());
            if (!answer.instance().equals(sender)) {
                missing.add(new Contributors.Missing(
                        peer,
                        "refused: it speaks for instance " + sender + " but signed as instance " + answer.instance()));
                return;
            }
            if (sender.equals(instance.value())) {
                return; // this instance under another address
            }
            String first = mergedFrom.get(sender);
            if (first != null) {
                missing.add(new Contributors.Missing(
                        peer, "the same instance (" + sender + ") as " + first + ", merged once"));
                return;
            }
            try {
                merge.accept(peer, answer.value());
                mergedFrom.put(sender, peer);
                contributed.add(peer);
            } catch (PeerRefused e) {
                missing.add(new Contributors.Missing(peer, e.getMessage()));
            }
        });
        contributed.sort(Comparator.naturalOrder());
        missing.sort(Comparator.comparing(Contributors.Missing::peer));
        return new Contributors("deployment", contributed, missing);
    }
}
