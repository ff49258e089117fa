package dev.bundlectl.controller.follow;

import dev.bundlectl.controller.runtime.SpecFollower;
import dev.bundlectl.controller.source.ImageDigests;
import dev.bundlectl.executor.waiting.Blocking;
import dev.bundlectl.executor.waiting.Waited;
import java.time.Duration;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.logging.Logger;

/**
 * Every interval, each image tag that some BundleInstall names is resolved once (one manifest
 * {@code HEAD}, through {@link ImageDigests}), however many installs name it; the installs of a tag
 * whose digest moved are reconciled, and pull the new digest then. A tag whose digest stayed costs
 * that one request and nothing else. The poll runs on a thread of its own, one tag at a time.
 */
final class ImagePoll implements AutoCloseable {

    private static final Logger LOG = Logger.getLogger(ImagePoll.class.getName());

    /** Longer than any registry answer worth waiting for; the registry client retries within it. */
    private static final Duration ONE_TAG = Duration.ofMinutes(2);

    private final ImageDigests digests;
    private final SpecFollower.Requeue requeue;
    private final Map<String, String> byInstall = new HashMap<>();
    private final ScheduledExecutorService timer;

    ImagePoll(ImageDigests digests, Duration interval, SpecFollower.Requeue requeue) {
        this.digests = Objects.requireNonNull(digests, "digests");
        this.requeue = Objects.requireNonNull(requeue, "requeue");
        this.timer = Executors.newSingleThreadScheduledExecutor(runnable -> {
            Thread thread = new Thread(runnable, "bundlectl-image-poll");
            thread.setDaemon(true);
            return thread;
        });
        timer.scheduleWithFixedDelay(this::pollOnce, interval.toMillis(), interval.toMillis(), TimeUnit.MILLISECONDS);
    }

    /** Install {@code namespace/name} now names {@code image} (or none). */
    synchronized void follow(String namespace, String name, String image) {
        String key = namespace + "/" + name;
        String before = image == null ? byInstall.remove(key) : byInstall.put(key, image);
        if (before != null && !before.equals(image) && !byInstall.containsValue(before)) {
            digests.unfollow(before);
        }
    }

    /** One round: every followed tag resolved once, and the installs of each moved one reconciled. */
    void pollOnce() {
        Set<String> images;
        synchronized (this) {
            images = new HashSet<>(byInstall.values());
        }
        for (String image : images) {
            Waited<ImageDigests.Refreshed> waited = Blocking.await(digests.refresh(image).toCompletionStage(), ONE_TAG);
            if (waited instanceof Waited.Done<ImageDigests.Refreshed> done) {
                if (done.value().moved()) {
                    LOG.info(() -> image + " moved to " + done.value().pinned());
                    for (String key : installsOf(image)) {
                        int slash = key.indexOf('/');
                        requeue.requeue(key.substring(0, slash), key.substring(slash + 1),
                                image + " now points at " + done.value().pinned());
                    }
                }
            } else if (waited instanceof Waited.Interrupted) {
                Thread.currentThread().interrupt();
                return;
            } else {
                // The next round tries again; the installs keep the digest they had.
                LOG.warning(() -> "polling " + image + ": " + describe(waited));
            }
        }
    }

    private synchronized List<String> installsOf(String image) {
        return byInstall.entrySet().stream().filter(entry -> entry.getValue().equals(image)).map(Map.Entry::getKey)
                .sorted().toList();
    }

    private static String describe(Waited<?> waited) {
        if (waited instanceof Waited.Failed<?> failed) {
            return failed.cause().getMessage();
        }
        return "no answer within " + ONE_TAG.toMinutes() + " minutes";
    }

    @Override
    public void close() {
        timer.shutdownNow();
    }
}
