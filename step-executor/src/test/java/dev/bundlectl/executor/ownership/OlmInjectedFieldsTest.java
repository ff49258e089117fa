package dev.bundlectl.executor.ownership;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.bundlectl.executor.records.ObjectRef;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Which conflicts an install settles by taking OLM's injected fields (OLM's catalog operator
 * updates a CRD whole, {@code NewCRDV1Step}), and how exactly the fields leave OLM's entry.
 */
class OlmInjectedFieldsTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final ObjectRef CRD = new ObjectRef("apiextensions.k8s.io", "v1", "CustomResourceDefinition", null,
            "dynakubes.dynatrace.com");
    private static final String SERVICE = ".spec.conversion.webhook.clientConfig.service";

    @Test
    void theApiServersCausesNameEachFieldAndItsManager() {
        List<FieldConflict> fields = FieldConflicts.fields(List.of(
                SERVICE + ".name: conflict with \"olm\" using apiextensions.k8s.io/v1",
                SERVICE + ".namespace: conflict with \"olm\" using apiextensions.k8s.io/v1",
                "spec.replicas: Invalid value: -1"));

        assertThat(fields).containsExactly(new FieldConflict(SERVICE + ".name", "olm"),
                new FieldConflict(SERVICE + ".namespace", "olm"));
    }

    @Test
    void aCrdsConversionFieldsThatOnlyOlmHoldsAreReleased() {
        List<FieldConflict> conflicts = List.of(new FieldConflict(SERVICE + ".name", "olm"),
                new FieldConflict(".spec.conversion.webhook.conversionReviewVersions", "olm"));

        assertThat(OlmInjectedFields.release(CRD, conflicts)).contains(new FieldRelease("olm",
                List.of(SERVICE + ".name", ".spec.conversion.webhook.conversionReviewVersions")));
    }

    @Test
    void anyOtherManagerFieldOrKindStaysAConflict() {
        assertThat(OlmInjectedFields.release(CRD, List.of(new FieldConflict(SERVICE + ".name", "olm"),
                new FieldConflict(SERVICE + ".port", "kubectl-edit")))).as("another manager too").isEmpty();
        assertThat(OlmInjectedFields.release(CRD, List.of(new FieldConflict(".spec.versions[name=\"v1\"].served",
                "olm")))).as("OLM's, but outside spec.conversion").isEmpty();
        assertThat(OlmInjectedFields.release(CRD, List.of(new FieldConflict(".spec.conversionX", "olm"))))
                .as("a field that only starts like it").isEmpty();
        assertThat(OlmInjectedFields.release(new ObjectRef("", "v1", "ConfigMap", "ns", "c"),
                List.of(new FieldConflict(".spec.conversion.strategy", "olm")))).as("not a CRD").isEmpty();
        assertThat(OlmInjectedFields.release(CRD, List.of())).as("no conflict").isEmpty();
    }

    @Test
    void aReleaseDropsExactlyItsFieldsFromTheManagersEntriesAndNothingElse() throws Exception {
        JsonNode managedFields = JSON.readTree("""
                [{"manager":"bundlectl/ns/dynatrace-operator","operation":"Apply","fieldsV1":{"f:spec":{"f:conversion":
                   {"f:strategy":{},"f:webhook":{"f:clientConfig":{"f:service":{"f:path":{}}}}}}}},
                 {"manager":"olm","operation":"Update","fieldsV1":{"f:metadata":{"f:labels":{"f:olm.managed":{}}},
                   "f:spec":{"f:conversion":{"f:webhook":{"f:clientConfig":{"f:caBundle":{},
                     "f:service":{".":{},"f:name":{},"f:namespace":{},"f:port":{}}}}}}}}]
                """);
        FieldRelease release = new FieldRelease("olm", List.of(SERVICE + ".name", SERVICE + ".namespace"));

        JsonNode released = release.releasedFrom(managedFields);

        assertThat(released.get(0)).as("another manager's entry").isEqualTo(managedFields.get(0));
        assertThat(released.get(1).path("fieldsV1").toString()).isEqualTo("{\"f:metadata\":{\"f:labels\":"
                + "{\"f:olm.managed\":{}}},\"f:spec\":{\"f:conversion\":{\"f:webhook\":{\"f:clientConfig\":"
                + "{\"f:caBundle\":{},\"f:service\":{\".\":{},\"f:port\":{}}}}}}}");
        assertThat(release.releasedFrom(released)).as("nothing left to release").isNull();
        assertThat(release.note()).isEqualTo("took over from olm the fields it had set: " + SERVICE + ".name, "
                + SERVICE + ".namespace");
    }
}
