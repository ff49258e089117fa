package dev.bundlectl.executor.lock;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.bundlectl.executor.records.RecordNames;
import dev.bundlectl.executor.records.RecordSecrets;
import dev.bundlectl.plan.api.ApiResource;
import java.time.Instant;
import java.util.Objects;

/**
 * The Lease objects a lock writes, whole (each write replaces the Lease, under the
 * {@code resourceVersion} its writer last saw), and where in a Lease each of its facts lives.
 */
final class LeaseBodies {

    /** {@code coordination.k8s.io/v1} Leases, built in since Kubernetes 1.14. */
    static final ApiResource LEASES = new ApiResource("coordination.k8s.io", "v1", "Lease", "leases", true);

    /** What the holder is doing, such as {@code install cachebox-operator.v0.3.1}. */
    static final String ANNOTATION_OPERATION = "bundlectl.dev/operation";

    /** The token of the acquisition that wrote the Lease last ({@link Claim#token()}). */
    static final String ANNOTATION_TOKEN = "bundlectl.dev/lock-token";

    private LeaseBodies() {
    }

    /** The Lease held by {@code claim}, renewed at {@code renewTime}; a create when {@code resourceVersion} is null. */
    static ObjectNode held(LockTarget target, Claim claim, Instant renewTime, int durationSeconds,
            String resourceVersion) {
        ObjectNode lease = lease(target, claim, resourceVersion);
        metadataAnnotations(lease).put(ANNOTATION_OPERATION, claim.operation());
        lease.putObject("spec")
                .put("holderIdentity", claim.holder())
                .put("leaseDurationSeconds", durationSeconds)
                .put("acquireTime", MicroTime.format(claim.since()))
                .put("renewTime", MicroTime.format(renewTime));
        return lease;
    }

    /**
     * The Lease released by {@code claim} at {@code releaseTime}: no holder, so that the next
     * operation finds the lock free, and the Lease kept, so that its {@code resourceVersion} tells
     * every later operation whether another ran in between. The token stays, so that a release
     * whose answer was lost is recognised.
     */
    static ObjectNode released(LockTarget target, Claim claim, Instant releaseTime, int durationSeconds,
            String resourceVersion) {
        ObjectNode lease = lease(target, claim, Objects.requireNonNull(resourceVersion, "resourceVersion"));
        lease.putObject("spec")
                .put("leaseDurationSeconds", durationSeconds)
                .put("renewTime", MicroTime.format(releaseTime));
        return lease;
    }

    /**
     * Whether {@code found} on the server is the very write {@code sent}: the same acquisition
     * token, holder and renewal time (which no two writes share). A write whose answer was lost,
     * and that a retry then met as a conflict, is found so.
     */
    static boolean sameWrite(ObjectNode sent, ObjectNode found) {
        return token(sent).equals(token(found))
                && holder(sent).equals(holder(found))
                && MicroTime.parse(renewTime(sent)).equals(MicroTime.parse(renewTime(found)));
    }

    static String holder(JsonNode lease) {
        return lease.path("spec").path("holderIdentity").asText("");
    }

    static String renewTime(JsonNode lease) {
        return lease.path("spec").path("renewTime").asText("");
    }

    static String acquireTime(JsonNode lease) {
        return lease.path("spec").path("acquireTime").asText("");
    }

    static String operation(JsonNode lease) {
        return lease.path("metadata").path("annotations").path(ANNOTATION_OPERATION).asText("");
    }

    static String resourceVersion(JsonNode lease) {
        return lease.path("metadata").path("resourceVersion").asText("");
    }

    private static String token(JsonNode lease) {
        return lease.path("metadata").path("annotations").path(ANNOTATION_TOKEN).asText("");
    }

    private static ObjectNode lease(LockTarget target, Claim claim, String resourceVersion) {
        ObjectNode lease = JsonNodeFactory.instance.objectNode();
        lease.put("apiVersion", LEASES.apiVersion()).put("kind", LEASES.kind());
        ObjectNode metadata = lease.putObject("metadata");
        metadata.put("name", target.leaseName()).put("namespace", target.namespace());
        if (resourceVersion != null) {
            metadata.put("resourceVersion", resourceVersion);
        }
        metadata.putObject("labels")
                .put(RecordSecrets.LABEL_MANAGED_BY, RecordSecrets.MANAGED_BY)
                .put(RecordSecrets.LABEL_PACKAGE, RecordNames.labelValue(target.packageName()));
        metadata.putObject("annotations").put(ANNOTATION_TOKEN, claim.token());
        return lease;
    }

    private static ObjectNode metadataAnnotations(ObjectNode lease) {
        return (ObjectNode) lease.path("metadata").path("annotations");
    }
}
