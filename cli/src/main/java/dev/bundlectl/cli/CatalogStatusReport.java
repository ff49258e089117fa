package dev.bundlectl.cli;

import dev.bundlectl.bundle.version.VersionConstraint;
import dev.bundlectl.source.catalog.Catalog;
import dev.bundlectl.source.catalog.CatalogStanding;
import java.util.List;

/**
 * What {@code status --catalog} shows: each installed package beside where it stands on the
 * catalog's channel ({@link CatalogStanding}), and a note for each part of the cluster that could
 * not be read.
 *
 * @param catalog the catalog as the user named it
 * @param versionRange the {@code --version-range} given, or null
 * @param rows one per installed package, by namespace, then package
 * @param notes what was left out, one line each
 */
record CatalogStatusReport(String catalog, String versionRange, List<Row> rows, List<String> notes) {

    /** The {@code --version-range} flag, as messages name it. */
    static final String RANGE_FLAG = "--version-range";

    CatalogStatusReport {
        rows = List.copyOf(rows);
        notes = List.copyOf(notes);
    }

    /**
     * One installed package and its standing.
     *
     * @param installed the package as its latest record has it
     * @param standing where that stands on the catalog's channel
     */
    record Row(InstalledPackage installed, CatalogStanding standing) {
    }

    /**
     * The report of {@code installed} against {@code catalog}.
     *
     * @param range the parsed {@code versionRange}, or null
     */
    static CatalogStatusReport of(String catalogName, Catalog catalog, String versionRange, VersionConstraint range,
            List<InstalledPackage> installed, List<String> notes) {
        List<Row> rows = installed.stream().map(pkg -> new Row(pkg, pkg.csvName() == null
                ? new CatalogStanding.Unresolved(null, "install record " + pkg.recordName() + " names no CSV")
                : CatalogStanding.of(catalog, pkg.packageName(), pkg.csvName(), pkg.csvVersion(), range, RANGE_FLAG)))
                .toList();
        return new CatalogStatusReport(catalogName, versionRange, rows, notes);
    }
}
