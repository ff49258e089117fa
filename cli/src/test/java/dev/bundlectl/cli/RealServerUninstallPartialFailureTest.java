package dev.bundlectl.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.bundlectl.executor.testing.RealApiServer;
import dev.bundlectl.executor.testing.RealApiServerExtension;
import dev.bundlectl.executor.testing.RealApiServerExtension.Served;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * An uninstall that ran and could not delete everything exits 3, like an install that Failed:
 * here the uninstalling user may delete the namespace's ConfigMaps and Secrets but not the CSV or
 * the cluster-scoped RBAC, which the real server refuses with 403.
 */
@ExtendWith(RealApiServerExtension.class)
class RealServerUninstallPartialFailureTest {

    @Test
    void anUninstallThatCouldNotDeleteEverythingExitsThree(@Served(RealApiServer.Flavour.OLM) RealApiServer server,
            @TempDir Path dir) {
        RealCluster cluster = RealCluster.in(server, "partial");
        String ns = cluster.namespace();
        CliRun install = cluster.run("install", RealCluster.sample(), "-n", ns);
        assertThat(install.exitCode()).as(install.toString()).isZero();
        server.create("""
                apiVersion: rbac.authorization.k8s.io/v1
                kind: Role
                metadata: {name: records, namespace: %s}
                rules:
                - apiGroups: [""]
                  resources: [secrets, configmaps]
                  verbs: [get, list, watch, create, update, patch, delete]
                """.formatted(ns));
        server.create("""
                apiVersion: rbac.authorization.k8s.io/v1
                kind: RoleBinding
                metadata: {name: bob-records, namespace: %s}
                roleRef: {apiGroup: rbac.authorization.k8s.io, kind: Role, name: records}
                subjects:
                - {apiGroup: rbac.authorization.k8s.io, kind: User, name: bob}
                """.formatted(ns));
        Path bob = server.kubeconfigAs(dir, "bob", List.of(), ns);

        CliRun uninstall = cluster.runWith(bob, "uninstall", "--package", "cachebox-operator", "-n", ns);

        assertThat(uninstall.exitCode()).as(uninstall.toString()).isEqualTo(ExitCode.PLAN_FAILED);
        assertThat(cluster.client().configMaps().inNamespace(ns).withName("cachebox-defaults").get())
                .as("what bob may delete is deleted").isNull();
        assertThat(cluster.get("operators.coreos.com/v1alpha1", "ClusterServiceVersion", "clusterserviceversions",
                "cachebox-operator.v0.3.1")).as("what bob may not delete stays").isNotNull();
    }
}
