package dev.bundlectl.controller.source;

import dev.bundlectl.source.BundleSources;
import io.vertx.core.Future;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What each image tag the controller pulls points at, shared by every BundleInstall: a tag is
 * resolved to a digest with one manifest {@code HEAD}, and every reconcile within the poll
 * interval pulls that digest, which the cache answers without a request. Two hundred installs of
 * one catalog image therefore cost one request per interval, not two hundred.
 *
 * <p>A tag that some BundleInstall's spec names is <em>followed</em>: the poll
 * ({@link #refresh}) keeps its digest current, so reconciles never resolve it themselves. Any
 * other tag (a bundle a catalog names by tag) is resolved again once its answer is older than the
 * interval. Resolutions of one tag at the same time share one request.
 */
public final class ImageDigests {

    private final Function<String, Future<String>> resolver;
    private final Duration maxAge;
    private final Clock clock;
    private final Map<String, Entry> entries = new ConcurrentHashMap<>();

    /**
     * @param resolver a reference pinned to its digest now ({@link BundleSources#pinned}, whose registry
     *     client keeps tokens and the registry's address)
     * @param maxAge how long an unfollowed tag's digest is used; zero resolves on every call
     * @param clock ages the answers
     */
    public ImageDigests(Function<String, Future<String>> resolver, Duration maxAge, Clock clock) {
        this.resolver = Objects.requireNonNull(resolver, "resolver");
        this.maxAge = Objects.requireNonNull(maxAge, "maxAge");
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    /**
     * {@code reference} pinned to its digest ({@code registry/repo@sha256:...}), or unchanged when it
     * is not a registry tag; may complete on an event loop.
     */
    public Future<String> pinned(String reference) {
        if (maxAge.isZero()) {
            return resolver.apply(reference);
        }
        Instant now = clock.instant();
        return entries.compute(reference, (key, old) -> usable(old, now) ? old
                : new Entry(resolver.apply(key), now, old != null && old.followed(), lastKnown(old))).pinned();
    }

    /**
     * Resolves {@code reference} again now and follows it from here on; the answer says whether its
     * digest moved since the last answer that succeeded.
     *
     * @return the new pinned reference, and whether it differs from a known earlier one
     */
    public Future<Refreshed> refresh(String reference) {
        Entry before = entries.get(reference);
        String known = lastKnown(before);
        Future<String> resolving = resolver.apply(reference);
        entries.put(reference, new Entry(resolving, clock.instant(), true, known));
        return resolving.map(pinned -> new Refreshed(pinned, known != null && !known.equals(pinned)));
    }

    /** No spec names {@code reference} any more: its digest ages like any other. */
    public void unfollow(String reference) {
        entries.computeIfPresent(reference, (key, old) -> new Entry(old.pinned(), old.at(), false, old.lastKnown()));
    }

    /** How many tags have an answer (for the metrics and tests). */
    public int size() {
        return entries.size();
    }

    private boolean usable(Entry entry, Instant now) {
        if (entry == null || entry.pinned().failed()) {
            return false;
        }
        return entry.followed() || !entry.pinned().isComplete()
                || Duration.between(entry.at(), now).compareTo(maxAge) < 0;
    }

    /**
     * A poll's answer for one tag.
     *
     * @param pinned the tag's reference pinned to its digest now
     * @param moved whether an earlier answer named another digest
     */
    public record Refreshed(String pinned, boolean moved) {
    }

    /** The newest answer that succeeded: a failed or unfinished resolution keeps the one before it. */
    private static String lastKnown(Entry entry) {
        if (entry == null) {
            return null;
        }
        return entry.pinned().succeeded() ? entry.pinned().result() : entry.lastKnown();
    }

    /**
     * @param pinned the resolution, perhaps under way
     * @param at when it was asked for
     * @param followed whether the poll keeps it current
     * @param lastKnown the answer of the resolution before, for telling a moved digest after a failure
     */
    private record Entry(Future<String> pinned, Instant at, boolean followed, String lastKnown) {
    }
}
