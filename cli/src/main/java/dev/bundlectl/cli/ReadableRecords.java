package dev.bundlectl.cli;

import dev.bundlectl.cluster.kube.ApiException;
import dev.bundlectl.cluster.kube.KubeApi;
import dev.bundlectl.executor.records.InstallRecordStore;
import dev.bundlectl.executor.records.RecordEntry;
import dev.bundlectl.executor.records.RecordStoreException;
import dev.bundlectl.executor.waiting.Blocking;
import dev.bundlectl.plan.api.ApiResource;
import io.vertx.core.Future;
import java.net.HttpURLConnection;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The install records the caller may read: those of one namespace, or, for {@code -A}, of every
 * namespace. A caller who may not list Secrets across the cluster still sees the namespaces it may
 * read: each namespace is then listed on its own, and those it may not list records in are named in
 * a note rather than failing the whole listing.
 */
final class ReadableRecords {

    private static final ApiResource NAMESPACES = new ApiResource("", "v1", "Namespace", "namespaces", false);
    private static final int PAGE_SIZE = 500;

    private final KubeApi api;
    private final InstallRecordStore store;
    private final String contextNamespace;

    /**
     * @param api the API server, retrying transient failures
     * @param contextNamespace the namespace listed when neither records nor namespaces may be listed
     *     across the cluster
     */
    ReadableRecords(KubeApi api, String contextNamespace) {
        this.api = api;
        this.store = new InstallRecordStore(api);
        this.contextNamespace = contextNamespace;
    }

    /**
     * The records found, newest first, and a note for each part of the cluster that could not be read.
     *
     * @param entries the records
     * @param notes one line each, naming what was left out and why
     */
    record Listing(List<RecordEntry> entries, List<String> notes) {
        Listing {
            entries = List.copyOf(entries);
            notes = List.copyOf(notes);
        }
    }

    /** The records of {@code namespace}; a refusal there is the caller's failure, not a note. */
    Listing in(String namespace) {
        return new Listing(Blocking.result(store.list(namespace)), List.of());
    }

    /** The records of every namespace the caller may list them in. */
    Listing everywhere() {
        try {
            return new Listing(Blocking.result(store.list(null)), List.of());
        } catch (RecordStoreException e) {
            if (!forbidden(e.getCause())) {
                throw e;
            }
        }
        List<String> namespaces;
        try {
            namespaces = Blocking.result(api.listAll(NAMESPACES, null, null, PAGE_SIZE)).stream()
                    .map(namespace -> namespace.path("metadata").path("name").asText()).sorted().toList();
        } catch (ApiException e) {
            if (!forbidden(e)) {
                throw e;
            }
            return new Listing(Blocking.result(store.list(contextNamespace)), List.of("listing install records in all "
                    + "namespaces and listing namespaces are both forbidden; shown: namespace " + contextNamespace));
        }
        List<Future<List<RecordEntry>>> each = new ArrayList<>();
        for (String namespace : namespaces) {
            // A namespace the caller may not read is an empty answer here, named in the note below.
            each.add(store.list(namespace).recover(error -> forbidden(error.getCause())
                    ? Future.succeededFuture(null) : Future.failedFuture(error)));
        }
        // Any other failure fails the listing, as it does for one namespace.
        Blocking.result(Future.all(each));
        List<RecordEntry> entries = new ArrayList<>();
        List<String> refused = new ArrayList<>();
        for (int i = 0; i < namespaces.size(); i++) {
            Future<List<RecordEntry>> listed = each.get(i);
            if (listed.result() == null) {
                refused.add(namespaces.get(i));
            } else {
                entries.addAll(listed.result());
            }
        }
        entries.sort(Comparator.comparing(RecordEntry::namespace));
        return new Listing(entries, refused.isEmpty() ? List.of() : List.of("may not list install records in "
                + refused.size() + " namespace" + (refused.size() == 1 ? "" : "s") + " (forbidden), left out: "
                + String.join(", ", refused)));
    }

    private static boolean forbidden(Throwable error) {
        return ApiException.isHttp(error, HttpURLConnection.HTTP_FORBIDDEN);
    }
}
