package dev.bundlectl.plan.review;

import static org.assertj.core.api.Assertions.assertThat;

import dev.bundlectl.plan.model.Step;
import dev.bundlectl.plan.model.StepResource;
import dev.bundlectl.plan.model.StepStatus;
import dev.bundlectl.plan.output.SecretRedaction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@link PlanComparison} and {@link ReviewedStepCheck}: what makes a reviewed plan differ from its bundle's. */
class PlanComparisonTest {

    private static Step step(String group, String version, String kind, String name, String namespace, String manifest) {
        return new Step("op.v1", new StepResource(group, version, kind, name, namespace, "op", "bundle", manifest), false,
                StepStatus.UNKNOWN, null);
    }

    private static Step configMap(String name, String data) {
        return step("", "v1", "ConfigMap", name, "demo",
                "{\"apiVersion\":\"v1\",\"kind\":\"ConfigMap\",\"metadata\":{\"name\":\"" + name + "\"},\"data\":" + data + "}");
    }

    private static Step clusterRole(String name, String namespace) {
        return step("rbac.authorization.k8s.io", "v1", "ClusterRole", name, namespace,
                "{\"apiVersion\":\"rbac.authorization.k8s.io/v1\",\"kind\":\"ClusterRole\",\"metadata\":{\"name\":\"" + name
                        + "\"},\"rules\":[]}");
    }

    private static final List<Step> BUNDLE = List.of(configMap("a", "{\"k\":\"1\"}"), clusterRole("reader", "demo"),
            configMap("b", "{\"k\":\"2\"}"));

    @Test
    void theSameStepsDifferInNothingAndAClusterScopedStepMayHaveNoNamespace() {
        // The reviewer's surface knew ClusterRole as cluster-scoped; the fresh plan, made without a surface, cannot.
        List<Step> reviewed = List.of(BUNDLE.get(0), clusterRole("reader", null), BUNDLE.get(2));

        assertThat(PlanComparison.differences(reviewed, BUNDLE)).isEmpty();
        assertThat(ReviewedStepCheck.problems(reviewed)).isEmpty();
    }

    @Test
    void aChangedManifestIsNamedWithItsFirstDifferingField() {
        List<Step> reviewed = List.of(configMap("a", "{\"k\":\"changed\"}"), BUNDLE.get(1), BUNDLE.get(2));

        assertThat(PlanComparison.differences(reviewed, BUNDLE)).extracting(StepDifference::line)
                .containsExactly("step 1 (ConfigMap/demo/a): manifest differs from the bundle's at data.k");
    }

    @Test
    void anInjectedStepAndAMissingStepAreBothNamed() {
        Step binding = step("rbac.authorization.k8s.io", "v1", "ClusterRoleBinding", "pwned", null,
                "{\"apiVersion\":\"rbac.authorization.k8s.io/v1\",\"kind\":\"ClusterRoleBinding\",\"metadata\":"
                        + "{\"name\":\"pwned\"},\"roleRef\":{\"kind\":\"ClusterRole\",\"name\":\"cluster-admin\"}}");
        List<Step> reviewed = List.of(BUNDLE.get(0), binding, BUNDLE.get(1));

        assertThat(PlanComparison.differences(reviewed, BUNDLE)).extracting(StepDifference::line).containsExactly(
                "step 2 (ClusterRoleBinding/pwned): not in the plan of the bundle (added or renamed after review)",
                "ConfigMap/demo/b: in the plan of the bundle but missing from the plan file");
    }

    @Test
    void anotherNamespaceIsAnotherObject() {
        Step moved = step("", "v1", "ConfigMap", "a", "kube-system", BUNDLE.get(0).resource().manifest());

        assertThat(PlanComparison.differences(List.of(moved, BUNDLE.get(1), BUNDLE.get(2)), BUNDLE))
                .extracting(StepDifference::line).contains(
                        "step 1 (ConfigMap/kube-system/a): not in the plan of the bundle (added or renamed after review)",
                        "ConfigMap/demo/a: in the plan of the bundle but missing from the plan file");
    }

