package dev.bundlectl.controller.reconcile;

import com.fasterxml.jackson.databind.JsonNode;
import dev.bundlectl.controller.api.BundleInstallKind;
import io.fabric8.kubernetes.api.model.EventBuilder;
import io.fabric8.kubernetes.api.model.ObjectReference;
import io.fabric8.kubernetes.api.model.ObjectReferenceBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.time.Instant;
import java.util.UUID;

/**
 * Records Kubernetes Events on a BundleInstall, so {@code kubectl describe} tells its story. An
 * event that cannot be written is dropped: events explain, and must never stop a reconcile.
 */
public final class EventRecorder {

    /** The component named as the events' source. */
    public static final String COMPONENT = "bundlectl-controller";
    private static final int MAX_MESSAGE = 1024;
    private final KubernetesClient client;
    private final String identity;

    /**
     * @param client fabric8's client
     * @param identity this replica's identity, recorded as the reporting instance
     */
    public EventRecorder(KubernetesClient client, String identity) {
        this.client = client;
        this.identity = identity;
    }

    /** A Normal event. */
    public void normal(JsonNode object, String reason, String message) {
        record(object, "Normal", reason, message);
    }

    /** A Warning event. */
    public void warning(JsonNode object, String reason, String message) {
        record(object, "Warning", reason, message);
    }

    private void record(JsonNode object, String type, String reason, String message) {
        JsonNode metadata = object.path("metadata");
        on(new ObjectReferenceBuilder().withApiVersion(BundleInstallKind.API_VERSION).withKind(BundleInstallKind.KIND)
                .withNamespace(metadata.path("namespace").asText()).withName(metadata.path("name").asText())
                .withUid(metadata.path("uid").asText()).withResourceVersion(metadata.path("resourceVersion").asText())
                .build(), type, reason, message);
    }

    /**
     * An event of {@code type} ({@code Normal} or {@code Warning}) on any namespaced object, such as
     * the controller's own Pod.
     */
    public void on(ObjectReference involved, String type, String reason, String message) {
        String namespace = involved.getNamespace();
        String now = Instant.now().toString();
        String text = message.length() > MAX_MESSAGE ? message.substring(0, MAX_MESSAGE - 1) + "…" : message;
        try {
            client.v1().events().inNamespace(namespace).resource(new EventBuilder()
                    .withNewMetadata().withNamespace(namespace)
                    .withName(involved.getName() + "." + UUID.randomUUID().toString().substring(0, 8)).endMetadata()
                    .withInvolvedObject(involved)
                    .withType(type).withReason(reason).withMessage(text)
                    .withFirstTimestamp(now).withLastTimestamp(now).withCount(1)
                    .withNewSource().withComponent(COMPONENT).endSource()
                    .withReportingComponent(COMPONENT).withReportingInstance(identity)
                    .build()).create();
        } catch (KubernetesClientException e) {
            // Dropped on purpose; see the class comment.
        }
    }
}
