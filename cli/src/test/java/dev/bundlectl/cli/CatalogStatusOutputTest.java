package dev.bundlectl.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.bundlectl.bundle.version.SemanticVersion;
import dev.bundlectl.source.catalog.CatalogBundle;
import dev.bundlectl.source.catalog.CatalogStanding;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@code status --catalog}'s table and its CatalogStatus document, for each kind of standing. */
class CatalogStatusOutputTest {

    private static final CatalogBundle V031 = bundle("alpha-operator.v0.3.1", "0.3.1");
    private static final CatalogBundle V040 = bundle("alpha-operator.v0.4.0", "0.4.0");
    private static final CatalogStanding.Channel STABLE = new CatalogStanding.Channel("stable", V040, V040, null);

    private final CatalogStatusReport report = new CatalogStatusReport("CATALOG", null, List.of(
            row("ns-a", "alpha-operator", "0.3.0", new CatalogStanding.UpgradeAvailable(STABLE, List.of(V031, V040))),
            row("ns-a", "beta-operator", "0.4.0", new CatalogStanding.UpToDate(
                    new CatalogStanding.Channel("stable", bundle("beta-operator.v0.4.0", "0.4.0"),
                            bundle("beta-operator.v0.4.0", "0.4.0"), null), null)),
            row("ns-a", "gamma-operator", "1.0.0", new CatalogStanding.NotInCatalog(
                    "package gamma-operator is not in the catalog")),
            row("ns-b", "alpha-operator", "0.1.0", new CatalogStanding.Unreachable(STABLE, "cannot upgrade alpha-operator "
                    + "from alpha-operator.v0.1.0 (0.1.0) to alpha-operator.v0.4.0 (0.4.0): no entry of channel stable "
                    + "replaces alpha-operator.v0.1.0, skips it or has an olm.skipRange containing 0.1.0")),
            row("ns-b", "delta-operator", "2.0.0", new CatalogStanding.Unresolved("fast", "no single head"))),
            List.of("may not list install records in 1 namespace (forbidden), left out: ns-c"));

    @Test
    void theTableHasOneRowAPackageWithThePathOrTheReasonAndTheNotesBelow() {
        StringWriter text = new StringWriter();
        CatalogStatusOutput.table(report, new PrintWriter(text, true));

        assertThat(text.toString().lines().toList()).containsExactly(
                "NAMESPACE   PACKAGE          INSTALLED   CHANNEL   LATEST   STATUS",
                "ns-a        alpha-operator   0.3.0       stable    0.4.0    upgrade: 0.3.0 -> 0.3.1 -> 0.4.0 (2 hops)",
                "ns-a        beta-operator    0.4.0       stable    0.4.0    up to date",
                "ns-a        gamma-operator   1.0.0       -         -        not in catalog",
                "ns-b        alpha-operator   0.1.0       stable    0.4.0    unreachable: cannot upgrade alpha-operator "
                        + "from alpha-operator.v0.1.0 (0.1.0) to alpha-operator.v0.4.0 (0.4.0): no entry of channel "
                        + "stable replaces alpha-operator.v0.1.0, skips it or has an olm.skipRange containing 0.1.0",
                "ns-b        delta-operator   2.0.0       fast      -        unknown: no single head",
                "note: may not list install records in 1 namespace (forbidden), left out: ns-c");
    }

    @Test
    void aRangeAddsTheTargetColumnAndWhyTheHeadIsOutside() {
        CatalogStanding.Channel ranged = new CatalogStanding.Channel("stable", V040, V031,
                "0.4.0, the newest in channel stable, is outside --version-range <0.4.0; 0.3.1 is the newest inside it");
        CatalogStatusReport withRange = new CatalogStatusReport("CATALOG", "<0.4.0", List.of(
                row("ns-a", "alpha-operator", "0.3.1", new CatalogStanding.UpToDate(ranged, null))), List.of());
        StringWriter text = new StringWriter();

        CatalogStatusOutput.table(withRange, new PrintWriter(text, true));

        assertThat(text.toString().lines().toList()).containsExactly(
                "NAMESPACE   PACKAGE          INSTALLED   CHANNEL   LATEST   TARGET   STATUS",
                "ns-a        alpha-operator   0.3.1       stable    0.4.0    0.3.1    up to date; 0.4.0, the newest in "
                        + "channel stable, is outside --version-range <0.4.0; 0.3.1 is the newest inside it");
    }

    @Test
    void noInstallsSaysSo() {
        StringWriter text = new StringWriter();
        CatalogStatusOutput.table(new CatalogStatusReport("C", null, List.of(), List.of()), new PrintWriter(text, true));

        assertThat(text.toString()).isEqualTo("No installs recorded." + System.lineSeparator());
    }

    @Test
    void theDocumentHasEveryFieldOfEveryInstallInItsStableShape() {
        JsonNode document = CliCluster.read(new RecordDocuments().toJson(CatalogStatusOutput.document(report)));

        assertThat(document.path("kind").asText()).isEqualTo("CatalogStatus");
        assertThat(document.path("catalog").asText()).isEqualTo("CATALOG");
        assertThat(document.path("versionRange").isNull()).isTrue();
        assertThat(document.path("notes")).hasSize(1);
        JsonNode alpha = document.path("installs").get(0);
        assertThat(alpha.toString()).isEqualTo("{\"namespace\":\"ns-a\",\"package\":\"alpha-operator\","
                + "\"install\":\"bundlectl.alpha-operator.1\",\"installedCsv\":\"alpha-operator.v0.3.0\","
                + "\"installedVersion\":\"0.3.0\",\"state\":\"UpgradeAvailable\",\"channel\":\"stable\","
                + "\"latestVersion\":\"0.4.0\",\"targetVersion\":\"0.4.0\",\"path\":["
                + "{\"name\":\"alpha-operator.v0.3.1\",\"version\":\"0.3.1\",\"image\":\"img/alpha-operator.v0.3.1\"},"
                + "{\"name\":\"alpha-operator.v0.4.0\",\"version\":\"0.4.0\",\"image\":\"img/alpha-operator.v0.4.0\"}],"
                + "\"outOfRange\":null,\"message\":null}");
        assertThat(document.path("installs")).extracting(install -> install.path("state").asText())
                .containsExactly("UpgradeAvailable", "UpToDate", "NotInCatalog", "Unreachable", "Unknown");
        JsonNode gamma = document.path("installs").get(2);
        assertThat(gamma.path("channel").isNull()).isTrue();
        assertThat(gamma.path("latestVersion").isNull()).isTrue();
        assertThat(gamma.path("path")).isEmpty();
        assertThat(gamma.path("message").asText()).isEqualTo("package gamma-operator is not in the catalog");
        assertThat(document.path("installs").get(3).path("message").asText()).startsWith("cannot upgrade alpha-operator");
        assertThat(document.path("installs").get(4).path("channel").asText()).isEqualTo("fast");
    }

    private static CatalogStatusReport.Row row(String namespace, String pkg, String version, CatalogStanding standing) {
        return new CatalogStatusReport.Row(new InstalledPackage(namespace, pkg, "bundlectl." + pkg + ".1",
                pkg + ".v" + version, version), standing);
    }

    private static CatalogBundle bundle(String name, String version) {
        return new CatalogBundle(name, name.substring(0, name.indexOf(".v")), "img/" + name,
                SemanticVersion.parse(version).orElseThrow());
    }
}
