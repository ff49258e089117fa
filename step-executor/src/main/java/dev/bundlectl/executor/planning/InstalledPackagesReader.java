package dev.bundlectl.executor.planning;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.bundlectl.bundle.version.SemanticVersion;
import dev.bundlectl.bundle.yaml.Mappers;
import dev.bundlectl.cluster.kube.ApiException;
import dev.bundlectl.cluster.kube.KubeApi;
import dev.bundlectl.executor.records.InstallRecord;
import dev.bundlectl.executor.records.InstallRecordStore;
import dev.bundlectl.executor.records.RecordEntry;
import dev.bundlectl.plan.api.ApiResource;
import dev.bundlectl.plan.api.ApiSurface;
import dev.bundlectl.plan.dependency.InstalledPackage;
import dev.bundlectl.plan.model.InstallPlanPhase;
import io.vertx.core.Future;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Reads which operator packages the install namespace has, for a bundle's dependencies, as OLM's
 * resolver sees them: bundlectl's install records (the newest complete one per package), and
 * the namespace's CSVs whose {@code operatorframework.io/properties} annotation names their
 * package (what OLM writes on the CSVs it installs, its copies of all-namespace operators
 * included). A user who may not list CSVs gets a note, and only the records count.
 */
final class InstalledPackagesReader {

    /** The annotation in which OLM's catalog operator gives a CSV its bundle's properties. */
    static final String PROPERTIES_ANNOTATION = "operatorframework.io/properties";

    private static final ApiResource CSVS = new ApiResource("operators.coreos.com", "v1alpha1",
            "ClusterServiceVersion", "clusterserviceversions", true);
    private static final int PAGE = 100;
    private static final int FORBIDDEN = 403;
    private static final int NOT_SERVED = 404;

    private final KubeApi api;
    private final InstallRecordStore records;

    InstalledPackagesReader(KubeApi api, InstallRecordStore records) {
        this.api = api;
        this.records = records;
    }

    /** The packages installed in {@code namespace}; fails when the records cannot be listed. */
    Future<List<InstalledPackage>> read(ApiSurface served, String namespace, List<PlanningNote> notes) {
        Future<List<InstalledPackage>> recorded = records.list(namespace).map(InstalledPackagesReader::fromRecords);
        Future<List<InstalledPackage>> csvs = served != null
                && served.find(CSVS.group(), CSVS.version(), CSVS.kind()).isEmpty()
                ? Future.succeededFuture(List.of())
                : api.listAll(CSVS, namespace, null, PAGE).map(InstalledPackagesReader::fromCsvs)
                        .recover(failure -> forbidden(failure, namespace, notes));
        return Future.all(recorded, csvs).map(both -> {
            List<InstalledPackage> all = new ArrayList<>(recorded.result());
            all.addAll(csvs.result());
            return all;
        });
    }

    /** The newest complete, non-dry-run record of each package (records come newest first). */
    private static List<InstalledPackage> fromRecords(List<RecordEntry> entries) {
        Set<String> seen = new HashSet<>();
        List<InstalledPackage> found = new ArrayList<>();
        for (RecordEntry entry : entries) {
            if (!(entry instanceof RecordEntry.Readable readable)) {
                continue;
            }
            InstallRecord record = readable.record();
            if (record.dryRun() || record.phase() != InstallPlanPhase.COMPLETE || !seen.add(record.packageName())) {
                continue;
            }
            found.add(InstalledPackage.onCluster(record.packageName(), version(record.csvVersion()),
                    "install record " + record.namespace() + "/" + record.name()));
        }
        return found;
    }

    private static List<InstalledPackage> fromCsvs(List<ObjectNode> items) {
        List<InstalledPackage> found = new ArrayList<>();
        for (ObjectNode csv : items) {
            JsonNode metadata = csv.path("metadata");
            packageOf(metadata.path("annotations").path(PROPERTIES_ANNOTATION).asText(null)).ifPresent(name ->
                    found.add(InstalledPackage.onCluster(name, version(csv.path("spec").path("version").asText(null)),
                            "CSV " + metadata.path("namespace").asText() + "/" + metadata.path("name").asText())));
        }
        return found;
    }

    /** The package of OLM's properties annotation: {@code {"properties":[{"type":"olm.package",...}]}}. */
    static Optional<String> packageOf(String annotation) {
        if (annotation == null || annotation.isBlank()) {
            return Optional.empty();
        }
        try {
            JsonNode properties = Mappers.json().readTree(annotation).path("properties");
            for (JsonNode property : properties) {
                if ("olm.package".equals(property.path("type").asText())) {
                    return Optional.ofNullable(property.path("value").path("packageName").asText(null));
                }
            }
        } catch (IOException malformed) {
            // Not OLM's annotation after all: the CSV names no package.
        }
        return Optional.empty();
    }

    private static SemanticVersion version(String text) {
        return text == null ? null : SemanticVersion.parseTolerant(text).orElse(null);
    }

    private static Future<List<InstalledPackage>> forbidden(Throwable failure, String namespace,
            List<PlanningNote> notes) {
        if (failure instanceof ApiException refused && refused.isHttp(FORBIDDEN)) {
            notes.add(new PlanningNote.Warned("cannot list the ClusterServiceVersions of namespace " + namespace
                    + " (" + refused.getMessage() + "); dependencies are checked against install records only"));
            return Future.succeededFuture(List.of());
        }
        if (failure instanceof ApiException missing && missing.isHttp(NOT_SERVED)) {
            // A cluster without OLM's API has no CSVs: the records are all there is.
            return Future.succeededFuture(List.of());
        }
        return Future.failedFuture(failure);
    }
}
