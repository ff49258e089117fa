package dev.bundlectl.plan.api;

import dev.bundlectl.bundle.Manifest;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.Collection;
import java.util.Set;
import java.util.TreeSet;

/**
 * The API groups a plan of some manifests asks its {@link ApiSurface} about. A live cluster's
 * discovery answers one request per served group/version, and most of a cluster's groups mean
 * nothing to a given bundle; discovery loads these groups before planning and any other only when
 * asked (ConsultedGroupsTest plans every real bundle to check that none is asked about another).
 */
public final class ConsultedGroups {

    /**
     * Groups every plan consults whatever its manifests: core (namespaces, Secrets of the install
     * records), OLM's (CSVs, OperatorGroups) and CRDs'.
     */
    public static final Set<String> ALWAYS = Set.of("", "operators.coreos.com", "apiextensions.k8s.io");

    private static final String CRD_KIND = "CustomResourceDefinition";
    private static final String CSV_KIND = "ClusterServiceVersion";

    private ConsultedGroups() {
    }

    /**
     * {@link #ALWAYS}; the group of each manifest; the group a CRD defines; and the groups of the
     * APIs a CSV owns or requires (its CRDs, named {@code plural.group}, and API services). The
     * groups of a bundle's {@code olm.gvk} dependencies are not among them: few bundles have any,
     * and discovery loads such a group when the plan asks.
     */
    public static Set<String> of(Collection<Manifest> manifests) {
        Set<String> groups = new TreeSet<>(ALWAYS);
        for (Manifest manifest : manifests) {
            groups.add(manifest.group());
            JsonNode spec = manifest.body().path("spec");
            if (CRD_KIND.equals(manifest.kind())) {
                addText(groups, spec.path("group"));
            } else if (CSV_KIND.equals(manifest.kind())) {
                for (String role : new String[] {"owned", "required"}) {
                    for (JsonNode crd : spec.path("customresourcedefinitions").path(role)) {
                        groups.add(CrdNames.group(crd.path("name").asText("")));
                    }
                    for (JsonNode service : spec.path("apiservicedefinitions").path(role)) {
                        addText(groups, service.path("group"));
                    }
                }
            }
        }
        return groups;
    }

    private static void addText(Set<String> groups, JsonNode value) {
        if (value.isTextual() && !value.asText().isEmpty()) {
            groups.add(value.asText());
        }
    }
}
