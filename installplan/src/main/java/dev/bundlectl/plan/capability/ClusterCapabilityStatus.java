package dev.bundlectl.plan.capability;

import com.fasterxml.jackson.databind.JsonNode;
import dev.bundlectl.bundle.Diagnostics;
import dev.bundlectl.bundle.SourceLocation;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.TreeSet;

/**
 * A cluster's own capabilities, read from its ClusterVersion object ({@code status.capabilities}:
 * {@code enabledCapabilities} and {@code knownCapabilities}). That status is what the
 * cluster-version operator enforces, implicitly enabled capabilities included, so a plan made
 * with it treats manifests exactly as the cluster would. Pure: the caller fetches the object.
 */
public final class ClusterCapabilityStatus {

    /** The ClusterVersion's API group. */
    public static final String GROUP = "config.openshift.io";
    /** The ClusterVersion's API version. */
    public static final String VERSION = "v1";
    /** The kind. */
    public static final String KIND = "ClusterVersion";
    /** The name of the one ClusterVersion object of a cluster. */
    public static final String NAME = "version";

    private static final String OBJECT = KIND + "/" + NAME;
    private static final String ENABLED = "status.capabilities.enabledCapabilities";
    private static final String KNOWN = "status.capabilities.knownCapabilities";

    private ClusterCapabilityStatus() {
    }

    /**
     * The configuration a ClusterVersion's status describes. Without {@code status.capabilities}
     * (an OpenShift release before capabilities existed) the result holds no configuration and a
     * warning, and nothing is excluded for capabilities.
     *
     * @param clusterVersion the ClusterVersion object
     * @param location where it was read, e.g. {@code cluster https://api.example:6443}
     * @param manifestCapabilities capability names the manifests being planned carry: they are
     *     known too, so that the plan's status lists them
     */
    public static CapabilityConfigResult read(JsonNode clusterVersion, String location,
            Collection<String> manifestCapabilities) {
        Diagnostics.Collector found = new Diagnostics.Collector();
        SourceLocation source = SourceLocation.file(location);
        JsonNode capabilities = clusterVersion.path("status").path("capabilities");
        if (!capabilities.isObject()) {
            found.warning(source, OBJECT, "status.capabilities", "not reported (a release before capabilities); "
                    + "every capability counts as enabled");
            return new CapabilityConfigResult(Optional.empty(), found.toDiagnostics());
        }
        List<String> enabled = names(capabilities.path("enabledCapabilities"), ENABLED, source, found);
        List<String> known = names(capabilities.path("knownCapabilities"), KNOWN, source, found);
        if (found.hasErrors()) {
            return CapabilityConfigResult.failed(found.toDiagnostics());
        }
        TreeSet<String> allKnown = new TreeSet<>(known);
        allKnown.addAll(enabled);
        allKnown.addAll(manifestCapabilities);
        CapabilityOrigin origin = RequestLists.noneBaseline(ConfigForm.CLUSTER_VERSION,
                OBJECT + " status on " + location, CapabilitySets.sorted(enabled));
        CapabilityConfig config = new CapabilityConfig(CapabilitySets.sorted(enabled), CapabilitySets.sorted(allKnown),
                CapabilitySets.sorted(List.of()), origin);
        return new CapabilityConfigResult(Optional.of(config), found.toDiagnostics());
    }

    private static List<String> names(JsonNode list, String field, SourceLocation source, Diagnostics.Collector found) {
        List<String> names = new ArrayList<>();
        if (list.isMissingNode() || list.isNull()) {
            return names;
        }
        if (!list.isArray()) {
            found.error(source, OBJECT, field, "expected a list of capability names, found " + list.getNodeType());
            return names;
        }
        for (int i = 0; i < list.size(); i++) {
            JsonNode name = list.get(i);
            if (!name.isTextual() || name.asText().isEmpty()) {
                found.error(source, OBJECT, field + "[" + i + "]", "expected a capability name, found " + name);
            } else {
                names.add(name.asText());
            }
        }
        return names;
    }
}
