package dev.bundlectl.bundle;

import dev.bundlectl.bundle.read.BundleReader;
import dev.bundlectl.bundle.testing.SharedCorpus;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/** Reads every real bundle of the dev corpus ({@code dev.list} tags their oddities). */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class CorpusBundlesTest {

    private final Map<String, BundleReadResult> results = new LinkedHashMap<>();

    @BeforeAll
    void readEveryBundle() {
        BundleReader reader = new BundleReader();
        for (Path dir : SharedCorpus.devBundleDirs()) {
            results.put(SharedCorpus.devName(dir), reader.read(dir));
        }
    }

    private Bundle bundle(String name) {
        BundleReadResult result = results.get(name);
        assertThat(result).as(name).isNotNull();
        assertThat(result.bundle()).as(name + ": " + result.diagnostics().errors()).isPresent();
        return result.bundle().get();
    }

    private List<String> warnings(String name) {
        return results.get(name).diagnostics().warnings().stream().map(Diagnostic::toString).toList();
    }

    @Test
    void everyBundleIsReadOrRejectedWithErrorsAndTheSummaryIsPrinted() {
        Map<String, List<String>> rejected = new TreeMap<>();
        int warnings = 0;
        for (Map.Entry<String, BundleReadResult> entry : results.entrySet()) {
            BundleReadResult result = entry.getValue();
            warnings += result.diagnostics().warnings().size();
            assertThat(result.bundle().isPresent()).as(entry.getKey()).isNotEqualTo(result.diagnostics().hasErrors());
            if (result.bundle().isEmpty()) {
                rejected.put(entry.getKey(), result.diagnostics().errors().stream().map(Diagnostic::toString).toList());
            }
        }
        System.out.printf("corpus: %d bundle dirs, %d read OK, %d rejected, %d warnings%n", results.size(),
                results.size() - rejected.size(), rejected.size(), warnings);
        rejected.forEach((name, errors) -> {
            System.out.println("  rejected " + name);
            errors.forEach(error -> System.out.println("    " + error));
        });

        assertThat(results).hasSize(150);
        // Every rejection was checked by hand: three odd layouts, and five bundles that are broken
        // (see the tests below for what is wrong with each).
        assertThat(rejected.keySet()).containsExactly(
                "_certified/instana-agent-operator/2.2.12",
                "_certified/instana-agent-operator/2.2.5",
                "_oddlayout/gitlab-runner-operator/1.23.1",
                "_oddlayout/jupyter-notebook-validator-operator/1.0.7",
                "_oddlayout/rabbitmq-messaging-topology-operator/1.18.3",
                "automotive-infra/0.0.3",
                "azure-service-operator/1.0.27207",
                "eventing-kogito/1.2.0");
    }

    @Test
    void oddLayoutsAreRejectedWithTheLayoutFound() {
        assertThat(results.get("_oddlayout/gitlab-runner-operator/1.23.1").diagnostics().errors())
                .singleElement().extracting(Diagnostic::message).asString()
                .contains("nested one level down in certification/");
        assertThat(results.get("_oddlayout/rabbitmq-messaging-topology-operator/1.18.3").diagnostics().errors())
                .singleElement().extracting(Diagnostic::message).asString()
                .contains("nested one level down in bundle/").endsWith("1.18.3/bundle instead");
        assertThat(results.get("_oddlayout/jupyter-notebook-validator-operator/1.0.7").diagnostics().errors())
                .singleElement().extracting(Diagnostic::message).asString()
                .contains("the manifests are at the bundle root")
                .contains("jupyter-notebook-validator-operator.clusterserviceversion.yaml");
    }

    @Test
    void brokenBundlesAreRejectedForWhatIsWrongWithThem() {
        // A key spelled ApiVersion: (tags csv-count-0, doc-missing-kind-or-apiVersion).
        assertThat(results.get("automotive-infra/0.0.3").diagnostics().errors().get(0).message())
                .contains("did you mean apiVersion?");
        // A Service without apiVersion (doc-missing-kind-or-apiVersion).
        assertThat(results.get("azure-service-operator/1.0.27207").diagnostics().errors()).singleElement()
                .hasToString("error: manifests/azureoperator-webhook-service.yaml[doc 0]:"
                        + " Service/azureoperator-webhook-service: field apiVersion: the object has no apiVersion");
        // Mis-indented dependencies.yaml (malformed-yaml).
        assertThat(results.get("eventing-kogito/1.2.0").diagnostics().errors()).singleElement()
                .hasToString("error: metadata/dependencies.yaml[doc 0]: YAML syntax error at line 22, column 12:"
                        + " mapping values are not allowed here");
        // Two different Roles named instana-agent-clusterrole (duplicate-object): OLM would apply
        // both and keep whichever came last, so which permissions the operator gets is ambiguous.
        assertThat(results.get("_certified/instana-agent-operator/2.2.5").diagnostics().errors()).singleElement()
                .extracting(Diagnostic::message).asString().contains("different content")
                .contains("instana-agent-clusterrole_rbac.authorization.k8s.io_v1_role.yaml");
    }

    @Test
    void distinctObjectCountsMatchWhatWasCountedByHand() {
        Map<String, Integer> expected = new LinkedHashMap<>();
        expected.put("clickhouse/0.26.0", 5);
        expected.put("community-trivy-operator/2.3.0", 4); // two Services in one file
        expected.put("_certified/federatorai-certified/4.7.2-1", 2); // one .crd file
        expected.put("keycloak-operator/26.6.1", 3); // .crd.yml files
        expected.put("aerospike-kubernetes-operator/3.4.1", 9); // a 2.4 MB CRD
        expected.put("_extra/vertical-pod-autoscaler-operator/4.17.0-upgrade", 26);
        Map<String, Integer> actual = expected.keySet().stream()
                .collect(Collectors.toMap(name -> name, name -> bundle(name).manifests().size(), (a, b) -> a,
                        LinkedHashMap::new));

        assertThat(actual).isEqualTo(expected);
        assertThat(bundle("community-trivy-operator/2.3.0").manifests()).extracting(m -> m.source().toString())
                .contains("manifests/trivy-operator.service.yaml[doc 0]", "manifests/trivy-operator.service.yaml[doc 1]");
    }

    @Test
    void mergeKeysAreExpandedInRealCrds() {
        Manifest crd = bundle("clickhouse/0.26.0").manifests().stream()
                .filter(m -> m.name().equals("clickhouseinstallations.clickhouse.altinity.com"))
                .findFirst().orElseThrow();
        JsonNode spec = crd.body().path("spec").path("versions").get(0)
                .path("schema").path("openAPIV3Schema").path("properties").path("spec").path("properties");

        JsonNode suspend = spec.path("suspend");
        assertThat(suspend.has("<<")).isFalse();
        assertThat(suspend.path("type").asText()).isEqualTo("string");
        assertThat(suspend.path("enum")).isEqualTo(spec.path("stop").path("enum"));
        assertThat(suspend.path("description").asText()).startsWith("Suspend reconciliation");
        assertThat(crd.body().toString()).doesNotContain("\"<<\"");
    }

    @Test
    void realOdditiesBecomeWarnings() {
        assertThat(warnings("nlp-server/0.8.6")).contains("warning: manifests/nlp-server-role-binding.yaml[doc 0]:"
                + " RoleBinding/nlp-server-role-binding: field apiVersion: duplicate key 'apiVersion' at line 12;"
                + " the last value wins");
        assertThat(warnings("mongodb-atlas-kubernetes/1.1.0")).anySatisfy(w -> assertThat(w)
                .contains("field metadata.annotations.containerImage: duplicate key 'containerImage'"));
        assertThat(warnings("_certified/digitalai-deploy-operator/25.1.11")).anySatisfy(w -> assertThat(w)
                .contains("annotations[\"com.redhat.delivery.operator.bundle\"]").contains("a boolean"));
        assertThat(bundle("_certified/digitalai-deploy-operator/25.1.11").annotations().all())
                .containsEntry("com.redhat.delivery.operator.bundle", "true");
        assertThat(warnings("pubsubplus-eventbroker-operator/1.3.0")).anySatisfy(w -> assertThat(w)
                .contains("operators.coreos.com/v1beta1"));
        // Stray annotations.yaml.bak in metadata: passed over silently.
        assertThat(warnings("_certified/digitalai-deploy-operator/25.1.11")).noneMatch(w -> w.contains(".bak"));
    }

    @Test
    void propertiesAreReadFromRealBundles() {
        Bundle lightbits = bundle("_certified/lightbits-operator/1.0.0");
        assertThat(lightbits.properties()).filteredOn(p -> p.origin() == Property.PropertyOrigin.METADATA_FILE)
                .extracting(Property::type).startsWith("replaces", "olm.maxVersion");
        Bundle strimzi = bundle("strimzi-kafka-operator/0.13.0");
        assertThat(strimzi.properties()).filteredOn(p -> p.origin() == Property.PropertyOrigin.CSV_ANNOTATION)
                .singleElement().extracting(Property::type).isEqualTo("olm.maxOpenShiftVersion");
        assertThat(strimzi.properties()).filteredOn(p -> p.type().equals("olm.gvk")).isNotEmpty()
                .allSatisfy(p -> assertThat(p.value().path("group").asText()).isEqualTo("kafka.strimzi.io"));
        assertThat(strimzi.properties()).filteredOn(p -> p.type().equals("olm.package")).singleElement()
                .satisfies(p -> assertThat(p.value().path("version").asText()).isEqualTo("0.13.0"));
    }
}
