package dev.bundlectl.plan.config;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * OLM's {@code OverrideDeploymentAffinity}, quirks included (docs/semantics.md §10): a
 * configuration's {@code affinity} replaces the pod's part by part ({@code nodeAffinity},
 * {@code podAffinity}, {@code podAntiAffinity}); a part the configuration leaves out stays; an
 * empty part ({@code {}}) removes the pod's part, except that an empty {@code podAntiAffinity}
 * removes the whole affinity, node and pod parts included; an empty {@code affinity} removes it
 * all; a pod with no affinity (or an empty one) takes the configuration's whole; and an affinity
 * left with no part is removed.
 */
final class AffinityOverride {

    private static final String AFFINITY = "affinity";

    private AffinityOverride() {
    }

    /** Applies {@code affinity} (null: leave the pod as it is) to the pod spec {@code pod}. */
    static void apply(ObjectNode pod, ObjectNode affinity) {
        if (affinity == null) {
            return;
        }
        JsonNode current = pod.get(AFFINITY);
        if (!(current instanceof ObjectNode existing) || GoEquality.isZero(existing)) {
            if (GoEquality.isZero(affinity)) {
                pod.remove(AFFINITY);
            } else {
                pod.set(AFFINITY, affinity.deepCopy());
            }
            return;
        }
        if (GoEquality.isZero(affinity)) {
            pod.remove(AFFINITY);
            return;
        }
        for (String part : new String[] {"nodeAffinity", "podAffinity"}) {
            JsonNode override = affinity.get(part);
            if (override != null && !override.isNull()) {
                if (GoEquality.isZero(override)) {
                    existing.remove(part);
                } else {
                    existing.set(part, override.deepCopy());
                }
            }
        }
        JsonNode antiAffinity = affinity.get("podAntiAffinity");
        if (antiAffinity != null && !antiAffinity.isNull()) {
            if (GoEquality.isZero(antiAffinity)) {
                // OLM sets the pod's whole affinity to nil here, not its anti-affinity alone.
                pod.remove(AFFINITY);
                return;
            }
            existing.set("podAntiAffinity", antiAffinity.deepCopy());
        }
        if (GoEquality.isZero(existing)) {
            pod.remove(AFFINITY);
        }
    }
}
