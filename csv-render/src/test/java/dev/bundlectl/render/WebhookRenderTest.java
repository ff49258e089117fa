package dev.bundlectl.render;

import static dev.bundlectl.render.RenderFixtures.at;
import static dev.bundlectl.render.RenderFixtures.ofKind;
import static dev.bundlectl.render.RenderFixtures.only;
import static dev.bundlectl.render.RenderFixtures.refused;
import static dev.bundlectl.render.RenderFixtures.rendered;
import static dev.bundlectl.render.RenderFixtures.request;
import static dev.bundlectl.render.RenderFixtures.summary;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.bundlectl.bundle.Bundle;
import dev.bundlectl.bundle.Manifest;
import dev.bundlectl.bundle.testing.TestBundles;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

class WebhookRenderTest {

    private static final Bundle MEMCACHE = RenderFixtures.fixture("webhook-operator");
    private static final String SERVICE = "memcache-operator-controller-manager-service";
    private static final String SECRET = SERVICE + "-cert";

    private static RenderOutcome renderMemcache(InstallModeType mode, List<String> targets, CertProvider provider) {
        return new CsvRenderer().render(MEMCACHE.csv(), MEMCACHE.manifests(), request(mode, targets, provider));
    }

    /** A one-deployment CSV (all install modes) with these {@code webhookdefinitions} entries. */
    private static Manifest csvWithWebhooks(String webhooksYaml) {
        return RenderFixtures.csv("""
                apiVersion: operators.coreos.com/v1alpha1
                kind: ClusterServiceVersion
                metadata: {name: hooks.v2.0.0}
                spec:
                  version: 2.0.0
                  installModes:
                    - {type: OwnNamespace, supported: true}
                    - {type: AllNamespaces, supported: true}
                  install:
                    strategy: deployment
                    spec:
                      deployments:
                        - name: hooks.manager
                          spec:
                            selector: {matchLabels: {app: hooks}}
                            template:
                              metadata: {labels: {app: hooks}}
                              spec:
                                containers: [{name: manager, image: example.com/hooks:2.0.0}]
                  webhookdefinitions:
                %s""".formatted(webhooksYaml.indent(4)));
    }

    @Nested
    class CertManager {

        private final RenderOutcome.Rendered rendered = rendered(renderMemcache(null, List.of(),
                CertProvider.CERT_MANAGER));

        @Test
        void rendersObjectsInApplyOrderWithTheWebhookConfigurationsLast() {
            assertThat(summary(rendered)).containsExactly(
                    "ServiceAccount operators/memcache-operator-controller-manager",
                    "ClusterRole " + ofKind(rendered, "ClusterRole").get(0).name(),
                    "ClusterRoleBinding " + ofKind(rendered, "ClusterRole").get(0).name(),
                    "ClusterRole " + ofKind(rendered, "ClusterRole").get(1).name(),
                    "ClusterRoleBinding " + ofKind(rendered, "ClusterRole").get(1).name(),
                    "Issuer operators/memcache-operator-selfsigned",
                    "Certificate operators/" + SECRET,
                    "Service operators/" + SERVICE,
                    "Deployment operators/memcache-operator-controller-manager",
                    "ValidatingWebhookConfiguration " + ofKind(rendered, "ValidatingWebhookConfiguration").get(0).name(),
                    "MutatingWebhookConfiguration " + ofKind(rendered, "MutatingWebhookConfiguration").get(0).name());
        }

        @Test
        void aSelfSignedIssuerAndACertificateForTheServiceNamesOlmUses() {
            RenderedObject certificate = only(rendered, "Certificate");
            assertThat(at(certificate, "/spec/secretName")).isEqualTo(SECRET);
            assertThat(certificate.body().at("/spec/dnsNames").toString())
                    .isEqualTo("[\"" + SERVICE + ".operators\",\"" + SERVICE + ".operators.svc\"]");
            assertThat(at(certificate, "/spec/issuerRef/kind")).isEqualTo("Issuer");
            assertThat(at(certificate, "/spec/issuerRef/name")).isEqualTo(only(rendered, "Issuer").name());
            assertThat(only(rendered, "Issuer").body().at("/spec/selfSigned").isObject()).isTrue();
        }

