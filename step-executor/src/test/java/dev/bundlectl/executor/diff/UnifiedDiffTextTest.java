package dev.bundlectl.executor.diff;

import static dev.bundlectl.executor.diff.ObjectNormalisationTest.object;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class UnifiedDiffTextTest {

    private static final DiffSubject DEPLOYMENT = new DiffSubject("apps", "v1", "Deployment", "ops", "op");
    private static final DiffSubject CONFIG_MAP = new DiffSubject("", "v1", "ConfigMap", "ops", "defaults");
    private static final DiffSubject CRD = new DiffSubject("apiextensions.k8s.io", "v1", "CustomResourceDefinition",
            null, "caches.example.com");

    private static StepDiff.Changed imageChange() {
        return new StepDiff.Changed(DEPLOYMENT,
                ObjectNormalisation.normalised(object("""
                        {'apiVersion': 'apps/v1', 'kind': 'Deployment', 'metadata': {'name': 'op', 'namespace': 'ops'},
                         'spec': {'replicas': 1, 'template': {'spec': {'containers': [
                           {'name': 'manager', 'image': 'op:v1', 'args': ['--a', '--b', '--c', '--d']}]}}}}""")),
                ObjectNormalisation.normalised(object("""
                        {'apiVersion': 'apps/v1', 'kind': 'Deployment', 'metadata': {'name': 'op', 'namespace': 'ops'},
                         'spec': {'replicas': 1, 'template': {'spec': {'containers': [
                           {'name': 'manager', 'image': 'op:v2', 'args': ['--a', '--b', '--c', '--d']}]}}}}""")));
    }

    @Test
    void anUpdateIsAUnifiedDiffWithKubectlDiffsHeadersAndThreeLinesOfContext() {
        String text = UnifiedDiffText.render(new PlanDiff(List.of(imageChange())), DiffRendering.full());

        assertThat(text).isEqualTo("""
                --- live/apps.v1.Deployment.ops.op
                +++ planned/apps.v1.Deployment.ops.op
                @@ -13,5 +13,5 @@
                         - --b
                         - --c
                         - --d
                -        image: op:v1
                +        image: op:v2
                         name: manager
                """);
    }

    @Test
    void createdAndDeletedObjectsAreWholeOrOneLineWhenBrief() {
        PlanDiff diff = new PlanDiff(List.of(
                new StepDiff.Created(CRD, object("{'kind': 'CustomResourceDefinition', 'spec': {'group': 'example.com'}}")),
                new StepDiff.Deleted(CONFIG_MAP, object("{'data': {'a': 'x'}, 'kind': 'ConfigMap'}")),
                new StepDiff.Unchanged(DEPLOYMENT),
                new StepDiff.NotDiffable(DEPLOYMENT, StepDiff.Cause.UNREADABLE, "forbidden")));

        assertThat(UnifiedDiffText.render(diff, DiffRendering.full())).isEqualTo("""
                --- /dev/null
                +++ planned/apiextensions.k8s.io.v1.CustomResourceDefinition..caches.example.com
                @@ -0,0 +1,3 @@
                +kind: CustomResourceDefinition
                +spec:
                +  group: example.com
                --- live/v1.ConfigMap.ops.defaults
                +++ /dev/null
                @@ -1,3 +0,0 @@
                -data:
                -  a: x
                -kind: ConfigMap
                """);
        assertThat(UnifiedDiffText.render(diff, new DiffRendering(true, 0))).isEqualTo("""
                + CustomResourceDefinition caches.example.com (created)
                - ConfigMap ops/defaults (deleted)
                """);
        assertThat(diff.summary()).isEqualTo("1 created, 1 deleted, 1 unchanged, 1 not compared");
        assertThat(diff.hasChanges()).isTrue();
        assertThat(new PlanDiff(List.of(new StepDiff.Unchanged(DEPLOYMENT))).hasChanges()).isFalse();
    }

    @Test
    void aSecretsChangedValueShowsAsChangedWithoutTheValue() {
        ObjectNode[] sides = SecretValues.redactedPair(new DiffSubject("", "v1", "Secret", "ops", "s"),
                object("{'data': {'password': 'b2xkLXZhbHVl'}, 'kind': 'Secret'}"),
                object("{'data': {'password': 'bmV3LXZhbHVl'}, 'kind': 'Secret'}"));
        StepDiff.Changed changed = new StepDiff.Changed(new DiffSubject("", "v1", "Secret", "ops", "s"), sides[0],
                sides[1]);

        assertThat(UnifiedDiffText.render(new PlanDiff(List.of(changed)), DiffRendering.full())).isEqualTo("""
                --- live/v1.Secret.ops.s
                +++ planned/v1.Secret.ops.s
                @@ -1,3 +1,3 @@
                 data:
                -  password: (redacted)
                +  password: (redacted; changed)
                 kind: Secret
                """);
    }

    @Test
    void multiLineStringsAreLiteralBlocksSoOneChangedLineIsOneLine() {
        List<String> lines = DiffYaml.lines(object("{'data': {'config': 'a: 1\\nb: 2\\n'}}"));

        assertThat(lines).containsExactly("data:", "  config: |", "    a: 1", "    b: 2");
    }

    @Test
    void aBoundCutsAtALineEndAndSaysSo() {
        List<StepDiff> many = new ArrayList<>();
        for (int index = 0; index < 40; index++) {
            many.add(imageChange());
        }
        PlanDiff diff = new PlanDiff(many);
        String whole = UnifiedDiffText.render(diff, DiffRendering.full());

        String bounded = UnifiedDiffText.render(diff, new DiffRendering(false, 1000));

        assertThat(bounded.getBytes(StandardCharsets.UTF_8).length).isLessThanOrEqualTo(1000);
        String kept = bounded.substring(0, bounded.indexOf("# diff truncated"));
        assertThat(whole).startsWith(kept);
        assertThat(kept).endsWith("\n");
        assertThat(bounded).endsWith("# diff truncated: " + whole.length() + " bytes in all, the first "
                + kept.length() + " shown; bundlectl plan --kubeconfig ... -o diff prints all of it\n");
        assertThat(UnifiedDiffText.render(diff, new DiffRendering(false, whole.length()))).isEqualTo(whole);
    }
}
