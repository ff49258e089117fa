package dev.bundlectl.executor.planning;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.bundlectl.cluster.kube.ApiException;
import dev.bundlectl.cluster.kube.KubeApi;
import dev.bundlectl.executor.records.InstallRecord;
import dev.bundlectl.executor.records.InstallRecordStore;
import dev.bundlectl.executor.records.RecordEntry;
import dev.bundlectl.plan.api.ApiResource;
import dev.bundlectl.plan.api.ApiSurface;
import dev.bundlectl.plan.olm.CopiedCsv;
import io.vertx.core.Future;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The CSVs OLM copied into a namespace (label {@code olm.copiedFrom}): the operators installed in
 * other namespaces that serve this one (docs/semantics.md §6). Each copy's package comes from OLM's
 * properties annotation, or, for an operator bundlectl installed, from its install record in the
 * namespace it runs in; where neither says, it is not known.
 */
public final class CopiedCsvs {

    /** The label OLM puts on a copy, naming the namespace the operator runs in. */
    public static final String COPIED_FROM = "olm.copiedFrom";
    /** The annotation naming the OperatorGroup the operator runs under. */
    static final String OPERATOR_GROUP = "olm.operatorGroup";
    static final ApiResource CSVS = new ApiResource("operators.coreos.com", "v1alpha1", "ClusterServiceVersion",
            "clusterserviceversions", true);
    private static final int PAGE = 100;
    private static final int FORBIDDEN = 403;
    private static final int NOT_FOUND = 404;

    private final KubeApi api;
    private final InstallRecordStore records;

    /** Reads through {@code api}; the records of other namespaces through {@code records}. */
    public CopiedCsvs(KubeApi api, InstallRecordStore records) {
        this.api = Objects.requireNonNull(api, "api");
        this.records = Objects.requireNonNull(records, "records");
    }

    /** What a read found. */
    public sealed interface Found permits Found.Listed, Found.Refused {

        /** The copies, in the order listed. */
        record Listed(List<CopiedCsv> copies) implements Found {
            public Listed {
                copies = List.copyOf(copies);
            }
        }

        /** The user may not list the namespace's CSVs; {@code why} says so. */
        record Refused(String why) implements Found {
            public Refused {
                Objects.requireNonNull(why, "why");
            }
        }
    }

    /**
     * The copies in {@code namespace}; none where the cluster does not serve CSVs, refused where
     * the user may not list them; fails on any other error.
     *
     * @param served what the cluster serves, or null when not known
     */
    public Future<Found> read(ApiSurface served, String namespace) {
        if (served != null && served.find(CSVS.group(), CSVS.version(), CSVS.kind()).isEmpty()) {
            return Future.succeededFuture(new Found.Listed(List.of()));
        }
        return api.listAll(CSVS, namespace, COPIED_FROM, PAGE)
                .compose(this::withPackages)
                .recover(failure -> {
                    if (failure instanceof ApiException refused && refused.isHttp(FORBIDDEN)) {
                        return Future.succeededFuture(new Found.Refused("cannot list the ClusterServiceVersions of "
                                + "namespace " + namespace + " (" + refused.getMessage() + ")"));
                    }
                    if (failure instanceof ApiException missing && missing.isHttp(NOT_FOUND)) {
                        // A cluster without OLM's CSV API has no copies.
                        return Future.succeededFuture(new Found.Listed(List.of()));
                    }
                    return Future.failedFuture(failure);
                });
    }

    private Future<Found> withPackages(List<ObjectNode> items) {
        List<CopiedCsv> known = new ArrayList<>(items.size());
        Map<String, List<ObjectNode>> unknownByNamespace = new LinkedHashMap<>();
        for (ObjectNode item : items) {
            JsonNode metadata = item.path("metadata");
            Optional<String> packageName = InstalledPackagesReader.packageOf(
                    metadata.path("annotations").path(InstalledPackagesReader.PROPERTIES_ANNOTATION).asText(null));
            if (packageName.isPresent()) {
                known.add(copy(item, packageName));
            } else {
                unknownByNamespace.computeIfAbsent(metadata.path("labels").path(COPIED_FROM).asText(""),
                        unused -> new ArrayList<>()).add(item);
            }
        }
        List<Future<List<CopiedCsv>>> looked = new ArrayList<>();
        unknownByNamespace.forEach((namespace, copies) -> looked.add(fromRecords(namespace, copies)));
        return Future.all(looked).map(all -> {
            List<CopiedCsv> found = new ArrayList<>(known);
            looked.forEach(each -> found.addAll(each.result()));
            return new Found.Listed(found);
        });
    }

    /** The package of each copy from bundlectl's records where it runs; unknown when they cannot be read. */
    private Future<List<CopiedCsv>> fromRecords(String namespace, List<ObjectNode> copies) {
        return records.list(namespace)
                .map(entries -> copies.stream().map(item -> copy(item, packageInRecords(entries,
                        item.path("metadata").path("name").asText()))).toList())
                .recover(unreadable -> Future.succeededFuture(copies.stream()
                        .map(item -> copy(item, Optional.empty())).toList()));
    }

    private static Optional<String> packageInRecords(List<RecordEntry> entries, String csvName) {
        for (RecordEntry entry : entries) {
            if (entry instanceof RecordEntry.Readable readable) {
                InstallRecord record = readable.record();
                if (csvName.equals(record.csvName()) && !record.dryRun()) {
                    return Optional.of(record.packageName());
                }
            }
        }
        return Optional.empty();
    }

    private static CopiedCsv copy(ObjectNode item, Optional<String> packageName) {
        JsonNode metadata = item.path("metadata");
        return new CopiedCsv(metadata.path("name").asText(), metadata.path("labels").path(COPIED_FROM).asText(""),
                metadata.path("annotations").path(OPERATOR_GROUP).asText(""), packageName,
                item.path("status").path("phase").asText(""));
    }
}