        @Test
        void webhookConfigurationsAskTheCaInjectorForTheCertificatesCa() {
            for (String kind : List.of("ValidatingWebhookConfiguration", "MutatingWebhookConfiguration")) {
                RenderedObject configuration = only(rendered, kind);
                assertThat(at(configuration, "/metadata/annotations/cert-manager.io~1inject-ca-from"))
                        .isEqualTo("operators/" + SECRET);
                assertThat(configuration.namespace()).isNull();
            }
            assertThat(rendered.patchedCrds().get("memcaches.cache.example.com")
                    .at("/metadata/annotations/cert-manager.io~1inject-ca-from").asText()).isEqualTo("operators/" + SECRET);
            assertThat(only(rendered, "Service").body().at("/metadata/annotations").isMissingNode()).isTrue();
        }

        @Test
        void aWebhookPointsAtTheServiceWithTheDefinitionsPathPortAndPolicies() {
            JsonNode validating = only(rendered, "ValidatingWebhookConfiguration").body().at("/webhooks/0");
            assertThat(validating.path("name").asText()).isEqualTo("vmemcache.kb.io");
            assertThat(validating.path("clientConfig").toString()).isEqualTo("{\"service\":{\"namespace\":\"operators\","
                    + "\"name\":\"" + SERVICE + "\",\"path\":\"/validate-cache-example-com-v1-memcache\",\"port\":443}}");
            assertThat(validating.path("failurePolicy").asText()).isEqualTo("Fail");
            assertThat(validating.path("sideEffects").asText()).isEqualTo("None");
            assertThat(validating.path("rules").get(0).path("resources").get(0).asText()).isEqualTo("memcaches");
            assertThat(validating.has("reinvocationPolicy")).isFalse();
            assertThat(validating.has("namespaceSelector")).as("AllNamespaces sees every namespace").isFalse();
            JsonNode mutating = only(rendered, "MutatingWebhookConfiguration").body().at("/webhooks/0");
            assertThat(mutating.path("reinvocationPolicy").asText()).isEqualTo("IfNeeded");
        }

        @Test
        void theServiceSelectsTheDeploymentsPodsOnTheWebhookPort() {
            RenderedObject service = only(rendered, "Service");
            assertThat(service.body().path("spec").toString()).isEqualTo("{\"selector\":{\"control-plane\":"
                    + "\"controller-manager\"},\"ports\":[{\"name\":\"443\",\"port\":443,\"targetPort\":9443}]}");
        }

        @Test
        void theDeploymentMountsTheServingSecretWhereOlmDoes() {
            JsonNode pod = only(rendered, "Deployment").body().at("/spec/template/spec");
            List<String> volumes = new ArrayList<>();
            pod.path("volumes").forEach(v -> volumes.add(v.path("name").asText() + "=" + v.at("/secret/secretName")
                    .asText() + v.at("/secret/items")));
            assertThat(volumes).containsExactly(
                    "cert=webhook-server-cert",
                    "apiservice-cert=" + SECRET + "[{\"key\":\"tls.crt\",\"path\":\"apiserver.crt\"},"
                            + "{\"key\":\"tls.key\",\"path\":\"apiserver.key\"}]",
                    "webhook-cert=" + SECRET + "[{\"key\":\"tls.crt\",\"path\":\"tls.crt\"},"
                            + "{\"key\":\"tls.key\",\"path\":\"tls.key\"}]");
            // The manager's own mount at the webhook path is replaced; the sidecar gains both mounts.
            assertThat(pod.at("/containers/0/volumeMounts").toString()).isEqualTo("[{\"name\":\"webhook-cert\","
                    + "\"mountPath\":\"/tmp/k8s-webhook-server/serving-certs\"},{\"name\":\"apiservice-cert\","
                    + "\"mountPath\":\"/apiserver.local.config/certificates\"}]");
            assertThat(pod.at("/containers/1/volumeMounts").toString()).isEqualTo("[{\"name\":\"apiservice-cert\","
                    + "\"mountPath\":\"/apiserver.local.config/certificates\"},{\"name\":\"webhook-cert\","
                    + "\"mountPath\":\"/tmp/k8s-webhook-server/serving-certs\"}]");
        }

