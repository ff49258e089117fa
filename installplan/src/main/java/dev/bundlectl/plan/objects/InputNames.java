package dev.bundlectl.plan.objects;

import com.fasterxml.jackson.databind.JsonNode;
import dev.bundlectl.bundle.Bundle;
import dev.bundlectl.bundle.BundleAnnotations;
import dev.bundlectl.bundle.Diagnostics;
import dev.bundlectl.bundle.Manifest;
import dev.bundlectl.bundle.SourceLocation;
import dev.bundlectl.bundle.layout.LayoutResolver;
import dev.bundlectl.crdschema.GoText;
import java.util.ArrayList;
import java.util.List;

/**
 * The names a bundle gives that bundlectl makes other names and labels from, checked as the API
 * server checks names, before anything is planned (docs/semantics.md §2). A name that would not
 * pass is invalid input (exit 2) naming the file, the object and the field; none is cut or
 * rewritten to fit, so that what reaches the cluster is what the bundle says.
 * <ul>
 *   <li>the CSV's {@code metadata.name}: a DNS-1123 subdomain (the server's rule for a CSV) of at
 *       most 63 characters, because it becomes a label value ({@code olm.owner} on what OLM's
 *       InstallPlan generates, {@code bundlectl.dev/csv} on rendered objects) and the start of
 *       the generated RBAC names;</li>
 *   <li>the package name: a DNS-1123 subdomain of at most 63 characters, because it becomes the
 *       install record's label value ({@code bundlectl.dev/package}) and part of its name
 *       ({@code bundlectl.<package>.<time>});</li>
 *   <li>the service accounts of {@code spec.install.spec.permissions} and
 *       {@code clusterPermissions}, and the deployments of {@code spec.install.spec.deployments}:
 *       each a DNS-1123 subdomain, the rule of the objects made from them.</li>
 * </ul>
 */
public final class InputNames {

    /** The longest label value, the limit of every name that becomes one. */
    static final int MAX_LABEL_VALUE = 63;
    private static final String PACKAGE_FIELD = "annotations." + BundleAnnotations.PACKAGE;

    private final Diagnostics.Collector problems = new Diagnostics.Collector();

    private InputNames() {
    }

    /** The errors for every name of {@code bundle} the server or OLM would refuse; none when all pass. */
    public static Diagnostics problems(Bundle bundle) {
        InputNames names = new InputNames();
        Manifest csv = bundle.csv();
        names.labelled(csv.source(), csv, "metadata.name", csv.name(),
                "the API server refuses such a ClusterServiceVersion",
                "it becomes the value of the labels olm.owner and bundlectl.dev/csv");
        names.packageName(bundle);
        JsonNode spec = csv.body().path("spec").path("install").path("spec");
        for (String list : List.of("permissions", "clusterPermissions")) {
            int index = 0;
            for (JsonNode permission : spec.path(list)) {
                JsonNode account = permission.path("serviceAccountName");
                if (account.isTextual()) {
                    names.subdomain(csv.source(), csv, "spec.install.spec." + list + "[" + index + "].serviceAccountName",
                            account.textValue(), "the API server refuses such a ServiceAccount");
                }
                index++;
            }
        }
        int index = 0;
        for (JsonNode deployment : spec.path("deployments")) {
            JsonNode name = deployment.path("name");
            if (name.isTextual()) {
                names.subdomain(csv.source(), csv, "spec.install.spec.deployments[" + index + "].name",
                        name.textValue(), "the API server refuses such a Deployment");
            }
            index++;
        }
        return names.problems.toDiagnostics();
    }

    private void packageName(Bundle bundle) {
        if (bundle.annotations().packageName() != null) {
            labelled(SourceLocation.file(LayoutResolver.ANNOTATIONS_FILE), null, PACKAGE_FIELD, bundle.packageName(),
                    "OLM and the API server refuse it as a name", "it becomes the install record's label value "
                            + "bundlectl.dev/package and part of the record's name");
        } else if (!bundle.packageName().equals(bundle.csv().name())) {
            labelled(SourceLocation.file("metadata/"), null, "properties: olm.package packageName", bundle.packageName(),
                    "OLM and the API server refuse it as a name", "it becomes the install record's label value "
                            + "bundlectl.dev/package and part of the record's name");
        }
        // Otherwise the package is the CSV's name, checked above.
    }

    /** A name that must be a DNS-1123 subdomain and also a label value. */
    private void labelled(SourceLocation where, Manifest object, String field, String name, String why,
            String becomesLabel) {
        if (!subdomain(where, object, field, name, why) && name.length() > MAX_LABEL_VALUE) {
            error(where, object, field, name, "must be no more than " + MAX_LABEL_VALUE + " characters (it has "
                    + name.length() + "): " + becomesLabel + ", and bundlectl cuts no name to fit");
        }
    }

    /** Reports the name unless it is a DNS-1123 subdomain; whether it was reported. */
    private boolean subdomain(SourceLocation where, Manifest object, String field, String name, String why) {
        List<String> found = new ArrayList<>(NameRule.DNS1123_SUBDOMAIN.problems(name));
        if (name.isEmpty()) {
            found = List.of("must not be empty");
        }
        if (found.isEmpty()) {
            return false;
        }
        error(where, object, field, name, String.join("; ", found) + " (" + why + ")");
        return true;
    }

    private void error(SourceLocation where, Manifest object, String field, String name, String problem) {
        problems.error(where, object == null ? null : object.displayName(), field,
                "invalid name " + GoText.quote(shown(name)) + ": " + problem);
    }

    /** A long name is shown by its start and its length, so that the error stays one readable line. */
    private static String shown(String name) {
        return name.length() <= 2 * MAX_LABEL_VALUE ? name : name.substring(0, MAX_LABEL_VALUE) + "…";
    }
}
