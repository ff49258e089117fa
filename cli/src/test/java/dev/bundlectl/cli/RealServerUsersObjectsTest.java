package dev.bundlectl.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.bundlectl.executor.testing.RealApiServer;
import dev.bundlectl.executor.testing.RealApiServerExtension;
import dev.bundlectl.executor.testing.RealApiServerExtension.Served;
import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Whose objects an install leaves alone, with a preflight and without one ({@code --no-preflight}
 * reads each object instead of dry-running it): an object the user made before the install is
 * updated but never marked, and the uninstall leaves it; another package's object is refused,
 * naming its owner, before anything is written (docs/semantics.md §8).
 */
@ExtendWith(RealApiServerExtension.class)
class RealServerUsersObjectsTest {

    @TempDir
    Path dir;

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"with a preflight", "--no-preflight"})
    void anObjectTheUserMadeBeforeTheInstallStaysTheUsers(String mode,
            @Served(RealApiServer.Flavour.PLAIN) RealApiServer server) throws Exception {
        RealCluster cluster = RealCluster.in(server, "users");
        String ns = cluster.namespace();
        Path bundle = SampleCopies.renamed(dir.resolve("userbox"), "userbox");
        cluster.client().configMaps().inNamespace(ns).resource(new ConfigMapBuilder().withNewMetadata()
                .withName("userbox-defaults").withNamespace(ns).endMetadata()
                .addToData("mine", "yes").build()).create();

        CliRun install = cluster.run(args("install", bundle.toString(), "-n", ns, mode));

        assertThat(install.exitCode()).as(install.toString()).isZero();
        ConfigMap users = cluster.client().configMaps().inNamespace(ns).withName("userbox-defaults").get();
        assertThat(users.getData()).as("updated as the bundle says").containsEntry("default-memory", "256Mi")
                .containsEntry("mine", "yes");
        assertThat(OwnerAnnotations.anyOwner(annotations(users))).as("never marked as the install's").isFalse();
        assertThat(cluster.client().services().inNamespace(ns).withName("userbox-operator-metrics").get().getMetadata()
                .getAnnotations()).as("what the install created is marked")
                .satisfies(annotations -> assertThat(OwnerAnnotations.ownedBy(annotations, ns, "userbox-operator"))
                        .isTrue());

        CliRun uninstall = cluster.run("uninstall", "--package", "userbox-operator", "-n", ns, "--delete-crds");

        assertThat(uninstall.exitCode()).as(uninstall.toString()).isZero();
        assertThat(cluster.client().configMaps().inNamespace(ns).withName("userbox-defaults").get())
                .as("the user's object stays").isNotNull();
        assertThat(cluster.client().services().inNamespace(ns).withName("userbox-operator-metrics").get())
                .as("what the install created goes").isNull();
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"with a preflight", "--no-preflight"})
    void anotherPackagesObjectIsRefusedBeforeAnythingIsWritten(String mode,
            @Served(RealApiServer.Flavour.PLAIN) RealApiServer server) throws Exception {
        RealCluster cluster = RealCluster.in(server, "other");
        String ns = cluster.namespace();
        Path owner = SampleCopies.renamed(dir.resolve("firstbox"), "firstbox");
        Path rival = SampleCopies.renamed(dir.resolve("secondbox"), "secondbox");
        Path configMap = rival.resolve("manifests/secondbox-defaults_v1_configmap.yaml");
        Files.writeString(configMap, Files.readString(configMap).replace("secondbox-defaults", "firstbox-defaults")
                .replace("256Mi", "1Gi"));
        assertThat(cluster.run("install", owner.toString(), "-n", ns).exitCode()).isZero();

        CliRun refused = cluster.run(args("install", rival.toString(), "-n", ns, mode));

        assertThat(refused.exitCode()).as(refused.toString()).isEqualTo(ExitCode.PLAN_FAILED);
        assertThat(refused.err()).contains("ConfigMap/" + ns + "/firstbox-defaults is owned by the install of "
                + "firstbox-operator in namespace " + ns + " (another package); --take-ownership takes it over");
        assertThat(RealServerManyHandsTest.records(cluster, ns)).as("nothing of the rival was written").hasSize(1);
        assertThat(cluster.client().services().inNamespace(ns).withName("secondbox-operator-metrics").get()).isNull();
        assertThat(cluster.client().configMaps().inNamespace(ns).withName("firstbox-defaults").get().getData())
                .containsEntry("default-memory", "256Mi");
    }

    private static String[] args(String... words) {
        List<String> args = new ArrayList<>(List.of(words));
        args.remove("with a preflight");
        return args.toArray(String[]::new);
    }

    private static Map<String, String> annotations(ConfigMap object) {
        return object.getMetadata().getAnnotations() == null ? Map.of() : object.getMetadata().getAnnotations();
    }
}