        @Test
        void theConversionWebhookPatchesItsCrdAndTheBundlesCrdIsLeftAlone() {
            ObjectNode crd = rendered.patchedCrds().get("memcaches.cache.example.com");
            assertThat(crd.at("/spec/conversion").toString()).isEqualTo("{\"strategy\":\"Webhook\",\"webhook\":"
                    + "{\"clientConfig\":{\"service\":{\"namespace\":\"operators\",\"name\":\"" + SERVICE + "\","
                    + "\"path\":\"/convert\",\"port\":443}},\"conversionReviewVersions\":[\"v1\"]}}");
            assertThat(crd.at("/spec/versions").size()).isEqualTo(2);
            Manifest original = MEMCACHE.manifests().stream().filter(m -> m.kind().equals("CustomResourceDefinition"))
                    .findFirst().orElseThrow();
            assertThat(original.body().at("/spec/conversion/webhook/clientConfig/service/name").asText())
                    .isEqualTo("webhook-service");
            assertThat(original.body().at("/metadata/annotations").isMissingNode()).isTrue();
        }
    }

    @Nested
    class ServiceCa {

        private final RenderOutcome.Rendered rendered = rendered(renderMemcache(null, List.of(),
                CertProvider.SERVICE_CA));

        @Test
        void theServiceAsksForTheServingSecretAndCaConsumersForTheBundle() {
            assertThat(at(only(rendered, "Service"), "/metadata/annotations/service.beta.openshift.io~1serving-cert-secret-name"))
                    .isEqualTo(SECRET);
            for (String kind : List.of("ValidatingWebhookConfiguration", "MutatingWebhookConfiguration")) {
                assertThat(at(only(rendered, kind), "/metadata/annotations/service.beta.openshift.io~1inject-cabundle"))
                        .isEqualTo("true");
            }
            assertThat(rendered.patchedCrds().get("memcaches.cache.example.com")
                    .at("/metadata/annotations/service.beta.openshift.io~1inject-cabundle").asText()).isEqualTo("true");
        }

        @Test
        void noCertManagerObjects() {
            assertThat(ofKind(rendered, "Issuer")).isEmpty();
            assertThat(ofKind(rendered, "Certificate")).isEmpty();
        }
    }

    @Nested
    class Scoping {

        @Test
        void outsideAllNamespacesAWebhookSeesOnlyTheTargetNamespaces() {
            Manifest csv = csvWithWebhooks("""
                    - {type: ValidatingAdmissionWebhook, generateName: vhooks.example.com, deploymentName: hooks.manager,
                       sideEffects: None, admissionReviewVersions: [v1]}
                    """);

            RenderOutcome.Rendered rendered = rendered(RenderFixtures.render(csv,
                    request(InstallModeType.OWN_NAMESPACE, List.of(), CertProvider.SERVICE_CA)));

            assertThat(only(rendered, "ValidatingWebhookConfiguration").body().at("/webhooks/0/namespaceSelector")
                    .toString()).isEqualTo("{\"matchExpressions\":[{\"key\":\"kubernetes.io/metadata.name\","
                            + "\"operator\":\"In\",\"values\":[\"operators\"]}]}");
        }

        @Test
        void defaultsAreOlmsPort443AndTheServiceIsNamedAfterTheDeploymentWithoutDots() {
            Manifest csv = csvWithWebhooks("""
                    - {type: ValidatingAdmissionWebhook, generateName: vhooks.example.com, deploymentName: hooks.manager,
                       sideEffects: None, admissionReviewVersions: [v1]}
                    """);

            RenderOutcome.Rendered rendered = rendered(RenderFixtures.render(csv,
                    request(null, List.of(), CertProvider.SERVICE_CA)));

            RenderedObject service = only(rendered, "Service");
            assertThat(service.name()).isEqualTo("hooks-manager-service");
            assertThat(service.body().at("/spec/ports").toString())
                    .isEqualTo("[{\"name\":\"443\",\"port\":443,\"targetPort\":443}]");
            assertThat(only(rendered, "ValidatingWebhookConfiguration").body().at("/webhooks/0/clientConfig/service")
                    .toString()).isEqualTo("{\"namespace\":\"operators\",\"name\":\"hooks-manager-service\",\"port\":443}");
        }

