package dev.bundlectl.executor.gc;

import com.fasterxml.jackson.databind.JsonNode;
import dev.bundlectl.executor.ownership.ObjectOwners;
import dev.bundlectl.executor.ownership.InstallOwner;
import dev.bundlectl.executor.records.ObjectRef;
import dev.bundlectl.plan.api.ApiResource;
import dev.bundlectl.render.RenderLabels;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * An object bundlectl marked or labelled that could outlive its owners: cluster-scoped (CRDs among
 * them), or in a namespace none of its owners is installed in. An object in its own install's
 * namespace goes with that namespace, so it is never one.
 *
 * @param type the resource it was listed through
 * @param namespace its namespace, or null
 * @param name its name
 * @param uid its uid, which a deletion requires
 * @param resourceVersion its resourceVersion as listed, which a deletion requires
 * @param owners the owners it names, at least one
 */
public record MarkedObject(ApiResource type, String namespace, String name, String uid, String resourceVersion,
        List<NamedOwner> owners) {

    public MarkedObject {
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(name, "name");
        owners = List.copyOf(owners);
    }

    /**
     * {@code object}, listed through {@code type}, if it is one: it names an owner (owner lists and
     * marks first; without any, the rendered-operator labels), is not being deleted, and is cluster-scoped or
     * in a namespace none of its owners is installed in.
     */
    public static Optional<MarkedObject> of(ApiResource type, JsonNode object) {
        JsonNode metadata = object.path("metadata");
        if (metadata.hasNonNull("deletionTimestamp")) {
            return Optional.empty();
        }
        List<NamedOwner> owners = new ArrayList<>();
        for (InstallOwner owner : ObjectOwners.of(object).owners()) {
            owners.add(new NamedOwner.Install(owner));
        }
        JsonNode labels = metadata.path("labels");
        if (owners.isEmpty() && RenderLabels.MANAGED_BY_VALUE.equals(labels.path(RenderLabels.MANAGED_BY).asText())
                && !labels.path(RenderLabels.OWNER_NAMESPACE).asText().isEmpty()) {
            owners.add(new NamedOwner.Operator(labels.path(RenderLabels.OWNER_NAMESPACE).asText(),
                    labels.hasNonNull(RenderLabels.CSV) ? labels.path(RenderLabels.CSV).asText() : null));
        }
        String namespace = type.namespaced() ? text(metadata, "namespace") : null;
        if (owners.isEmpty() || namespace != null && owners.stream().anyMatch(owner -> owner.namespace().equals(namespace))) {
            return Optional.empty();
        }
        return Optional.of(new MarkedObject(type, namespace, text(metadata, "name"), text(metadata, "uid"),
                text(metadata, "resourceVersion"), owners));
    }

    /** Its reference, for messages. */
    public ObjectRef ref() {
        return new ObjectRef(type.group(), type.version(), type.kind(), namespace, name);
    }

    /** Whether it is a CustomResourceDefinition, which is deleted only when asked (with its custom resources). */
    public boolean customResourceDefinition() {
        return ref().customResourceDefinition();
    }

    private static String text(JsonNode metadata, String field) {
        String value = metadata.path(field).asText("");
        return value.isEmpty() ? null : value;
    }
}
