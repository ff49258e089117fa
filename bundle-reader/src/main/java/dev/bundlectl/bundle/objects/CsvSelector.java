package dev.bundlectl.bundle.objects;

import dev.bundlectl.bundle.Diagnostics;
import dev.bundlectl.bundle.Manifest;
import dev.bundlectl.bundle.SourceLocation;
import dev.bundlectl.bundle.kinds.GroupKind;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** Picks the one ClusterServiceVersion of a bundle, or says why there is not exactly one. */
public final class CsvSelector {

    /** The kind of the CSV. */
    public static final String CSV_KIND = GroupKind.CLUSTER_SERVICE_VERSION.kind();
    /** The only apiVersion the cluster serves CSVs under. */
    public static final String CSV_API_VERSION = "operators.coreos.com/v1alpha1";

    /**
     * @param manifests the bundle's distinct objects
     * @param manifestsDir the manifests directory relative to the bundle root, for the location of
     *     a "no CSV" error
     * @param unreadable how many manifest files could not be parsed and objects were invalid (a
     *     CSV may be among them), to say so when none is found
     */
    public Optional<Manifest> select(List<Manifest> manifests, String manifestsDir, int unreadable,
            Diagnostics.Collector diagnostics) {
        List<Manifest> csvs = new ArrayList<>(1);
        for (Manifest manifest : manifests) {
            if (GroupKind.CLUSTER_SERVICE_VERSION.hasKind(manifest.kind())) {
                csvs.add(manifest);
            }
        }
        if (csvs.isEmpty()) {
            String unread = unreadable == 0 ? "" : " (" + unreadable + " unreadable file(s) or invalid object(s) above)";
            diagnostics.error(SourceLocation.file(manifestsDir + "/"), null, null,
                    "the bundle has no valid ClusterServiceVersion; it needs exactly one" + unread);
            return Optional.empty();
        }
        if (csvs.size() > 1) {
            List<String> where = new ArrayList<>();
            for (Manifest csv : csvs) {
                where.add(csv.displayName() + " in " + csv.source());
            }
            diagnostics.error(SourceLocation.file(manifestsDir + "/"), null, null, "the bundle has " + csvs.size()
                    + " ClusterServiceVersions (" + String.join("; ", where) + "); it needs exactly one");
            return Optional.empty();
        }
        Manifest csv = csvs.get(0);
        if (!CSV_API_VERSION.equals(csv.apiVersion())) {
            diagnostics.warning(csv.source(), csv.displayName(), "apiVersion", "the apiVersion is \""
                    + csv.apiVersion() + "\"; clusters serve ClusterServiceVersions as " + CSV_API_VERSION);
        }
        return Optional.of(csv);
    }
}
