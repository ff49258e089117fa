package dev.bundlectl.render;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.bundlectl.bundle.Manifest;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The RBAC of OLM's InstallPlan, checked against OLM's rules written out here (its resolver's RBAC
 * generation): one Role and RoleBinding per permission entry, one ClusterRole and binding per
 * cluster-permission entry, a ServiceAccount per account unless shipped, OLM's owner labels.
 */
class OlmInstallPlanRbacTest {

    private static final Manifest CSV = RenderFixtures.csv("""
            apiVersion: operators.coreos.com/v1alpha1
            kind: ClusterServiceVersion
            metadata: {name: demo-operator.v1.0.0}
            spec:
              version: 1.0.0
              install:
                strategy: deployment
                spec:
                  deployments: []
                  permissions:
                  - serviceAccountName: demo
                    rules:
                    - {apiGroups: [""], resources: [configmaps], verbs: [get]}
                  - serviceAccountName: demo
                    rules:
                    - {apiGroups: [""], resources: [secrets], verbs: [get], attributeRestrictions: {x: y}}
                  - serviceAccountName: helper
                    rules:
                    - {apiGroups: [apps], resources: [deployments], verbs: [list]}
                  clusterPermissions:
                  - serviceAccountName: demo
                    rules:
                    - {apiGroups: [""], resources: [namespaces], verbs: [list]}
            """);

    @Test
    void oneRoleAndBindingPerPermissionEntryAndOneClusterRolePerClusterEntryInOlmsOrder() {
        List<RenderedObject> objects = OlmInstallPlanRbac.of(CSV, "ops", Set.of());

        assertThat(objects).extracting(o -> o.kind() + " " + nameShape(o.name())).containsExactly(
                "ServiceAccount demo",
                "Role demo-operator.v1.0.0-demo-HASH", "Role demo-operator.v1.0.0-demo-HASH",
                "RoleBinding demo-operator.v1.0.0-demo-HASH", "RoleBinding demo-operator.v1.0.0-demo-HASH",
                "ClusterRole demo-operator.v1.0.0-HASH", "ClusterRoleBinding demo-operator.v1.0.0-HASH",
                "ServiceAccount helper",
                "Role demo-operator.v1.0.0-helper-HASH", "RoleBinding demo-operator.v1.0.0-helper-HASH");
        assertThat(objects.get(1).name()).as("each entry its own name").isNotEqualTo(objects.get(2).name());
        assertThat(objects.get(1).name()).as("a binding shares its role's name").isEqualTo(objects.get(3).name());
    }

    @Test
    void rolesHoldTheEntrysPolicyRulesAndBindingsGrantThemToTheAccountInTheNamespace() {
        List<RenderedObject> objects = OlmInstallPlanRbac.of(CSV, "ops", Set.of());
        JsonNode secretsRole = objects.get(2).body();
        assertThat(secretsRole.path("metadata").path("namespace").asText()).isEqualTo("ops");
        assertThat(secretsRole.path("rules").toString())
                .as("a field PolicyRule lacks never reaches the cluster")
                .isEqualTo("[{\"apiGroups\":[\"\"],\"resources\":[\"secrets\"],\"verbs\":[\"get\"]}]");
        JsonNode clusterBinding = objects.get(6).body();
        assertThat(clusterBinding.path("metadata").has("namespace")).isFalse();
        assertThat(clusterBinding.path("roleRef").toString()).isEqualTo("{\"apiGroup\":\"rbac.authorization.k8s.io\","
                + "\"kind\":\"ClusterRole\",\"name\":\"" + objects.get(5).name() + "\"}");
        assertThat(clusterBinding.path("subjects").toString())
                .isEqualTo("[{\"kind\":\"ServiceAccount\",\"name\":\"demo\",\"namespace\":\"ops\"}]");
        for (RenderedObject object : objects) {
            assertThat(object.body().path("metadata").path("labels").toString()).as(object.name())
                    .isEqualTo("{\"olm.managed\":\"true\",\"olm.owner\":\"demo-operator.v1.0.0\",\"olm.owner.kind\":\"ClusterServiceVersion\","
                            + "\"olm.owner.namespace\":\"ops\"}");
        }
    }

    @Test
    void aServiceAccountTheBundleShipsIsNotRepeated() {
        List<RenderedObject> objects = OlmInstallPlanRbac.of(CSV, "ops", Set.of("demo"));

        assertThat(objects).extracting(RenderedObject::kind).containsOnlyOnce("ServiceAccount");
        assertThat(objects).filteredOn(o -> o.kind().equals("ServiceAccount")).extracting(RenderedObject::name)
                .containsExactly("helper");
    }

    @Test
    void namesAreStableAndDependOnTheNamespaceOnlyForClusterRoles() {
        List<RenderedObject> ops = OlmInstallPlanRbac.of(CSV, "ops", Set.of());
        List<RenderedObject> again = OlmInstallPlanRbac.of(CSV, "ops", Set.of());
        List<RenderedObject> elsewhere = OlmInstallPlanRbac.of(CSV, "team", Set.of());

        assertThat(again).extracting(RenderedObject::name).isEqualTo(ops.stream().map(RenderedObject::name).toList());
        assertThat(elsewhere.get(1).name()).as("a Role is namespaced anyway").isEqualTo(ops.get(1).name());
        assertThat(elsewhere.get(5).name()).as("two installs' ClusterRoles must not collide")
                .isNotEqualTo(ops.get(5).name());
    }

    @Test
    void theHashIsFnv1aOfTheInputSpelledInKubernetesSafeAlphabet() {
        // FNV-1a 32 of "abc" is 440920331 (0x1a47e90b), a published test vector; each decimal digit
        // d maps to "bcdfghjklmnpqrstvwxz2456789"[ord(d) % 27].
        assertThat(OlmInstallPlanRbac.generateName("base", "abc")).isEqualTo("base-884f64775");
    }

    @Test
    void aLongBaseIsCutSoThatTheNameIsAValidLabel() {
        String base = "a-very-long-operator-name-that-goes-on.v1.2.3-and-a-service-account-too";
        String name = OlmInstallPlanRbac.generateName(base, "abc");

        assertThat(name).hasSize(63).endsWith("-884f64775").startsWith(base.substring(0, 53));
    }

    private static String nameShape(String name) {
        return name.replaceAll("-[bcdfghjklmnpqrstvwxz2456789]{6,10}$", "-HASH");
    }
}
