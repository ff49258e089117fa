package dev.bundlectl.executor.uninstall;

import dev.bundlectl.executor.customresources.CrdContents;
import java.util.ArrayList;
import java.util.List;

/**
 * What an uninstall would do, decided as it decides it, with nothing done ({@code uninstall
 * --dry-run}): what each CRD it would delete holds, then one line per object in the order it would
 * remove them.
 *
 * @param crdContents what each CRD it would delete holds; empty when it deletes none
 * @param removals one line per object, e.g. {@code Would delete ServiceAccount/ns/name}
 */
public record UninstallPreview(List<CrdContents> crdContents, List<String> removals) {

    public UninstallPreview {
        crdContents = List.copyOf(crdContents);
        removals = List.copyOf(removals);
    }

    static UninstallPreview of(PlannedRemovals planned) {
        List<String> lines = new ArrayList<>();
        for (Removal removal : planned.removals()) {
            lines.add(line(removal));
        }
        return new UninstallPreview(planned.crdContents(), lines);
    }

    private static String line(Removal removal) {
        String name = removal.object().displayName();
        if (removal instanceof Removal.Delete) {
            return "Would delete " + name;
        }
        if (removal instanceof Removal.Release release) {
            return (release.kept() ? "Would keep " : "Would release ") + name + ": " + release.detail();
        }
        if (removal instanceof Removal.Keep keep) {
            return "Would keep " + name + ": " + keep.detail();
        }
        if (removal instanceof Removal.Skip skip) {
            return "Would skip " + name + ": " + skip.detail();
        }
        if (removal instanceof Removal.Gone gone) {
            return "Already gone " + name + (gone.detail() == null ? "" : ": " + gone.detail());
        }
        Removal.Unreadable unreadable = (Removal.Unreadable) removal;
        return "Cannot read " + name + ": " + unreadable.detail();
    }
}