        @Test
        void webhooksSharingAPortShareOneServicePort() {
            Manifest csv = csvWithWebhooks("""
                    - {type: ValidatingAdmissionWebhook, generateName: vhooks.example.com, deploymentName: hooks.manager,
                       containerPort: 8443, targetPort: webhook, sideEffects: None, admissionReviewVersions: [v1]}
                    - {type: MutatingAdmissionWebhook, generateName: mhooks.example.com, deploymentName: hooks.manager,
                       containerPort: 8443, targetPort: webhook, sideEffects: None, admissionReviewVersions: [v1]}
                    - {type: MutatingAdmissionWebhook, generateName: m2hooks.example.com, deploymentName: hooks.manager,
                       containerPort: 9443, sideEffects: None, admissionReviewVersions: [v1]}
                    """);

            RenderOutcome.Rendered rendered = rendered(RenderFixtures.render(csv,
                    request(null, List.of(), CertProvider.CERT_MANAGER)));

            assertThat(only(rendered, "Service").body().at("/spec/ports").toString()).isEqualTo("[{\"name\":\"8443\","
                    + "\"port\":8443,\"targetPort\":\"webhook\"},{\"name\":\"9443\",\"port\":9443,\"targetPort\":9443}]");
            assertThat(ofKind(rendered, "MutatingWebhookConfiguration")).hasSize(2);
            assertThat(ofKind(rendered, "Certificate")).hasSize(1);
        }
    }

    @Nested
    class Refusals {

        @Test
        void withoutACertificateProviderTheWebhooksAreNamed() {
            List<RenderProblem> problems = refused(renderMemcache(null, List.of(), null));

            assertThat(problems).containsExactly(new RenderProblem("spec.webhookdefinitions", "rendering webhooks"
                    + " vmemcache.kb.io, mmemcache.kb.io, cmemcache.kb.io needs a certificate provider:"
                    + " --cert-provider cert-manager|service-ca"));
        }

        @Test
        void aConversionWebhookNeedsAllNamespaces() {
            List<RenderProblem> problems = refused(renderMemcache(InstallModeType.SINGLE_NAMESPACE, List.of("shop"),
                    CertProvider.CERT_MANAGER));

            assertThat(problems).containsExactly(new RenderProblem("spec.webhookdefinitions[2]", "conversion webhook"
                    + " cmemcache.kb.io needs install mode AllNamespaces (a CRD is cluster-wide, so its converter must"
                    + " serve every namespace); the install mode is SingleNamespace watching shop"));
        }

        @Test
        void aConversionCrdMustBeAV1CrdInTheBundle() {
            Manifest csv = csvWithWebhooks("""
                    - {type: ConversionWebhook, generateName: chooks.example.com, deploymentName: hooks.manager,
                       conversionCRDs: [missing.example.com, old.example.com]}
                    """);
            Manifest oldCrd = TestBundles.manifest("manifests/old.crd.yaml", """
                    apiVersion: apiextensions.k8s.io/v1beta1
                    kind: CustomResourceDefinition
                    metadata: {name: old.example.com}
                    """);

            List<RenderProblem> problems = refused(new CsvRenderer().render(csv, List.of(csv, oldCrd),
                    request(null, List.of(), CertProvider.SERVICE_CA)));

            assertThat(problems).extracting(RenderProblem::field, RenderProblem::message).containsExactly(
                    tuple("spec.webhookdefinitions[0].conversionCRDs[0]", "CRD missing.example.com is not in the"
                            + " bundle, so its conversion webhook cannot be set"),
                    tuple("spec.webhookdefinitions[0].conversionCRDs[1]", "CRD old.example.com is"
                            + " apiextensions.k8s.io/v1beta1; only apiextensions.k8s.io/v1 CRDs can be given a"
                            + " conversion webhook"));
        }

