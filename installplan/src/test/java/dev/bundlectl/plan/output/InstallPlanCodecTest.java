package dev.bundlectl.plan.output;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.bundlectl.plan.model.CapabilitiesStatus;
import dev.bundlectl.plan.model.InstallPlan;
import dev.bundlectl.plan.model.InstallPlanPhase;
import dev.bundlectl.plan.model.PlanCondition;
import dev.bundlectl.plan.model.Step;
import dev.bundlectl.plan.model.StepResource;
import dev.bundlectl.plan.model.StepStatus;
import dev.bundlectl.bundle.yaml.InputFileException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class InstallPlanCodecTest {

    /** Strings a naive YAML writer turns into other types or breaks. */
    private static final List<String> AWKWARD = List.of("true", "false", "yes", "no", "on", "off", "null", "~", "1.0",
            "042", "0x1F", "1e3", ".inf", "- item", "key: value", "# comment", "line1\nline2", "*alias", "&anchor",
            "!tag", "%directive", "@at", "`tick`", "", " leading space", "trailing space ", "{\"json\":1}", "[1, 2]",
            "'quoted'", "\"double\"", "é ü 日本 🚀", "tab\there", "---", "...", "?", ":");

    static InstallPlan samplePlan() {
        Map<String, String> annotations = new LinkedHashMap<>();
        annotations.put("bundlectl.dev/package", "demo");
        annotations.put("bundlectl.dev/bundle-path", "./bundles/demo");
        for (int i = 0; i < AWKWARD.size(); i++) {
            annotations.put("test.dev/awkward-" + i, AWKWARD.get(i));
        }
        String manifest = "{\"apiVersion\":\"v1\",\"kind\":\"ConfigMap\",\"metadata\":{\"name\":\"settings\"},"
                + "\"data\":{\"script\":\"#!/bin/sh\\necho 'hi' \\\"there\\\"\\n\",\"flag\":\"true\"}}";
        List<Step> steps = List.of(
                new Step("demo.v1", new StepResource("operators.coreos.com", "v1alpha1", "ClusterServiceVersion",
                        "demo.v1", "demo", "demo", "./bundles/demo", "{\"kind\":\"ClusterServiceVersion\"}"),
                        false, StepStatus.UNKNOWN, null),
                new Step("demo.v1", new StepResource("", "v1", "ConfigMap", "settings", "demo", "demo",
                        "./bundles/demo", manifest), false, StepStatus.NOT_CREATED, "capability Console disabled"),
                new Step("demo.v1", new StepResource("rbac.authorization.k8s.io", "v1", "ClusterRole", "reader",
                        null, "demo", "./bundles/demo", "{\"kind\":\"ClusterRole\"}"), true, StepStatus.UNKNOWN,
                        String.join(" | ", AWKWARD)));
        return new InstallPlan(
                new InstallPlan.Metadata("install-demo.v1", "demo", annotations),
                new InstallPlan.Spec("Manual", false, List.of("demo.v1")),
                new InstallPlan.Status(InstallPlanPhase.FAILED,
                        List.of(new PlanCondition("Installed", "False", "InstallComponentFailed", "yes: no", null)),
                        steps, null, null, "predicted to fail: true",
                        new CapabilitiesStatus(List.of("Console"), List.of("Console", "Insights"), List.of())));
    }

    @Test
    void yamlRoundTripIsExact() throws Exception {
        InstallPlan plan = samplePlan();

        String yaml = InstallPlanCodec.toYaml(plan);

        assertThat(InstallPlanCodec.parse(yaml, "plan.yaml")).isEqualTo(plan);
    }

    @Test
    void jsonRoundTripIsExact() throws Exception {
        InstallPlan plan = samplePlan();

        String json = InstallPlanCodec.toJson(plan);

        assertThat(InstallPlanCodec.parse(json, "plan.json")).isEqualTo(plan);
    }

    @Test
    void yamlIsOneDocumentInModelOrderWithSortedAnnotations() {
        String yaml = InstallPlanCodec.toYaml(samplePlan());

        assertThat(yaml).startsWith("""
                ---
                apiVersion: operators.coreos.com/v1alpha1
                kind: InstallPlan
                metadata:
                  name: install-demo.v1
                  namespace: demo
                  annotations:
                    bundlectl.dev/bundle-path: ./bundles/demo
                    bundlectl.dev/package: demo
                """);
        assertThat(yaml).contains("""
                spec:
                  approval: Manual
                  approved: false
                  clusterServiceVersionNames:
                  - demo.v1
                status:
                  phase: Failed
                """);
        assertThat(yaml.indexOf("phase:")).isLessThan(yaml.indexOf("conditions:"));
        assertThat(yaml.indexOf("conditions:")).isLessThan(yaml.indexOf("plan:"));
        assertThat(yaml).endsWith("\n");
    }

    @Test
    void jsonIsPrettyAndEndsWithANewline() {
        String json = InstallPlanCodec.toJson(samplePlan());

        assertThat(json).startsWith("{\n  \"apiVersion\" : \"operators.coreos.com/v1alpha1\",\n  \"kind\" : \"InstallPlan\",");
        assertThat(json).endsWith("}\n");
    }

    @Test
    void outputIsDeterministic() {
        assertThat(InstallPlanCodec.toYaml(samplePlan())).isEqualTo(InstallPlanCodec.toYaml(samplePlan()));
        assertThat(InstallPlanCodec.toJson(samplePlan())).isEqualTo(InstallPlanCodec.toJson(samplePlan()));
    }

    @Test
    void plansLargerThanSnakeYamlsDefaultLimitRoundTrip() throws Exception {
        // SnakeYAML refuses documents over 3 MB by default; bundles with multi-megabyte CRDs exist.
        String big = "{\"kind\":\"ConfigMap\",\"data\":{\"x\":\"" + "0123456789".repeat(400_000) + "\"}}";
        Step step = new Step("c", new StepResource("", "v1", "ConfigMap", "big", "ns", "p", "b", big), false,
                StepStatus.UNKNOWN, null);
        InstallPlan plan = samplePlan().withStatus(new InstallPlan.Status(InstallPlanPhase.REQUIRES_APPROVAL, List.of(),
                List.of(step), null, null, null, null));

        assertThat(InstallPlanCodec.parse(InstallPlanCodec.toYaml(plan), "plan.yaml")).isEqualTo(plan);
    }

    @Test
    void unknownFieldsAreTolerated() throws Exception {
        String yaml = """
                apiVersion: operators.coreos.com/v1alpha1
                kind: InstallPlan
                metadata:
                  name: install-demo.v1
                  namespace: demo
                  uid: 0b1c
                  generation: 3
                spec:
                  approval: Manual
                  approved: true
                  clusterServiceVersionNames: [demo.v1]
                  generation: 1
                status:
                  phase: Complete
                  bundleLookups: [{path: x}]
                  plan:
                  - resolving: demo.v1
                    resource:
                      group: ""
                      version: v1
                      kind: ConfigMap
                      name: settings
                      manifest: '{"kind":"ConfigMap"}'
                      sourceName: demo
                      sourceNamespace: b
                      extra: 1
                    status: Created
                """;

        InstallPlan plan = InstallPlanCodec.parse(yaml, "plan.yaml");

        assertThat(plan.status().phase()).isEqualTo(InstallPlanPhase.COMPLETE);
        assertThat(plan.spec().approved()).isTrue();
        assertThat(plan.steps()).singleElement().satisfies(step -> {
            assertThat(step.status()).isEqualTo(StepStatus.CREATED);
            assertThat(step.optional()).isFalse();
            assertThat(step.resource().manifest()).isEqualTo("{\"kind\":\"ConfigMap\"}");
        });
    }

    @Test
    void readsAFile(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("plan.yaml");
        Files.writeString(file, InstallPlanCodec.toYaml(samplePlan()));

        assertThat(InstallPlanCodec.read(file)).isEqualTo(samplePlan());
    }

    @Test
    void anotherKindIsRejected() {
        String yaml = "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: x}\n";

        assertThatThrownBy(() -> InstallPlanCodec.parse(yaml, "plan.yaml"))
                .isInstanceOf(InputFileException.class)
                .hasMessage("plan.yaml: is v1 ConfigMap, expected an operators.coreos.com/v1alpha1 InstallPlan");
    }

    @Test
    void anUnknownStepStatusNamesTheFieldAndLine() {
        String yaml = minimalPlan("    status: Done\n");

        assertThatThrownBy(() -> InstallPlanCodec.parse(yaml, "plan.yaml"))
                .isInstanceOf(InputFileException.class)
                .hasMessage("plan.yaml:17: field status.plan[0].status: unknown step status \"Done\"");
    }

    @Test
    void aStepWithoutStatusIsReported() {
        String yaml = minimalPlan("");

        assertThatThrownBy(() -> InstallPlanCodec.parse(yaml, "plan.yaml"))
                .isInstanceOf(InputFileException.class)
                .hasMessageMatching("plan\\.yaml:\\d+: field status\\.plan\\[0]: missing required field status");
    }

    @Test
    void aStepWithoutManifestIsReported() {
        String yaml = minimalPlan("    status: Unknown\n").replace("      manifest: '{}'\n", "");

        assertThatThrownBy(() -> InstallPlanCodec.parse(yaml, "plan.yaml"))
                .isInstanceOf(InputFileException.class)
                .hasMessage("plan.yaml: status.plan[0].resource (ConfigMap/settings): field manifest is missing");
    }

    @Test
    void anUnknownPhaseIsReported() {
        String yaml = minimalPlan("    status: Unknown\n").replace("phase: Failed", "phase: Exploded");

        assertThatThrownBy(() -> InstallPlanCodec.parse(yaml, "plan.yaml"))
                .isInstanceOf(InputFileException.class)
                .hasMessage("plan.yaml:8: field status.phase: unknown InstallPlan phase \"Exploded\"");
    }

    @Test
    void syntaxErrorsAreOneLine() {
        assertThatThrownBy(() -> InstallPlanCodec.parse("apiVersion: a\nkind: [\n", "plan.yaml"))
                .isInstanceOf(InputFileException.class)
                .satisfies(e -> assertThat(e.getMessage()).startsWith("plan.yaml:").doesNotContain("\n"));
        assertThatThrownBy(() -> InstallPlanCodec.parse("{\"apiVersion\": }", "plan.json"))
                .isInstanceOf(InputFileException.class)
                .satisfies(e -> assertThat(e.getMessage()).startsWith("plan.json:1: ").doesNotContain("\n"));
    }

    @Test
    void twoDocumentsAreRejected() {
        String yaml = minimalPlan("    status: Unknown\n") + "---\n" + minimalPlan("    status: Unknown\n");

        assertThatThrownBy(() -> InstallPlanCodec.parse(yaml, "plan.yaml"))
                .isInstanceOf(InputFileException.class)
                .hasMessage("plan.yaml:19: holds more than one document; expected exactly one");
    }

    @Test
    void aTrailingDocumentMarkerIsFine() throws Exception {
        String yaml = minimalPlan("    status: Unknown\n") + "---\n";

        assertThat(InstallPlanCodec.parse(yaml, "plan.yaml").steps()).hasSize(1);
    }

    private static String minimalPlan(String stepStatusLine) {
        return """
                apiVersion: operators.coreos.com/v1alpha1
                kind: InstallPlan
                metadata:
                  name: p
                spec:
                  approval: Manual
                status:
                  phase: Failed
                  plan:
                  - resolving: demo.v1
                    resource:
                      group: ""
                      version: v1
                      kind: ConfigMap
                      name: settings
                      manifest: '{}'
                """ + stepStatusLine;
    }
}
