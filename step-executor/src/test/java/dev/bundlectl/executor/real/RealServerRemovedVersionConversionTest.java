package dev.bundlectl.executor.real;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.bundlectl.bundle.BundleReadResult;
import dev.bundlectl.bundle.read.BundleReader;
import dev.bundlectl.bundle.Manifest;
import dev.bundlectl.bundle.testing.SharedCorpus;
import dev.bundlectl.executor.testing.RealApiServer;
import dev.bundlectl.executor.testing.RealApiServerExtension;
import dev.bundlectl.executor.testing.RealApiServerExtension.Served;
import dev.bundlectl.plan.convert.ConversionResult;
import dev.bundlectl.plan.convert.RemovedApiVersion;
import dev.bundlectl.plan.convert.RemovedApiVersions;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Objects of removed API versions, converted by {@link RemovedApiVersions}, sent to a real
 * kube-apiserver 1.26.4 (which serves none of the removed versions) with server-side dry-run
 * ({@code dryRun=All}): the server validates each as it would a create, and stores nothing. Every
 * {@code apiextensions.k8s.io/v1beta1} CRD of the dev corpus, and every removed-version RBAC,
 * PodDisruptionBudget and PriorityClass shape, must be accepted.
 */
@ExtendWith(RealApiServerExtension.class)
class RealServerRemovedVersionConversionTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void everyV1beta1CrdOfTheDevCorpusIsAcceptedOnceConverted(@Served(RealApiServer.Flavour.PLAIN) RealApiServer server) {
        List<Manifest> crds = corpusManifests("apiextensions.k8s.io", "v1beta1");
        List<String> problems = new ArrayList<>();
        int accepted = 0;
        for (Manifest crd : crds) {
            Optional<String> answer = convertAndDryRun(server, crd, null);
            if (answer.isEmpty()) {
                accepted++;
            } else {
                problems.add(crd.source() + " " + crd.displayName() + ": " + answer.get());
            }
        }
        System.out.println("[convert] v1beta1 CRDs of the dev corpus accepted by the real server once converted: "
                + accepted + " / " + crds.size());
        assertThat(crds).as("v1beta1 CRDs in the dev corpus").hasSizeGreaterThanOrEqualTo(40);
        assertThat(problems).isEmpty();
    }

    @Test
    void theCorpusV1beta1RbacObjectsAreAcceptedOnceConverted(RealApiServer server) {
        List<Manifest> rbac = corpusManifests("rbac.authorization.k8s.io", "v1beta1");
        String namespace = server.newNamespace("convert-rbac");
        List<String> problems = new ArrayList<>();
        for (Manifest manifest : rbac) {
            convertAndDryRun(server, manifest, namespace).ifPresent(answer -> problems.add(manifest.displayName() + ": " + answer));
        }
        assertThat(rbac).as("v1beta1 RBAC objects in the dev corpus").isNotEmpty();
        assertThat(problems).isEmpty();
    }

    @Test
    void removedRbacPolicyAndSchedulingShapesAreAcceptedOnceConverted(RealApiServer server) throws Exception {
        String namespace = server.newNamespace("convert-shapes");
        List<String> objects = List.of(
                "{\"apiVersion\":\"rbac.authorization.k8s.io/v1beta1\",\"kind\":\"Role\",\"metadata\":{\"name\":\"r\"},"
                        + "\"rules\":[{\"apiGroups\":[\"\"],\"resources\":[\"configmaps\"],\"verbs\":[\"get\",\"list\"]}]}",
                "{\"apiVersion\":\"rbac.authorization.k8s.io/v1beta1\",\"kind\":\"ClusterRole\",\"metadata\":{\"name\":\"convert-cr\"},"
                        + "\"rules\":[{\"nonResourceURLs\":[\"/metrics\"],\"verbs\":[\"get\"]}]}",
                "{\"apiVersion\":\"rbac.authorization.k8s.io/v1beta1\",\"kind\":\"RoleBinding\",\"metadata\":{\"name\":\"rb\"},"
                        + "\"roleRef\":{\"apiGroup\":\"rbac.authorization.k8s.io\",\"kind\":\"Role\",\"name\":\"r\"},"
                        + "\"subjects\":[{\"kind\":\"ServiceAccount\",\"name\":\"default\",\"namespace\":\"" + namespace + "\"}]}",
                "{\"apiVersion\":\"rbac.authorization.k8s.io/v1beta1\",\"kind\":\"ClusterRoleBinding\",\"metadata\":{\"name\":\"convert-crb\"},"
                        + "\"roleRef\":{\"apiGroup\":\"rbac.authorization.k8s.io\",\"kind\":\"ClusterRole\",\"name\":\"convert-cr\"},"
                        + "\"subjects\":[{\"kind\":\"User\",\"apiGroup\":\"rbac.authorization.k8s.io\",\"name\":\"jane\"}]}",
                "{\"apiVersion\":\"policy/v1beta1\",\"kind\":\"PodDisruptionBudget\",\"metadata\":{\"name\":\"pdb-none\"},"
                        + "\"spec\":{\"minAvailable\":1,\"selector\":{}}}",
                "{\"apiVersion\":\"policy/v1beta1\",\"kind\":\"PodDisruptionBudget\",\"metadata\":{\"name\":\"pdb-app\"},"
                        + "\"spec\":{\"maxUnavailable\":\"50%\",\"selector\":{\"matchLabels\":{\"app\":\"db\"}}}}",
                "{\"apiVersion\":\"scheduling.k8s.io/v1beta1\",\"kind\":\"PriorityClass\",\"metadata\":{\"name\":\"convert-high\"},"
                        + "\"value\":100000,\"globalDefault\":false,\"description\":\"converted\"}");
        List<String> problems = new ArrayList<>();
        for (String object : objects) {
            ObjectNode body = (ObjectNode) JSON.readTree(object);
            RemovedApiVersion removed = RemovedApiVersions.of(group(body), version(body), body.path("kind").asText())
                    .orElseThrow();
            ConversionResult result = removed.convert(body);
            assertThat(result).isInstanceOf(ConversionResult.Converted.class);
            dryRun(server, ((ConversionResult.Converted) result).body(), namespace)
                    .ifPresent(answer -> problems.add(body.path("kind").asText() + ": " + answer));
        }
        assertThat(problems).isEmpty();
    }

    /** Every manifest of the dev corpus at this group and version, in bundle order. */
    private static List<Manifest> corpusManifests(String group, String version) {
        List<Manifest> found = new ArrayList<>();
        BundleReader reader = new BundleReader();
        for (Path dir : SharedCorpus.devBundleDirs()) {
            BundleReadResult read = reader.read(dir);
            read.bundle().ifPresent(bundle -> bundle.manifests().stream()
                    .filter(manifest -> manifest.group().equals(group) && manifest.version().equals(version))
                    .forEach(found::add));
        }
        return found;
    }

    /** Empty when converted and accepted; else the refusal or the server's answer. */
    private static Optional<String> convertAndDryRun(RealApiServer server, Manifest manifest, String namespace) {
        RemovedApiVersion removed = RemovedApiVersions.of(manifest.group(), manifest.version(), manifest.kind())
                .orElseThrow();
        ConversionResult result = removed.convert(manifest.body());
        if (result instanceof ConversionResult.Refused refused) {
            return Optional.of("refused by the converter: " + refused.message());
        }
        return dryRun(server, ((ConversionResult.Converted) result).body(), namespace);
    }

    private static Optional<String> dryRun(RealApiServer server, ObjectNode body, String namespace) {
        try {
            var resource = server.client().resource(JSON.writeValueAsString(body));
            (namespace == null ? resource : resource.inNamespace(namespace)).dryRun().create();
            return Optional.empty();
        } catch (KubernetesClientException e) {
            return Optional.of(e.getCode() + " " + e.getMessage());
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    private static String group(ObjectNode body) {
        String apiVersion = body.path("apiVersion").asText();
        return apiVersion.substring(0, apiVersion.indexOf('/'));
    }

    private static String version(ObjectNode body) {
        String apiVersion = body.path("apiVersion").asText();
        return apiVersion.substring(apiVersion.indexOf('/') + 1);
    }
}
