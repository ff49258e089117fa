package dev.bundlectl.controller.follow;

import com.fasterxml.jackson.databind.JsonNode;
import dev.bundlectl.controller.pipeline.InstallerConnections;
import dev.bundlectl.controller.runtime.SpecFollower;
import dev.bundlectl.controller.source.ImageDigests;
import java.time.Duration;
import java.util.Objects;

/**
 * The controller's {@link SpecFollower.Factory}: each loop gets a follower that watches the
 * ConfigMaps and polls the image tags its BundleInstalls name (docs/controller.md, "Following a
 * channel").
 */
public final class SourceFollowing implements SpecFollower.Factory {

    private final InstallerConnections connections;
    private final ImageDigests digests;
    private final Duration poll;

    /**
     * @param connections the accounts ConfigMaps are watched as
     * @param digests the tags' digests the reconciles pull by, kept current by the poll
     * @param poll how often each tag is resolved again; zero polls nothing (the resync then re-resolves)
     */
    public SourceFollowing(InstallerConnections connections, ImageDigests digests, Duration poll) {
        this.connections = Objects.requireNonNull(connections, "connections");
        this.digests = Objects.requireNonNull(digests, "digests");
        this.poll = Objects.requireNonNull(poll, "poll");
    }

    @Override
    public SpecFollower start(SpecFollower.Requeue requeue) {
        ConfigMapWatches watches = new ConfigMapWatches(connections, requeue);
        ImagePoll images = poll.isZero() ? null : new ImagePoll(digests, poll, requeue);
        return new SpecFollower() {
            @Override
            public void seen(String namespace, String name, JsonNode object) {
                FollowedSources sources = FollowedSources.of(object);
                watches.follow(namespace, name, sources.configMap().orElse(null));
                if (images != null) {
                    images.follow(namespace, name, sources.image().orElse(null));
                }
            }

            @Override
            public void gone(String namespace, String name) {
                watches.follow(namespace, name, null);
                if (images != null) {
                    images.follow(namespace, name, null);
                }
            }

            @Override
            public void close() {
                watches.close();
                if (images != null) {
                    images.close();
                }
            }
        };
    }
}
