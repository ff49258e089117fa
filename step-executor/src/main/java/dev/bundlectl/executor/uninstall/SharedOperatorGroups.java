package dev.bundlectl.executor.uninstall;

import dev.bundlectl.executor.records.CreatedObject;
import dev.bundlectl.executor.records.InstallRecord;
import dev.bundlectl.executor.records.InstallRecordStore;
import dev.bundlectl.executor.records.RecordEntry;
import io.vertx.core.Future;
import java.util.List;
import java.util.TreeSet;

/**
 * An OperatorGroup that an install created is the namespace's, once another package is installed
 * there too: OLM needs it for that package's CSV as well (docs/semantics.md §6). Uninstall keeps
 * it while another package's install record remains in the namespace.
 */
final class SharedOperatorGroups {

    private final InstallRecordStore store;

    SharedOperatorGroups(InstallRecordStore store) {
        this.store = store;
    }

    /** Whether this is an OperatorGroup. */
    static boolean isOperatorGroup(CreatedObject created) {
        return created.object().groupKind().isOperatorGroup();
    }

    /**
     * Why the OperatorGroups among {@code owned} stay: the other packages recorded in
     * {@code namespace}; empty when none is (or nothing owned is an OperatorGroup, in which case
     * nothing is read).
     */
    Future<String> keptBecause(String namespace, String packageName, List<CreatedObject> owned) {
        if (owned.stream().noneMatch(SharedOperatorGroups::isOperatorGroup)) {
            return Future.succeededFuture("");
        }
        return store.list(namespace).map(entries -> usersBesides(namespace, packageName, entries));
    }

    private static String usersBesides(String namespace, String packageName, List<RecordEntry> entries) {
        TreeSet<String> others = new TreeSet<>();
        for (RecordEntry entry : entries) {
            if (entry instanceof RecordEntry.Readable readable && !readable.record().packageName().equals(packageName)) {
                others.add(readable.record().packageName());
            }
        }
        return others.isEmpty() ? "" : "still used by the install" + (others.size() == 1 ? "" : "s") + " of "
                + String.join(", ", others) + " in namespace " + namespace;
    }
}
