package dev.bundlectl.executor.adopt;

import static dev.bundlectl.executor.testing.Manifests.plan;
import static dev.bundlectl.executor.testing.Manifests.required;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.bundlectl.executor.testing.Manifests;
import dev.bundlectl.plan.planned.PlannedInstall;
import dev.bundlectl.render.OlmInstallPlanRbac;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * OLM's names for the RBAC its resolver generated take the place of bundlectl's in an adoption's
 * plan: a role is matched by its rules, a binding by the role it binds and its subjects.
 */
class GeneratedRbacNamesTest {

    private static final String CSV = Manifests.CSV_NAME;

    @Test
    void eachGeneratedRoleAndBindingTakesTheNameOlmGaveTheSameContent() {
        PlannedInstall planned = PlannedInstall.read(plan(
                required(role("Role", CSV + "-op-bundlectl", "leases"), true),
                required(role("Role", CSV + "-op-second", "events"), true),
                required(binding("RoleBinding", CSV + "-op-second", "Role", CSV + "-op-second"), true),
                required(role("Role", "unrelated", "leases"), true)));
        Map<String, List<ObjectNode>> live = Map.of(
                "Role", List.of(role("Role", CSV + "-op-olm1", "events"), role("Role", CSV + "-op-olm2", "leases")),
                "RoleBinding", List.of(binding("RoleBinding", CSV + "-op-olm1", "Role", CSV + "-op-olm1")));

        PlannedInstall renamed = GeneratedRbacNames.renamed(planned, CSV, live);

        assertThat(renamed.plan().steps()).extracting(step -> step.resource().name())
                .containsExactly(CSV + "-op-olm2", CSV + "-op-olm1", CSV + "-op-olm1", "unrelated");
        assertThat(renamed.steps().get(2).object().path("roleRef").path("name").asText()).isEqualTo(CSV + "-op-olm1");
        assertThat(Manifests.read(renamed.plan().steps().get(0).resource().manifest()).path("metadata").path("name")
                .asText()).as("the manifest names what the step names").isEqualTo(CSV + "-op-olm2");
    }

    @Test
    void aGeneratedRoleWhoseRulesNothingLiveHasKeepsItsName() {
        PlannedInstall planned = PlannedInstall.read(plan(required(role("Role", CSV + "-op-bundlectl", "leases"), true)));

        PlannedInstall renamed = GeneratedRbacNames.renamed(planned, CSV, Map.of("Role",
                List.of(role("Role", CSV + "-op-olm1", "events"))));

        assertThat(renamed).isSameAs(planned);
    }

    private static ObjectNode role(String kind, String name, String resource) {
        ObjectNode role = owned(Manifests.object("rbac.authorization.k8s.io/v1", kind, name), !name.equals("unrelated"));
        role.putArray("rules").addObject().<ObjectNode>set("apiGroups", role.arrayNode().add(""))
                .<ObjectNode>set("resources", role.arrayNode().add(resource))
                .set("verbs", role.arrayNode().add("get"));
        return role;
    }

    private static ObjectNode binding(String kind, String name, String roleKind, String roleName) {
        ObjectNode binding = owned(Manifests.object("rbac.authorization.k8s.io/v1", kind, name), true);
        binding.putObject("roleRef").put("apiGroup", "rbac.authorization.k8s.io").put("kind", roleKind)
                .put("name", roleName);
        binding.putArray("subjects").addObject().put("kind", "ServiceAccount").put("name", "op")
                .put("namespace", Manifests.NS);
        return binding;
    }

    private static ObjectNode owned(ObjectNode object, boolean generated) {
        if (generated) {
            ((ObjectNode) object.path("metadata")).putObject("labels").put(OlmInstallPlanRbac.OWNER, CSV)
                    .put(OlmInstallPlanRbac.OWNER_NAMESPACE, Manifests.NS);
        }
        return object;
    }
}