        @Test
        void aWebhookMustNameADeploymentOfTheCsv() {
            Manifest csv = csvWithWebhooks("""
                    - {type: ValidatingAdmissionWebhook, generateName: vhooks.example.com, deploymentName: elsewhere,
                       sideEffects: None, admissionReviewVersions: [v1]}
                    """);

            assertThat(refused(RenderFixtures.render(csv, request(null, List.of(), CertProvider.SERVICE_CA))))
                    .containsExactly(new RenderProblem("spec.webhookdefinitions[0].deploymentName", "webhook"
                            + " vhooks.example.com names deployment elsewhere, which is not in"
                            + " spec.install.spec.deployments"));
        }

        @Test
        void twoTargetPortsBehindOneServicePortAreRefused() {
            Manifest csv = csvWithWebhooks("""
                    - {type: ValidatingAdmissionWebhook, generateName: vhooks.example.com, deploymentName: hooks.manager,
                       targetPort: 9443, sideEffects: None, admissionReviewVersions: [v1]}
                    - {type: MutatingAdmissionWebhook, generateName: mhooks.example.com, deploymentName: hooks.manager,
                       targetPort: 8443, sideEffects: None, admissionReviewVersions: [v1]}
                    """);

            assertThat(refused(RenderFixtures.render(csv, request(null, List.of(), CertProvider.SERVICE_CA))))
                    .containsExactly(new RenderProblem("spec.webhookdefinitions[1].targetPort", "webhooks"
                            + " vhooks.example.com and mhooks.example.com both use port 443 of deployment hooks.manager"
                            + " but with different target ports (9443, 8443)"));
        }

        @Test
        void fieldsTheAdmissionApiRequiresAreCheckedBeforeAnythingIsApplied() {
            Manifest csv = csvWithWebhooks("""
                    - {type: ValidatingAdmissionWebhook, generateName: vhooks.example.com, deploymentName: hooks.manager}
                    """);

            assertThat(refused(RenderFixtures.render(csv, request(null, List.of(), CertProvider.SERVICE_CA))))
                    .extracting(RenderProblem::field).containsExactly("spec.webhookdefinitions[0].sideEffects",
                            "spec.webhookdefinitions[0].admissionReviewVersions");
        }

        @Test
        void ownedApiServicesAreNotSupportedAndNamed() {
            Manifest csv = RenderFixtures.csv("""
                    apiVersion: operators.coreos.com/v1alpha1
                    kind: ClusterServiceVersion
                    metadata: {name: metrics.v1.0.0}
                    spec:
                      installModes: [{type: AllNamespaces, supported: true}]
                      apiservicedefinitions:
                        owned:
                          - {group: metrics.example.com, version: v1beta1, kind: PodMetrics, name: podmetrics,
                             deploymentName: metrics-server}
                      install:
                        strategy: deployment
                        spec:
                          deployments:
                            - name: metrics-server
                              spec: {selector: {matchLabels: {app: m}}, template: {metadata: {labels: {app: m}}}}
                    """);

            assertThat(refused(RenderFixtures.render(csv, request(null, List.of(), CertProvider.SERVICE_CA))))
                    .containsExactly(new RenderProblem("spec.apiservicedefinitions.owned[0]", "APIService"
                            + " v1beta1.metrics.example.com (served by deployment metrics-server) is not supported in"
                            + " csv-mode render: an aggregated API server needs OLM to register it; install with"
                            + " --csv-mode olm on a cluster that runs OLM"));
        }
    }

    @Test
    void renderingNeverChangesTheBundlesManifests() {
        String csvBefore = MEMCACHE.csv().body().toString();
        List<String> before = MEMCACHE.manifests().stream().map(m -> m.body().toString()).toList();

        renderMemcache(null, List.of(), CertProvider.CERT_MANAGER);

        assertThat(MEMCACHE.csv().body().toString()).isEqualTo(csvBefore);
        assertThat(MEMCACHE.manifests().stream().map(m -> m.body().toString()).toList()).isEqualTo(before);
    }
}