    @Test
    void anotherOrderAndAnotherOptionalFlagAreDifferences() {
        List<Step> swapped = List.of(BUNDLE.get(2), BUNDLE.get(1), BUNDLE.get(0));
        assertThat(PlanComparison.differences(swapped, BUNDLE)).extracting(StepDifference::line)
                .containsExactly("step 2 (ClusterRole/demo/reader): out of the order of the bundle's plan");

        Step optional = new Step("op.v1", BUNDLE.get(0).resource(), true, StepStatus.UNKNOWN, null);
        assertThat(PlanComparison.differences(List.of(optional, BUNDLE.get(1), BUNDLE.get(2)), BUNDLE))
                .extracting(StepDifference::line).containsExactly("step 1 (ConfigMap/demo/a): optional is true but the "
                        + "bundle says false");
    }

    @Test
    void anotherOriginOfAnOptionalFlagIsADifference() {
        Step byRule = new Step("op.v1", BUNDLE.get(0).resource(), true, StepStatus.UNKNOWN, null, null,
                "--optional-api example.com");
        Step byBundle = new Step("op.v1", BUNDLE.get(0).resource(), true, StepStatus.UNKNOWN, null);

        assertThat(PlanComparison.differences(List.of(byRule), List.of(byBundle))).extracting(StepDifference::line)
                .containsExactly("step 1 (ConfigMap/demo/a): optional by --optional-api example.com but the bundle's "
                        + "plan says by the bundle's olm.manifests.optional");
        assertThat(PlanComparison.differences(List.of(byRule), List.of(BUNDLE.get(0)))).extracting(StepDifference::line)
                .as("the optional flag's own difference is enough")
                .containsExactly("step 1 (ConfigMap/demo/a): optional is true but the bundle says false");
    }

    @Test
    void aSecretValueIsComparedByItsRedactedDigest() {
        String reviewedMarker = SecretRedaction.marker("reviewed".getBytes(StandardCharsets.UTF_8));
        String bundleMarker = SecretRedaction.marker("changed since".getBytes(StandardCharsets.UTF_8));
        Step reviewed = step("", "v1", "Secret", "s", "demo", "{\"apiVersion\":\"v1\",\"kind\":\"Secret\",\"metadata\":"
                + "{\"name\":\"s\"},\"stringData\":{\"key\":\"" + reviewedMarker + "\"}}");
        Step fresh = step("", "v1", "Secret", "s", "demo", "{\"apiVersion\":\"v1\",\"kind\":\"Secret\",\"metadata\":"
                + "{\"name\":\"s\"},\"stringData\":{\"key\":\"" + bundleMarker + "\"}}");

        assertThat(PlanComparison.differences(List.of(reviewed), List.of(fresh))).extracting(StepDifference::line)
                .containsExactly("step 1 (Secret/demo/s): the Secret value at stringData.key is not the one reviewed "
                        + "(its digest differs)");
    }

    @Test
    void aManifestsOwnNamespaceIsNotTheStepsAndIsNoProblem() {
        // operator-sdk writes namespace: placeholder into every CSV; the step's namespace decides.
        Step csv = step("operators.coreos.com", "v1alpha1", "ClusterServiceVersion", "op.v1", "demo",
                "{\"apiVersion\":\"operators.coreos.com/v1alpha1\",\"kind\":\"ClusterServiceVersion\",\"metadata\":"
                        + "{\"name\":\"op.v1\",\"namespace\":\"placeholder\"}}");

        assertThat(ReviewedStepCheck.problems(List.of(csv))).isEmpty();
    }

    @Test
    void aStepMustDescribeTheObjectItsResourceNames() {
        List<Step> steps = new ArrayList<>();
        steps.add(step("", "v1", "ConfigMap", "a", "demo", "{not json"));
        steps.add(step("", "v1", "ConfigMap", "a", "demo", "[1]"));
        steps.add(step("", "v1", "ConfigMap", "a", "demo",
                "{\"apiVersion\":\"v1\",\"kind\":\"Secret\",\"metadata\":{\"name\":\"b\",\"namespace\":\"other\"}}"));
        steps.add(step("", "v1", "ConfigMap", "a", "demo", null));

        assertThat(ReviewedStepCheck.problems(steps)).containsExactly(
                "step 1 (ConfigMap/demo/a): resource.manifest: not valid JSON (Unexpected character ('n' (code 110)): "
                        + "was expecting double-quote to start field name)",
                "step 2 (ConfigMap/demo/a): resource.manifest: not a JSON object",
                "step 3 (ConfigMap/demo/a): resource.manifest kind: is \"Secret\" but the step's resource says \"ConfigMap\"",
                "step 3 (ConfigMap/demo/a): resource.manifest metadata.name: is \"b\" but the step's resource says \"a\"",
                "step 4 (ConfigMap/demo/a): resource.manifest: missing");
    }
}
