package dev.bundlectl.controller.runtime;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * Looks at each BundleInstall as the informer sees it and asks for a reconcile when something
 * outside the object changes that its spec depends on (a catalog ConfigMap, an image tag moved):
 * the informer alone sees only the object. One is started with each reconcile loop, and closed
 * with it.
 */
public interface SpecFollower extends AutoCloseable {

    /** A BundleInstall was added or changed (not a resync of the same version). */
    void seen(String namespace, String name, JsonNode object);

    /** A BundleInstall is gone. */
    void gone(String namespace, String name);

    /** Stops following; no reconcile is asked for afterwards. */
    @Override
    void close();

    /** Asks the loop to reconcile one BundleInstall, as if it had changed. */
    @FunctionalInterface
    interface Requeue {
        /**
         * @param why one line for the log, e.g. "catalog image moved to sha256:..."
         */
        void requeue(String namespace, String name, String why);
    }

    /** Starts a follower for one loop. */
    @FunctionalInterface
    interface Factory {
        /** A follower that asks {@code requeue} for reconciles. */
        SpecFollower start(Requeue requeue);
    }

    /** Follows nothing. */
    Factory NONE = requeue -> new SpecFollower() {
        @Override
        public void seen(String namespace, String name, JsonNode object) {
        }

        @Override
        public void gone(String namespace, String name) {
        }

        @Override
        public void close() {
        }
    };
}
