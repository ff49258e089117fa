package dev.bundlectl.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.bundlectl.executor.testing.RealApiServer;
import dev.bundlectl.executor.testing.RealApiServerExtension;
import dev.bundlectl.source.testing.ImagePusher;
import dev.bundlectl.source.testing.RealRegistry;
import dev.bundlectl.source.testing.RealRegistryExtension;
import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * A dependency chain whose bundles are images in the real registry, named by a file-based
 * catalog, installed into the real API server: the dependency alone is refused, the chain from the
 * catalog installs the dependency first and then the bundle that needs it.
 */
@ExtendWith({RealApiServerExtension.class, RealRegistryExtension.class})
class RealRegistryDependencyChainTest {

    @TempDir
    Path temp;

    @Test
    void aCatalogOfImagesInstallsTheDependencyFirst(
            @RealApiServerExtension.Served(RealApiServer.Flavour.OLM) RealApiServer server, RealRegistry registry)
            throws IOException {
        ImagePusher pusher = new ImagePusher(registry);
        Path base = RealServerDependenciesTest.copy(temp.resolve("base"), "base", null, null);
        Path app = RealServerDependenciesTest.copy(temp.resolve("app"), "app", "base-operator", ">=0.3.0 <0.4.0");
        pusher.pushBundle("chain/base-operator-bundle", "v0.3.1", base);
        pusher.pushBundle("chain/app-operator-bundle", "v0.3.1", app);
        String baseImage = registry.address() + "/chain/base-operator-bundle:v0.3.1";
        String appImage = registry.address() + "/chain/app-operator-bundle:v0.3.1";
        Path catalog = RealServerDependenciesTest.catalog(temp.resolve("catalog"),
                RealServerDependenciesTest.entry("app", appImage, "base-operator", ">=0.3.0 <0.4.0"),
                RealServerDependenciesTest.entry("base", baseImage, null, null));
        RealCluster cluster = RealCluster.in(server, "chain-image");
        String cache = temp.resolve("cache").toString();

        CliRun alone = cluster.run("install", appImage, "-n", cluster.namespace(), "--cache-dir", cache);
        assertThat(alone.exitCode()).as(alone.toString()).isEqualTo(3);
        assertThat(alone.err()).contains("package base-operator >=0.3.0 <0.4.0").contains("nothing was applied");

        CliRun chain = cluster.run("install", "--catalog", catalog.toString(), "--package", "app-operator", "-n",
                cluster.namespace(), "--cache-dir", cache);
        assertThat(chain.exitCode()).as(chain.toString()).isZero();
        assertThat(chain.err()).contains("dependencies resolved, in install order: base-operator.v0.3.1 -> "
                + "app-operator.v0.3.1").contains("installing 2 bundles in order");
        // Each bundle is its own install, the dependency's first.
        assertThat(chain.err().indexOf("install record: " + cluster.namespace() + "/bundlectl.base-operator."))
                .isNotNegative().isLessThan(chain.err().indexOf("install record: " + cluster.namespace()
                        + "/bundlectl.app-operator."));
        assertThat(cluster.get("operators.coreos.com/v1alpha1", "ClusterServiceVersion", "clusterserviceversions",
                "base-operator.v0.3.1")).isNotNull();
        assertThat(cluster.get("operators.coreos.com/v1alpha1", "ClusterServiceVersion", "clusterserviceversions",
                "app-operator.v0.3.1")).isNotNull();
    }
}
