package dev.bundlectl.executor.testing;

import static org.assertj.core.api.Assertions.assertThat;

import dev.bundlectl.executor.testing.RealApiServerExtension.Served;
import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import io.fabric8.kubernetes.api.model.NamespaceBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The real kube-controller-manager beside a real API server does what a cluster does after a
 * delete, and what a server without it never does: a deleted namespace finishes deleting, an
 * object whose owner is gone is garbage-collected, and every namespace gets its {@code default}
 * ServiceAccount.
 */
@ExtendWith(RealApiServerExtension.class)
class RealServerControllerManagerTest {

    private static final long NAMESPACE_DELETION_SECONDS = 120;
    private static final long COLLECTION_SECONDS = 60;

    @Test
    void aServerWithControllersIsAnotherThanTheOneWithout(
            @Served(value = RealApiServer.Flavour.PLAIN, controllers = true) RealApiServer withControllers,
            @Served(RealApiServer.Flavour.PLAIN) RealApiServer without) {
        assertThat(withControllers.hasControllers()).isTrue();
        assertThat(without.hasControllers()).isFalse();
        assertThat(withControllers.client().getMasterUrl()).isNotEqualTo(without.client().getMasterUrl());
    }

    @Test
    void aDeletedNamespaceFinishesDeletingWithWhatItHeld(
            @Served(value = RealApiServer.Flavour.PLAIN, controllers = true) RealApiServer server) {
        KubernetesClient client = server.client();
        String ns = server.newNamespace("doomed");
        client.configMaps().inNamespace(ns).resource(configMap("inside")).create();

        client.namespaces().withName(ns).delete();

        client.namespaces().withName(ns).waitUntilCondition(namespace -> namespace == null,
                NAMESPACE_DELETION_SECONDS, TimeUnit.SECONDS);
        assertThat(client.namespaces().withName(ns).get()).isNull();
        assertThat(client.namespaces().resource(new NamespaceBuilder().withNewMetadata().withName(ns).endMetadata()
                .build()).create()).as("its name is free again").isNotNull();
        assertThat(client.configMaps().inNamespace(ns).withName("inside").get()).as("its contents went with it")
                .isNull();
    }

    @Test
    void anObjectWhoseOwnerWasDeletedIsGarbageCollected(
            @Served(value = RealApiServer.Flavour.PLAIN, controllers = true) RealApiServer server) {
        KubernetesClient client = server.client();
        String ns = server.newNamespace("owners");
        ConfigMap owner = client.configMaps().inNamespace(ns).resource(configMap("owner")).create();
        ConfigMap dependent = new ConfigMapBuilder(configMap("dependent")).editMetadata()
                .addNewOwnerReference().withApiVersion("v1").withKind("ConfigMap").withName("owner")
                .withUid(owner.getMetadata().getUid()).endOwnerReference()
                .endMetadata().build();
        client.configMaps().inNamespace(ns).resource(dependent).create();
        client.configMaps().inNamespace(ns).resource(configMap("bystander")).create();

        client.configMaps().inNamespace(ns).withName("owner").delete();

        client.configMaps().inNamespace(ns).withName("dependent").waitUntilCondition(found -> found == null,
                COLLECTION_SECONDS, TimeUnit.SECONDS);
        assertThat(client.configMaps().inNamespace(ns).withName("bystander").get()).as("no owner, not collected")
                .isNotNull();
    }

    @Test
    void aNewNamespaceGetsItsDefaultServiceAccountAndRootCertificate(
            @Served(value = RealApiServer.Flavour.PLAIN, controllers = true) RealApiServer server) {
        KubernetesClient client = server.client();

        String ns = server.newNamespace("fresh");

        client.serviceAccounts().inNamespace(ns).withName("default").waitUntilCondition(account -> account != null,
                COLLECTION_SECONDS, TimeUnit.SECONDS);
        ConfigMap rootCertificate = client.configMaps().inNamespace(ns).withName("kube-root-ca.crt")
                .waitUntilCondition(found -> found != null, COLLECTION_SECONDS, TimeUnit.SECONDS);
        assertThat(rootCertificate.getData()).containsKey("ca.crt");
        assertThat(rootCertificate.getData().get("ca.crt")).startsWith("-----BEGIN CERTIFICATE-----");
    }

    private static ConfigMap configMap(String name) {
        return new ConfigMapBuilder().withNewMetadata().withName(name).endMetadata().addToData("k", "v").build();
    }
}
