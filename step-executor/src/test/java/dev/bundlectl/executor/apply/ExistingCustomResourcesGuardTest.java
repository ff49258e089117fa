package dev.bundlectl.executor.apply;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.bundlectl.executor.testing.Manifests;
import dev.bundlectl.crdschema.CrdVersion;
import dev.bundlectl.crdschema.SchemaValidator;
import java.util.List;
import org.junit.jupiter.api.Test;

class ExistingCustomResourcesGuardTest {

    /** A CRD whose versions are {@code name:served:maximum}; a maximum of -1 means no schema. */
    private static ObjectNode crd(String... versions) {
        ObjectNode crd = Manifests.object("apiextensions.k8s.io/v1", "CustomResourceDefinition", "caches.example.com");
        ArrayNode list = crd.putObject("spec").putArray("versions");
        for (String version : versions) {
            String[] parts = version.split(":");
            ObjectNode entry = list.addObject().put("name", parts[0]).put("served", Boolean.parseBoolean(parts[1]));
            if (!parts[2].equals("-1")) {
                entry.putObject("schema").putObject("openAPIV3Schema").put("type", "object").put("maxProperties",
                        Double.parseDouble(parts[2]));
            }
        }
        return crd;
    }

    private static List<String> checked(ObjectNode desired, ObjectNode live) {
        return ExistingCustomResourcesGuard.versionsToCheck(desired, live).stream().map(CrdVersion::name).toList();
    }

    @Test
    void checksServedVersionsWithAChangedSchemaThatTheClusterAlreadyServes() {
        ObjectNode live = crd("v1:true:1", "v2:false:1", "v3:true:1", "v4:true:1");
        ObjectNode desired = crd("v1:true:2", "v2:true:2", "v3:false:2", "v4:true:-1", "v5:true:2");

        assertThat(checked(desired, live)).containsExactly("v1");
    }

    @Test
    void aSchemaThatOnlyChangedItsNumberSpellingIsUnchanged() {
        ObjectNode live = crd("v1:true:1");
        ObjectNode desired = crd("v1:true:1");
        ((ObjectNode) desired.at("/spec/versions/0/schema/openAPIV3Schema")).put("maxProperties", 1);

        assertThat(checked(desired, live)).isEmpty();
    }

    @Test
    void namesNamespacedAndClusterScopedObjectsAndCutsLongErrorLists() {
        ObjectNode namespaced = Manifests.object("example.com/v1", "Cache", "big");
        ((ObjectNode) namespaced.get("metadata")).put("namespace", "demo");
        ObjectNode clusterScoped = Manifests.object("example.com/v1", "Cache", "global");
        var validator = SchemaValidator.of(Manifests.read(
                "{\"type\":\"object\",\"required\":[\"a\",\"b\",\"c\",\"d\",\"e\"]}"));

        InvalidResource many = InvalidResource.of(namespaced, validator.validate(namespaced));
        InvalidResource global = InvalidResource.of(clusterScoped, validator.validate(clusterScoped).subList(0, 1));

        assertThat(many.name()).isEqualTo("demo/big");
        assertThat(many.describeErrors()).isEqualTo("[a: Required value, b: Required value, c: Required value, "
                + "and 2 more]");
        assertThat(global.name()).isEqualTo("global");
        assertThat(global.describeErrors()).isEqualTo("[a: Required value]");
    }

    @Test
    void namesTheFirstFewObjectsAndCountsTheRest() {
        InvalidResource one = new InvalidResource("a/one", List.of("x: Required value"), 1);
        InvalidResources found = new InvalidResources("Cache");
        assertThat(found.isEmpty()).isTrue();

        found.add(List.of(one, one)).add(List.of(one, one, one));

        assertThat(found.isEmpty()).isFalse();
        String each = "error validating custom resource against new schema for Cache a/one: [x: Required value]";
        assertThat(found.describe("new schema")).isEqualTo(each + "; " + each + "; " + each + "; and 2 more invalid Cache objects");
    }
}
