package dev.bundlectl.executor.real;

import static org.assertj.core.api.Assertions.assertThat;

import dev.bundlectl.cluster.connect.ClusterConnection;
import dev.bundlectl.executor.testing.Await;
import dev.bundlectl.executor.testing.RealApiServer;
import dev.bundlectl.executor.testing.RealApiServerExtension;
import dev.bundlectl.executor.testing.RealApiServerExtension.Served;
import dev.bundlectl.plan.api.ApiResource;
import dev.bundlectl.plan.api.ApiSurfaces;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The offline plan's built-in surfaces are what real servers serve: "Kubernetes 1.34" is the
 * real kube-apiserver 1.34.9's discovery, group, version, kind, plural and scope alike, and
 * "OLM v0" is what OLM's own CRDs add. A difference fails with the lines each side lacks, so that
 * the embedded list is corrected from a real server, not from memory.
 */
@ExtendWith(RealApiServerExtension.class)
class RealServerBuiltInSurfaceTest {

    @Test
    void theBuiltInKubernetesSurfaceIsWhatTheRealServerServes(RealApiServer server) {
        Assumptions.assumeTrue(RealApiServer.minorVersion().equals(builtInMinor()),
                "the built-in surface is Kubernetes " + builtInMinor() + "; this server is " + RealApiServer.VERSION);
        ClusterConnection connection = server.connect();

        // The server is shared with other test classes, whose CRDs it serves too: only what no CRD
        // defines is the release's own surface.
        Set<String> crdGroups = server.client().apiextensions().v1().customResourceDefinitions().list().getItems()
                .stream().map(crd -> crd.getSpec().getGroup()).collect(Collectors.toSet());
        Set<String> served = lines(Await.result(connection.discovery().snapshot()).resourcesOfEveryVersion().stream()
                .filter(resource -> !crdGroups.contains(resource.group())).toList());
        Set<String> builtIn = lines(ApiSurfaces.kubernetes().resources());

        assertThat(difference(builtIn, served)).as("built in, but not served by kube-apiserver " + RealApiServer.VERSION)
                .isEmpty();
        assertThat(difference(served, builtIn)).as("served by kube-apiserver " + RealApiServer.VERSION
                + ", but not built in").isEmpty();
    }

    @Test
    void theBuiltInOlmSurfaceIsWhatOlmsCrdsServe(@Served(RealApiServer.Flavour.OLM_OPERATOR) RealApiServer server) {
        ClusterConnection connection = server.connect();

        Set<String> served = lines(Await.result(connection.discovery().snapshot()).resourcesOfEveryVersion().stream()
                .filter(resource -> resource.group().equals("operators.coreos.com")).toList());
        // packages.operators.coreos.com is the package server's aggregated API, which no CRD makes.
        Set<String> builtIn = lines(ApiSurfaces.olm().resources().stream()
                .filter(resource -> resource.group().equals("operators.coreos.com")).toList());

        assertThat(builtIn).isEqualTo(served);
    }

    private static String builtInMinor() {
        String[] parts = ApiSurfaces.KUBERNETES_VERSION.split("\\.");
        return parts[0] + "." + parts[1];
    }

    private static Set<String> lines(java.util.Collection<ApiResource> resources) {
        return resources.stream().map(resource -> (resource.group().isEmpty() ? "core" : resource.group()) + "/"
                + resource.version() + " " + resource.kind() + " " + resource.plural() + " "
                + (resource.namespaced() ? "Namespaced" : "Cluster")).collect(Collectors.toCollection(TreeSet::new));
    }

    private static Set<String> difference(Set<String> from, Set<String> less) {
        Set<String> left = new TreeSet<>(from);
        left.removeAll(less);
        return left;
    }
}
