package dev.bundlectl.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.bundlectl.executor.testing.RealApiServer;
import dev.bundlectl.executor.testing.RealApiServerExtension;
import dev.bundlectl.source.testing.ImagePusher;
import dev.bundlectl.source.testing.RealRegistry;
import dev.bundlectl.source.testing.RealRegistryExtension;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 24's acceptance run with the real stackable bundles of the public certified-operators
 * catalog (not in the repository or in {@code ../shared}): kafka 23.4.1, zookeeper 23.4.1 and what
 * zookeeper needs (commons and secret 23.4.1) pushed to the real registry and named by a
 * file-based catalog. Kafka alone is refused naming zookeeper's package; from the catalog all four
 * install, zookeeper before kafka. Not part of {@code verify} (not named {@code *Test}); run with
 * the extracted catalog's {@code operators} directory:
 * {@code ./mvnw -B -ntp -pl cli test -Dtest=StackableChainMeasurement -Dsurefire.failIfNoSpecifiedTests=false
 * -Dbundlectl.certifiedOperators=/work/catalogs/certified/operators}.
 */
@ExtendWith({RealApiServerExtension.class, RealRegistryExtension.class})
class StackableChainMeasurement {

    private static final String VERSION = "23.4.1";
    private static final List<String> PACKAGES = List.of("stackable-kafka-operator", "stackable-zookeeper-operator",
            "stackable-commons-operator", "stackable-secret-operator");

    @TempDir
    Path temp;

    @Test
    void kafkaIsRefusedAloneAndInstalledAfterZookeeperFromTheCatalog(
            @RealApiServerExtension.Served(RealApiServer.Flavour.OLM) RealApiServer server, RealRegistry registry)
            throws IOException {
        String operators = System.getProperty("bundlectl.certifiedOperators");
        assumeTrue(operators != null && Files.isDirectory(Path.of(operators)),
                "give -Dbundlectl.certifiedOperators=<certified-operators checkout>/operators");
        ImagePusher pusher = new ImagePusher(registry);
        StringBuilder catalog = new StringBuilder();
        for (String pkg : PACKAGES) {
            pusher.pushBundle("stackable/" + pkg, VERSION, Path.of(operators, pkg, VERSION));
            String needs = switch (pkg) {
                case "stackable-kafka-operator" -> "{\"type\":\"olm.package.required\",\"value\":{\"packageName\":"
                        + "\"stackable-zookeeper-operator\",\"versionRange\":\"23.4.1\"}}";
                case "stackable-zookeeper-operator" -> "{\"type\":\"olm.package.required\",\"value\":{\"packageName\":"
                        + "\"stackable-commons-operator\",\"versionRange\":\"23.4.1\"}},{\"type\":\"olm.package.required\","
                        + "\"value\":{\"packageName\":\"stackable-secret-operator\",\"versionRange\":\"23.4.1\"}}";
                default -> "";
            };
            String csv = csvName(Path.of(operators, pkg, VERSION));
            catalog.append("{\"schema\":\"olm.package\",\"name\":\"").append(pkg).append("\",\"defaultChannel\":\"stable\"}\n")
                    .append("{\"schema\":\"olm.channel\",\"package\":\"").append(pkg)
                    .append("\",\"name\":\"stable\",\"entries\":[{\"name\":\"").append(csv).append("\"}]}\n")
                    .append("{\"schema\":\"olm.bundle\",\"name\":\"").append(csv).append("\",\"package\":\"").append(pkg)
                    .append("\",\"image\":\"").append(registry.address()).append("/stackable/").append(pkg).append(':')
                    .append(VERSION).append("\",\"properties\":[{\"type\":\"olm.package\",\"value\":{\"packageName\":\"")
                    .append(pkg).append("\",\"version\":\"").append(VERSION).append("\"}}")
                    .append(needs.isEmpty() ? "" : "," + needs).append("]}\n");
        }
        Path catalogDir = Files.createDirectories(temp.resolve("catalog"));
        Files.writeString(catalogDir.resolve("catalog.json"), catalog);
        RealCluster cluster = RealCluster.in(server, "stackable");
        String cache = temp.resolve("cache").toString();

        CliRun alone = cluster.run("install", registry.address() + "/stackable/stackable-kafka-operator:" + VERSION,
                "-n", cluster.namespace(), "--cache-dir", cache);
        System.out.println("kafka alone: exit " + alone.exitCode() + "\n" + alone.err());
        assertThat(alone.exitCode()).isEqualTo(3);
        assertThat(alone.err()).contains("stackable-zookeeper-operator");

        CliRun chain = cluster.run("install", "--catalog", catalogDir.toString(), "--package",
                "stackable-kafka-operator", "-n", cluster.namespace(), "--cache-dir", cache);
        System.out.println("catalog chain: exit " + chain.exitCode() + "\n" + chain.err());
        assertThat(chain.exitCode()).as(chain.toString()).isZero();
        assertThat(chain.err().indexOf("install record: " + cluster.namespace() + "/bundlectl.stackable-zookeeper"))
                .isNotNegative().isLessThan(chain.err().indexOf("install record: " + cluster.namespace()
                        + "/bundlectl.stackable-kafka"));
    }

    private static String csvName(Path bundle) throws IOException {
        try (var files = Files.list(bundle.resolve("manifests"))) {
            Path csv = files.filter(file -> file.getFileName().toString().endsWith(".clusterserviceversion.yaml"))
                    .findFirst().orElseThrow();
            return Files.readAllLines(csv).stream().map(String::strip).filter(line -> line.startsWith("name: "))
                    .findFirst().orElseThrow().substring("name: ".length()).strip();
        }
    }
}
