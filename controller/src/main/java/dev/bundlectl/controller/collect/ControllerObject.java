package dev.bundlectl.controller.collect;

import dev.bundlectl.controller.runtime.ControllerSettings;
import io.fabric8.kubernetes.api.model.ObjectReference;
import io.fabric8.kubernetes.api.model.ObjectReferenceBuilder;

/**
 * What stands for the controller in its own events: its Pod (POD_NAME and POD_NAMESPACE, from the
 * downward API in deploy/controller.yaml), else its leader-election Lease, else nothing. Kept out of
 * the command line's classes so that an offline command, which builds every command's model, loads
 * no fabric8 type.
 */
public final class ControllerObject {

    private ControllerObject() {
    }

    /**
     * @param lease the leader-election settings, or null without leader election
     * @return the object events about the controller are recorded on, or null for the log only
     */
    public static ObjectReference fromEnvironment(ControllerSettings.LeaseSettings lease) {
        String pod = System.getenv("POD_NAME");
        String podNamespace = System.getenv("POD_NAMESPACE");
        if (pod != null && !pod.isBlank() && podNamespace != null && !podNamespace.isBlank()) {
            return new ObjectReferenceBuilder().withApiVersion("v1").withKind("Pod").withNamespace(podNamespace)
                    .withName(pod).build();
        }
        if (lease != null) {
            return new ObjectReferenceBuilder().withApiVersion("coordination.k8s.io/v1").withKind("Lease")
                    .withNamespace(lease.namespace()).withName(lease.name()).build();
        }
        return null;
    }
}
