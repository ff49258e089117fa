package dev.bundlectl.plan.api;

import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeSet;

/** Two surfaces seen as one; see {@link ApiSurface#union}. */
record UnionApiSurface(ApiSurface first, ApiSurface second) implements ApiSurface {

    UnionApiSurface {
        Objects.requireNonNull(first, "first");
        Objects.requireNonNull(second, "second");
    }

    @Override
    public Optional<ApiResource> find(String group, String version, String kind) {
        Optional<ApiResource> found = first.find(group, version, kind);
        return found.isPresent() ? found : second.find(group, version, kind);
    }

    @Override
    public Optional<String> discoveryFailure(String group, String version) {
        return first.discoveryFailure(group, version).or(() -> second.discoveryFailure(group, version));
    }

    @Override
    public boolean servesKind(String group, String kind) {
        return first.servesKind(group, kind) || second.servesKind(group, kind);
    }

    @Override
    public List<String> servedVersions(String group, String kind) {
        TreeSet<String> versions = new TreeSet<>(first.servedVersions(group, kind));
        versions.addAll(second.servedVersions(group, kind));
        return List.copyOf(versions);
    }

    /**
     * Complete when some part that serves the kind lists all of its versions: a bundle's CRD
     * lists every version the API will serve once the CRD is applied, even when a kubectl file
     * shows only the preferred one.
     */
    @Override
    public boolean listsEveryVersion(String group, String kind) {
        boolean firstServes = first.servesKind(group, kind);
        boolean secondServes = second.servesKind(group, kind);
        if (!firstServes && !secondServes) {
            return first.listsEveryVersion(group, kind) && second.listsEveryVersion(group, kind);
        }
        return (firstServes && first.listsEveryVersion(group, kind))
                || (secondServes && second.listsEveryVersion(group, kind));
    }

    @Override
    public Optional<String> kubernetesVersion() {
        return first.kubernetesVersion().or(second::kubernetesVersion);
    }

    @Override
    public String description() {
        return first.description() + " + " + second.description();
    }
}
