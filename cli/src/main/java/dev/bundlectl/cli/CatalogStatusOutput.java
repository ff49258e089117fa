package dev.bundlectl.cli;

import dev.bundlectl.source.catalog.CatalogBundle;
import dev.bundlectl.source.catalog.CatalogStanding;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Prints a {@link CatalogStatusReport}: a table, or the {@code CatalogStatus} document of
 * {@code -o json|yaml}, whose fields docs/exit-codes-and-output.md lists and keeps stable.
 */
final class CatalogStatusOutput {

    /** The document's {@code kind}. */
    static final String KIND = "CatalogStatus";

    private CatalogStatusOutput() {
    }

    /** The table, then the notes; TARGET only with {@code --version-range}, where it may differ from LATEST. */
    static void table(CatalogStatusReport report, PrintWriter out) {
        if (report.rows().isEmpty()) {
            out.println("No installs recorded" + (report.notes().isEmpty() ? "." : " that could be read."));
        } else {
            boolean ranged = report.versionRange() != null;
            List<String> headers = new ArrayList<>(List.of("NAMESPACE", "PACKAGE", "INSTALLED", "CHANNEL", "LATEST"));
            if (ranged) {
                headers.add("TARGET");
            }
            headers.add("STATUS");
            TextTable table = new TextTable(headers);
            for (CatalogStatusReport.Row row : report.rows()) {
                CatalogStanding.Channel channel = channelOf(row.standing());
                List<String> cells = new ArrayList<>(List.of(row.installed().namespace(), row.installed().packageName(),
                        row.installed().versionText(), channel != null ? channel.channel() : channelName(row.standing()),
                        channel != null ? version(channel.latest()) : "-"));
                if (ranged) {
                    cells.add(channel != null ? version(channel.target()) : "-");
                }
                cells.add(statusText(row));
                table.row(cells);
            }
            table.print(out);
        }
        for (String note : report.notes()) {
            out.println("note: " + note);
        }
    }

    /** What the STATUS cell says: the state, the path or the reason, and why the newest is out of range. */
    static String statusText(CatalogStatusReport.Row row) {
        CatalogStanding standing = row.standing();
        String text;
        if (standing instanceof CatalogStanding.UpToDate upToDate) {
            text = "up to date" + (upToDate.note() == null ? "" : " (" + upToDate.note() + ")");
        } else if (standing instanceof CatalogStanding.UpgradeAvailable available) {
            text = "upgrade: " + pathLine(row.installed(), available.path()) + " (" + available.path().size()
                    + (available.path().size() == 1 ? " hop)" : " hops)");
        } else if (standing instanceof CatalogStanding.Unreachable unreachable) {
            text = "unreachable: " + unreachable.reason();
        } else if (standing instanceof CatalogStanding.NotInCatalog) {
            text = "not in catalog";
        } else {
            text = "unknown: " + ((CatalogStanding.Unresolved) standing).reason();
        }
        CatalogStanding.Channel channel = channelOf(standing);
        return channel != null && channel.outOfRange() != null ? text + "; " + channel.outOfRange() : text;
    }

    /** The {@code CatalogStatus} document, for {@code -o json} and {@code -o yaml}. */
    static Map<String, Object> document(CatalogStatusReport report) {
        Map<String, Object> document = new LinkedHashMap<>();
        document.put("kind", KIND);
        document.put("catalog", report.catalog());
        document.put("versionRange", report.versionRange());
        List<Map<String, Object>> installs = new ArrayList<>();
        for (CatalogStatusReport.Row row : report.rows()) {
            installs.add(install(row));
        }
        document.put("installs", installs);
        document.put("notes", report.notes());
        return document;
    }

    private static Map<String, Object> install(CatalogStatusReport.Row row) {
        InstalledPackage installed = row.installed();
        CatalogStanding standing = row.standing();
        CatalogStanding.Channel channel = channelOf(standing);
        Map<String, Object> install = new LinkedHashMap<>();
        install.put("namespace", installed.namespace());
        install.put("package", installed.packageName());
        install.put("install", installed.recordName());
        install.put("installedCsv", installed.csvName());
        install.put("installedVersion", installed.csvVersion());
        install.put("state", state(standing));
        install.put("channel", channel != null ? channel.channel() : channelOrNull(standing));
        install.put("latestVersion", channel != null ? version(channel.latest()) : null);
        install.put("targetVersion", channel != null ? version(channel.target()) : null);
        List<Map<String, Object>> path = new ArrayList<>();
        if (standing instanceof CatalogStanding.UpgradeAvailable available) {
            for (CatalogBundle hop : available.path()) {
                Map<String, Object> step = new LinkedHashMap<>();
                step.put("name", hop.name());
                step.put("version", hop.version() == null ? null : hop.version().toString());
                step.put("image", hop.image());
                path.add(step);
            }
        }
        install.put("path", path);
        install.put("outOfRange", channel != null ? channel.outOfRange() : null);
        install.put("message", message(standing));
        return install;
    }

    /** The document's {@code state}: one word per kind of standing. */
    static String state(CatalogStanding standing) {
        if (standing instanceof CatalogStanding.UpToDate) {
            return "UpToDate";
        }
        if (standing instanceof CatalogStanding.UpgradeAvailable) {
            return "UpgradeAvailable";
        }
        if (standing instanceof CatalogStanding.Unreachable) {
            return "Unreachable";
        }
        return standing instanceof CatalogStanding.NotInCatalog ? "NotInCatalog" : "Unknown";
    }

    private static String message(CatalogStanding standing) {
        if (standing instanceof CatalogStanding.UpToDate upToDate) {
            return upToDate.note();
        }
        if (standing instanceof CatalogStanding.Unreachable unreachable) {
            return unreachable.reason();
        }
        if (standing instanceof CatalogStanding.NotInCatalog notInCatalog) {
            return notInCatalog.reason();
        }
        return standing instanceof CatalogStanding.Unresolved unresolved ? unresolved.reason() : null;
    }

    private static CatalogStanding.Channel channelOf(CatalogStanding standing) {
        if (standing instanceof CatalogStanding.UpToDate upToDate) {
            return upToDate.channel();
        }
        if (standing instanceof CatalogStanding.UpgradeAvailable available) {
            return available.channel();
        }
        return standing instanceof CatalogStanding.Unreachable unreachable ? unreachable.channel() : null;
    }

    private static String channelOrNull(CatalogStanding standing) {
        return standing instanceof CatalogStanding.Unresolved unresolved ? unresolved.channel() : null;
    }

    private static String channelName(CatalogStanding standing) {
        String channel = channelOrNull(standing);
        return channel == null ? "-" : channel;
    }

    /** {@code 0.3.0 -> 0.3.1 -> 0.4.0}: the installed version, then each hop's. */
    private static String pathLine(InstalledPackage installed, List<CatalogBundle> path) {
        List<String> versions = new ArrayList<>();
        versions.add(installed.versionText());
        path.forEach(hop -> versions.add(version(hop)));
        return String.join(" -> ", versions);
    }

    private static String version(CatalogBundle bundle) {
        return bundle.versionText();
    }
}
