package dev.bundlectl.controller.real;

import dev.bundlectl.controller.api.BundleInstallKind;
import dev.bundlectl.executor.testing.RealApiServer;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.function.Predicate;

/** A real API server with the BundleInstall CRD, as the controller's tests need it. */
final class ControllerCluster {

    private ControllerCluster() {
    }

    /** Creates the CRD from the jar's copy of {@code deploy/crd.yaml} once per server, and waits for it to be served. */
    static synchronized void installCrd(RealApiServer server) {
        KubernetesClient client = server.client();
        if (client.apiextensions().v1().customResourceDefinitions().withName(BundleInstallKind.CRD_NAME).get() != null) {
            return;
        }
        try (InputStream crd = ControllerCluster.class.getResourceAsStream(BundleInstallKind.CRD_RESOURCE)) {
            if (crd == null) {
                throw new IllegalStateException(BundleInstallKind.CRD_RESOURCE + " is not on the classpath");
            }
            Path copy = Files.createTempFile("bundleinstall-crd", ".yaml");
            Files.write(copy, crd.readAllBytes());
            server.createCrds(copy);
            Files.delete(copy);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Creates a BundleInstall from YAML in {@code namespace}. */
    static GenericKubernetesResource create(KubernetesClient client, String namespace, String yaml) {
        GenericKubernetesResource resource = Serialization.unmarshal(yaml, GenericKubernetesResource.class);
        return client.genericKubernetesResources(BundleInstallKind.context()).inNamespace(namespace).resource(resource)
                .create();
    }

    /**
     * Changes the object's spec, read afresh and written again until no other writer came between
     * (a 409): the controller writes the status of the same object while it reconciles.
     */
    @SuppressWarnings("unchecked")
    static void editSpec(KubernetesClient client, String namespace, String name,
            java.util.function.Consumer<java.util.Map<String, Object>> change) {
        for (int attempt = 1; ; attempt++) {
            try {
                client.genericKubernetesResources(BundleInstallKind.context()).inNamespace(namespace).withName(name)
                        .edit(object -> {
                            change.accept((java.util.Map<String, Object>) object.getAdditionalProperties().get("spec"));
                            return object;
                        });
                return;
            } catch (io.fabric8.kubernetes.client.KubernetesClientException e) {
                if (e.getCode() != 409 || attempt == 10) {
                    throw e;
                }
            }
        }
    }

    /** The object now, or null. */
    static GenericKubernetesResource get(KubernetesClient client, String namespace, String name) {
        return client.genericKubernetesResources(BundleInstallKind.context()).inNamespace(namespace).withName(name).get();
    }

    /** Waits until the object satisfies {@code condition} (null counts as gone), failing after {@code timeout}. */
    static GenericKubernetesResource await(KubernetesClient client, String namespace, String name, Duration timeout,
            String what, Predicate<GenericKubernetesResource> condition) {
        long deadline = System.nanoTime() + timeout.toNanos();
        GenericKubernetesResource last = null;
        while (System.nanoTime() < deadline) {
            last = get(client, namespace, name);
            if (condition.test(last)) {
                return last;
            }
            try {
                Thread.sleep(100);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError("interrupted", e);
            }
        }
        throw new AssertionError("timed out after " + timeout + " waiting for " + what + "; last seen: "
                + (last == null ? "gone" : Serialization.asYaml(last)));
    }

    /** {@code status.phase}, or null. */
    @SuppressWarnings("unchecked")
    static String phase(GenericKubernetesResource object) {
        if (object == null || !(object.getAdditionalProperties().get("status") instanceof java.util.Map<?, ?> status)) {
            return null;
        }
        Object phase = ((java.util.Map<String, Object>) status).get("phase");
        return phase == null ? null : phase.toString();
    }

    /** A field of {@code status}, or null. */
    @SuppressWarnings("unchecked")
    static Object status(GenericKubernetesResource object, String field) {
        if (object == null || !(object.getAdditionalProperties().get("status") instanceof java.util.Map<?, ?> status)) {
            return null;
        }
        return ((java.util.Map<String, Object>) status).get(field);
    }

    /** Waits until {@code condition} holds, failing after {@code timeout}. */
    static void awaitTrue(Duration timeout, java.util.function.BooleanSupplier condition, String what) {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("timed out after " + timeout + " waiting for " + what);
            }
            try {
                Thread.sleep(50);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError("interrupted", e);
            }
        }
    }
}
