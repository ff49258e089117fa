package dev.bundlectl.controller.real;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.bundlectl.executor.testing.RealApiServer;
import dev.bundlectl.executor.testing.RealApiServerExtension;
import io.fabric8.kubernetes.client.KubernetesClientException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** The BundleInstall CRD's schema, with its CEL rules, as a real 1.26 API server enforces it. */
@ExtendWith(RealApiServerExtension.class)
class RealServerBundleInstallCrdTest {

    private static String object(String name, String spec) {
        return "apiVersion: bundlectl.dev/v1alpha1\nkind: BundleInstall\nmetadata: {name: " + name + "}\nspec:\n" + spec;
    }

    @Test
    void theServerAcceptsEachSourceFormAndFillsDefaults(RealApiServer server) {
        ControllerCluster.installCrd(server);
        String ns = server.newNamespace("bi-crd-ok");
        var image = ControllerCluster.create(server.client(), ns, object("by-image",
                "  source: {image: 127.0.0.1:5000/samples/cachebox-operator-bundle:v0.3.1}\n"));
        ControllerCluster.create(server.client(), ns, object("by-catalog",
                "  source: {catalog: {image: 127.0.0.1:5000/catalog:latest, package: cachebox-operator}}\n"
                        + "  approval: Manual\n"));
        ControllerCluster.create(server.client(), ns, object("by-range",
                "  source: {catalog: {configMap: fbc, package: cachebox-operator, versionRange: '>=0.3.0 <0.4.0'}}\n"));
        ControllerCluster.create(server.client(), ns, object("by-configmap",
                "  source: {configMap: cachebox-bundle}\n  csvMode: render\n  optionalApis: [monitoring.coreos.com]\n"
                        + "  capabilities: {baselineCapabilitySet: None}\n"));

        @SuppressWarnings("unchecked")
        var spec = (java.util.Map<String, Object>) image.getAdditionalProperties().get("spec");
        assertThat(spec).containsEntry("approval", "Automatic").containsEntry("csvMode", "auto");
    }

    @Test
    void aSpecWithoutExactlyOneSourceIsRefusedByTheCelRule(RealApiServer server) {
        ControllerCluster.installCrd(server);
        String ns = server.newNamespace("bi-crd-bad");

        assertRefused(server, ns, object("two", "  source: {image: a/b:c, configMap: cm}\n"),
                "source needs exactly one of image, catalog and configMap");
        assertRefused(server, ns, object("none", "  source: {}\n"),
                "source needs exactly one of image, catalog and configMap");
        assertRefused(server, ns, object("catalog-both",
                "  source: {catalog: {image: a/b:c, configMap: cm, package: p}}\n"),
                "catalog needs exactly one of image and configMap");
        assertRefused(server, ns, object("catalog-no-package", "  source: {catalog: {image: a/b:c}}\n"),
                "spec.source.catalog.package: Required value");
        assertRefused(server, ns, object("version-and-range",
                "  source: {catalog: {image: a/b:c, package: p, version: 1.0.0, versionRange: '>=1'}}\n"),
                "catalog takes version or versionRange, not both");
    }

    @Test
    void enumsPatternsAndRequiredFieldsAreEnforced(RealApiServer server) {
        ControllerCluster.installCrd(server);
        String ns = server.newNamespace("bi-crd-enum");

        assertRefused(server, ns, object("approval", "  source: {image: a/b:c}\n  approval: Sometimes\n"),
                "spec.approval: Unsupported value: \"Sometimes\"");
        assertRefused(server, ns, object("mode", "  source: {image: a/b:c}\n  csvMode: helm\n"),
                "spec.csvMode: Unsupported value: \"helm\"");
        assertRefused(server, ns, object("digest", "  source: {image: a/b:c}\n  approvedPlan: yes-please\n"),
                "spec.approvedPlan in body should match");
        assertRefused(server, ns, "apiVersion: bundlectl.dev/v1alpha1\nkind: BundleInstall\nmetadata: {name: nospec}\n",
                "spec: Required value");
    }

    @Test
    void theConfigsShapeIsCheckedAndAFieldSubscriptionConfigLacksIsKeptForTheControllerToRefuse(RealApiServer server) {
        ControllerCluster.installCrd(server);
        String ns = server.newNamespace("bi-crd-config");

        var kept = ControllerCluster.create(server.client(), ns, object("config", """
                  source: {image: a/b:c}
                  config:
                    nodeSelector: {node-role.kubernetes.io/infra: ""}
                    tolerations: [{key: a, operator: Exists, effect: NoSchedule}]
                    resources: {limits: {memory: 512Mi, cpu: 1}}
                    env: [{name: A, valueFrom: {fieldRef: {fieldPath: metadata.name}}}]
                    volumes: [{name: ca, configMap: {name: ca}}]
                    volumeMounts: [{name: ca, mountPath: /ca}]
                    nodeSelectors: {a: b}
                """));
        @SuppressWarnings("unchecked")
        var config = (java.util.Map<String, Object>) ((java.util.Map<String, Object>) kept.getAdditionalProperties()
                .get("spec")).get("config");
        assertThat(config).as("not pruned: the controller refuses it by name").containsKey("nodeSelectors");
        assertThat(config.get("env").toString()).contains("fieldRef");

        assertRefused(server, ns, object("operator", "  source: {image: a/b:c}\n  config: {tolerations: [{key: a, "
                + "operator: Sometimes}]}\n"), "spec.config.tolerations[0].operator: Unsupported value: \"Sometimes\"");
        assertRefused(server, ns, object("quantity", "  source: {image: a/b:c}\n  config: {resources: {limits: "
                + "{memory: lots}}}\n"), "spec.config.resources.limits.memory in body should match");
        assertRefused(server, ns, object("env", "  source: {image: a/b:c}\n  config: {env: [{value: x}]}\n"),
                "spec.config.env[0].name: Required value");
        assertRefused(server, ns, object("mount", "  source: {image: a/b:c}\n  config: {volumeMounts: [{name: ca}]}\n"),
                "spec.config.volumeMounts[0].mountPath: Required value");
    }

    private static void assertRefused(RealApiServer server, String ns, String yaml, String expected) {
        assertThatThrownBy(() -> ControllerCluster.create(server.client(), ns, yaml))
                .isInstanceOf(KubernetesClientException.class)
                .satisfies(e -> assertThat(((KubernetesClientException) e).getCode()).isEqualTo(422))
                .hasMessageContaining(expected);
    }
}
