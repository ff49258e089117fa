package dev.bundlectl.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.bundlectl.executor.testing.RealApiServer;
import dev.bundlectl.executor.testing.RealApiServerExtension;
import dev.bundlectl.executor.testing.RealApiServerExtension.Served;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code status --catalog} on a real API server: packages installed in render mode from renamed
 * copies of the sample (alpha 0.3.0 and beta 0.3.1 in one namespace, gamma 0.4.0 in another),
 * compared with a catalog whose channel {@code stable} of each package is joined by {@code replaces}
 * only (0.3.0 ← 0.3.1 ← 0.4.0). It shows each installed version, the newest and the path to it, the
 * CatalogStatus document field by field, every namespace with {@code -A}, and, for a caller who may
 * read only some namespaces, those with a note naming the rest (and, for one who may not even list
 * namespaces, its context's namespace with a note saying so).
 */
@ExtendWith(RealApiServerExtension.class)
class RealServerStatusCatalogTest {

    private static final List<String> VERSIONS = List.of("0.3.0", "0.3.1", "0.4.0");

    @TempDir
    static Path dir;

    private static RealCluster first;
    private static RealCluster second;
    private static Path catalog;

    @BeforeAll
    static void installThreePackagesInTwoNamespaces(@Served(RealApiServer.Flavour.PLAIN) RealApiServer server) throws IOException {
        first = RealCluster.in(server, "stcat-a");
        second = RealCluster.in(server, "stcat-b");
        StringBuilder json = new StringBuilder();
        for (String prefix : List.of("stalpha", "stbeta", "stgamma")) {
            json.append(channel(prefix));
        }
        catalog = dir.resolve("catalog");
        Files.createDirectories(catalog);
        Files.writeString(catalog.resolve("catalog.json"), json.toString());

        install(first, "stalpha", "0.3.0");
        install(first, "stbeta", "0.3.1");
        install(second, "stgamma", "0.4.0");
    }

    @Test
    void showsTheInstalledAndNewestVersionsAndThePathOfBothPackagesInTheNamespace() {
        CliRun status = first.run("status", "--catalog", catalog.toString(), "-n", first.namespace());

        assertThat(status.exitCode()).as(status.toString()).isZero();
        String ns = first.namespace();
        assertThat(status.out().lines().toList()).containsExactly(
                "NAMESPACE" + " ".repeat(ns.length() - 6) + "PACKAGE            INSTALLED   CHANNEL   LATEST   STATUS",
                ns + "   stalpha-operator   0.3.0       stable    0.4.0    upgrade: 0.3.0 -> 0.3.1 -> 0.4.0 (2 hops)",
                ns + "   stbeta-operator    0.3.1       stable    0.4.0    upgrade: 0.3.1 -> 0.4.0 (1 hop)");
    }

    @Test
    void theJsonDocumentPinnedFieldByField() {
        CliRun status = first.run("status", "--catalog", catalog.toString(), "-n", first.namespace(), "-o", "json");

        assertThat(status.exitCode()).as(status.toString()).isZero();
        JsonNode document = RealCluster.json(status);
        assertThat(document.path("kind").asText()).isEqualTo("CatalogStatus");
        assertThat(document.path("catalog").asText()).isEqualTo(catalog.toString());
        assertThat(document.path("versionRange").isNull()).isTrue();
        assertThat(document.path("notes")).isEmpty();
        assertThat(document.path("installs")).hasSize(2);
        JsonNode alpha = document.path("installs").get(0);
        assertThat(fieldNames(alpha)).containsExactly("namespace", "package", "install", "installedCsv", "installedVersion",
                "state", "channel", "latestVersion", "targetVersion", "path", "outOfRange", "message");
        assertThat(alpha.path("namespace").asText()).isEqualTo(first.namespace());
        assertThat(alpha.path("package").asText()).isEqualTo("stalpha-operator");
        assertThat(alpha.path("install").asText()).startsWith("bundlectl.stalpha-operator.");
        assertThat(first.client().secrets().inNamespace(first.namespace()).withName(alpha.path("install").asText()).get())
                .as("the install is the package's record").isNotNull();
        assertThat(alpha.path("installedCsv").asText()).isEqualTo("stalpha-operator.v0.3.0");
        assertThat(alpha.path("installedVersion").asText()).isEqualTo("0.3.0");
        assertThat(alpha.path("state").asText()).isEqualTo("UpgradeAvailable");
        assertThat(alpha.path("channel").asText()).isEqualTo("stable");
        assertThat(alpha.path("latestVersion").asText()).isEqualTo("0.4.0");
        assertThat(alpha.path("targetVersion").asText()).isEqualTo("0.4.0");
        assertThat(alpha.path("path")).hasSize(2);
        assertThat(alpha.path("path").get(0).toString()).isEqualTo("{\"name\":\"stalpha-operator.v0.3.1\",\"version\":"
                + "\"0.3.1\",\"image\":\"" + dir.resolve("stalpha-0.3.1") + "\"}");
        assertThat(alpha.path("path").get(1).path("name").asText()).isEqualTo("stalpha-operator.v0.4.0");
        assertThat(alpha.path("outOfRange").isNull()).isTrue();
        assertThat(alpha.path("message").isNull()).isTrue();
        JsonNode beta = document.path("installs").get(1);
        assertThat(beta.path("package").asText()).isEqualTo("stbeta-operator");
        assertThat(beta.path("installedVersion").asText()).isEqualTo("0.3.1");
        assertThat(beta.path("state").asText()).isEqualTo("UpgradeAvailable");
        assertThat(beta.path("path")).extracting(hop -> hop.path("version").asText()).containsExactly("0.4.0");
    }

    @Test
    void allNamespacesShowsBothAndAnUpToDatePackage() {
        CliRun status = first.run("status", "--catalog", catalog.toString(), "-A", "-o", "json");

        assertThat(status.exitCode()).as(status.toString()).isZero();
        List<JsonNode> ours = ours(RealCluster.json(status));
        assertThat(ours).extracting(install -> install.path("namespace").asText() + " " + install.path("package").asText()
                + " " + install.path("installedVersion").asText() + " " + install.path("state").asText())
                .containsExactly(first.namespace() + " stalpha-operator 0.3.0 UpgradeAvailable",
                        first.namespace() + " stbeta-operator 0.3.1 UpgradeAvailable",
                        second.namespace() + " stgamma-operator 0.4.0 UpToDate");
        assertThat(ours.get(2).path("path")).isEmpty();
        assertThat(ours.get(2).path("latestVersion").asText()).isEqualTo("0.4.0");

        CliRun table = first.run("status", "--catalog", catalog.toString(), "-A");
        assertThat(table.out()).containsPattern("(?m)^" + second.namespace() + "\\s+stgamma-operator\\s+0\\.4\\.0\\s+stable"
                + "\\s+0\\.4\\.0\\s+up to date$");
    }

    @Test
    void aCallerWhoMayReadTwoNamespacesSeesThoseAndANoteNamingTheOthers() {
        RealCluster hidden = RealCluster.in(first.server(), "stcat-c");
        String user = "catalog-reader";
        first.server().create("""
                apiVersion: rbac.authorization.k8s.io/v1
                kind: ClusterRole
                metadata: {name: stcat-list-namespaces}
                rules:
                - {apiGroups: [""], resources: [namespaces], verbs: [list]}
                """);
        first.server().create("""
                apiVersion: rbac.authorization.k8s.io/v1
                kind: ClusterRoleBinding
                metadata: {name: stcat-list-namespaces}
                roleRef: {apiGroup: rbac.authorization.k8s.io, kind: ClusterRole, name: stcat-list-namespaces}
                subjects:
                - {apiGroup: rbac.authorization.k8s.io, kind: User, name: %s}
                """.formatted(user));
        for (RealCluster readable : List.of(first, second)) {
            first.server().create("""
                    apiVersion: rbac.authorization.k8s.io/v1
                    kind: Role
                    metadata: {name: record-reader, namespace: %s}
                    rules:
                    - {apiGroups: [""], resources: [secrets], verbs: [get, list]}
                    """.formatted(readable.namespace()));
            first.server().create("""
                    apiVersion: rbac.authorization.k8s.io/v1
                    kind: RoleBinding
                    metadata: {name: record-reader, namespace: %s}
                    roleRef: {apiGroup: rbac.authorization.k8s.io, kind: Role, name: record-reader}
                    subjects:
                    - {apiGroup: rbac.authorization.k8s.io, kind: User, name: %s}
                    """.formatted(readable.namespace(), user));
        }
        Path kubeconfig = first.server().kubeconfigAs(dir, user, List.of(), first.namespace());

        CliRun status = first.runWith(kubeconfig, "status", "--catalog", catalog.toString(), "-A", "-o", "json");
        CliRun table = first.runWith(kubeconfig, "status", "--catalog", catalog.toString(), "-A");

        assertThat(status.exitCode()).as(status.toString()).isZero();
        JsonNode document = RealCluster.json(status);
        assertThat(ours(document)).extracting(install -> install.path("package").asText())
                .containsExactly("stalpha-operator", "stbeta-operator", "stgamma-operator");
        assertThat(document.path("notes")).hasSize(1);
        assertThat(document.path("notes").get(0).asText()).startsWith("may not list install records in ")
                .contains(hidden.namespace()).doesNotContain(first.namespace()).doesNotContain(second.namespace());
        assertThat(table.exitCode()).as(table.toString()).isZero();
        assertThat(table.out()).contains("note: may not list install records in ").contains(hidden.namespace())
                .containsPattern("(?m)^" + first.namespace() + "\\s+stalpha-operator\\s+0\\.3\\.0");
    }

    @Test
    void aCallerWhoMayNotListNamespacesEitherSeesItsContextsNamespaceAndANoteSayingSo() {
        String user = "context-reader";
        first.server().create("""
                apiVersion: rbac.authorization.k8s.io/v1
                kind: Role
                metadata: {name: context-secret-reader, namespace: %s}
                rules:
                - {apiGroups: [""], resources: [secrets], verbs: [list]}
                """.formatted(first.namespace()));
        first.server().create("""
                apiVersion: rbac.authorization.k8s.io/v1
                kind: RoleBinding
                metadata: {name: context-secret-reader, namespace: %s}
                roleRef: {apiGroup: rbac.authorization.k8s.io, kind: Role, name: context-secret-reader}
                subjects:
                - {apiGroup: rbac.authorization.k8s.io, kind: User, name: %s}
                """.formatted(first.namespace(), user));
        Path kubeconfig = first.server().kubeconfigAs(dir, user, List.of(), first.namespace());

        CliRun status = first.runWith(kubeconfig, "status", "--catalog", catalog.toString(), "-A");

        assertThat(status.exitCode()).as(status.toString()).isZero();
        assertThat(status.out().lines().toList()).hasSize(4).last().isEqualTo("note: listing install records in all "
                + "namespaces and listing namespaces are both forbidden; shown: namespace " + first.namespace());
        assertThat(status.out()).containsPattern("(?m)^" + first.namespace() + "\\s+stalpha-operator")
                .containsPattern("(?m)^" + first.namespace() + "\\s+stbeta-operator");
    }

    @Test
    void aRangeAimsAtItsNewestAndSaysTheHeadIsOutsideIt() {
        CliRun status = first.run("status", "--catalog", catalog.toString(), "-n", first.namespace(),
                "--version-range", ">=0.3.0 <0.4.0");

        assertThat(status.exitCode()).as(status.toString()).isZero();
        assertThat(status.out()).containsPattern("stalpha-operator\\s+0\\.3\\.0\\s+stable\\s+0\\.4\\.0\\s+0\\.3\\.1\\s+"
                + "upgrade: 0\\.3\\.0 -> 0\\.3\\.1 \\(1 hop\\); 0\\.4\\.0, the newest in channel stable, is outside "
                + "--version-range >=0\\.3\\.0 <0\\.4\\.0; 0\\.3\\.1 is the newest inside it")
                .containsPattern("stbeta-operator\\s+0\\.3\\.1\\s+stable\\s+0\\.4\\.0\\s+0\\.3\\.1\\s+up to date; 0\\.4\\.0");
    }

    @Test
    void packagesOfAnotherCatalogAreNotInThisOneAndABadCatalogAsksTheClusterNothing() throws IOException {
        Path onlyAlpha = dir.resolve("only-alpha");
        Files.createDirectories(onlyAlpha);
        Files.writeString(onlyAlpha.resolve("catalog.json"), channel("stalpha"));

        CliRun status = first.run("status", "--catalog", onlyAlpha.toString(), "-n", first.namespace());
        CliRun missing = first.run("status", "--catalog", dir.resolve("nowhere").toString(), "-n", first.namespace());

        assertThat(status.exitCode()).as(status.toString()).isZero();
        assertThat(status.out()).containsPattern("stbeta-operator\\s+0\\.3\\.1\\s+-\\s+-\\s+not in catalog");
        assertThat(missing.exitCode()).isEqualTo(ExitCode.INVALID_INPUT);
        assertThat(missing.err().lines().toList()).hasSize(1);
        assertThat(missing.err()).contains(dir.resolve("nowhere").toString()).doesNotContain("\tat ");
    }

    /** The installs of this test's namespaces: the server is shared with other tests. */
    private List<JsonNode> ours(JsonNode document) {
        List<JsonNode> ours = new java.util.ArrayList<>();
        for (JsonNode install : document.path("installs")) {
            String ns = install.path("namespace").asText();
            if (ns.equals(first.namespace()) || ns.equals(second.namespace())) {
                ours.add(install);
            }
        }
        return ours;
    }

    private static List<String> fieldNames(JsonNode node) {
        List<String> names = new java.util.ArrayList<>();
        node.fieldNames().forEachRemaining(names::add);
        return names;
    }

    /** Installs the renamed sample of {@code version} as package {@code prefix}-operator. */
    private static void install(RealCluster cluster, String prefix, String version) {
        CliRun install = cluster.run("install", dir.resolve(prefix + "-" + version).toString(), "-n", cluster.namespace());
        assertThat(install.exitCode()).as(install.toString()).isZero();
    }

    /**
     * The package blob, channel {@code stable} (joined by replaces only) and bundles of {@code prefix}-operator,
     * each bundle's image the renamed sample of its version, copied into the test's directory.
     */
    private static String channel(String prefix) throws IOException {
        String pkg = prefix + "-operator";
        StringBuilder json = new StringBuilder("{\"schema\":\"olm.package\",\"name\":\"" + pkg
                + "\",\"defaultChannel\":\"stable\"}\n{\"schema\":\"olm.channel\",\"package\":\"" + pkg
                + "\",\"name\":\"stable\",\"entries\":[{\"name\":\"" + pkg + ".v0.3.0\"},{\"name\":\"" + pkg
                + ".v0.3.1\",\"replaces\":\"" + pkg + ".v0.3.0\"},{\"name\":\"" + pkg + ".v0.4.0\",\"replaces\":\""
                + pkg + ".v0.3.1\"}]}\n");
        for (String version : VERSIONS) {
            Path bundle = dir.resolve(prefix + "-" + version);
            if (!Files.exists(bundle)) {
                SampleCopies.renamed(version.equals("0.3.1") ? "samples/bundles/cachebox-operator"
                        : "samples/bundles/cachebox-operator-v" + version, bundle, prefix);
            }
            json.append("{\"schema\":\"olm.bundle\",\"name\":\"").append(pkg).append(".v").append(version)
                    .append("\",\"package\":\"").append(pkg).append("\",\"image\":\"").append(bundle)
                    .append("\",\"properties\":[{\"type\":\"olm.package\",\"value\":{\"packageName\":\"").append(pkg)
                    .append("\",\"version\":\"").append(version).append("\"}}]}\n");
        }
        return json.toString();
    }
}
