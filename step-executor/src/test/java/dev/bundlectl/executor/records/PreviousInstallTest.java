package dev.bundlectl.executor.records;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import dev.bundlectl.bundle.Manifest;
import dev.bundlectl.bundle.SourceLocation;
import dev.bundlectl.plan.model.InstallPlanPhase;
import dev.bundlectl.plan.model.StepStatus;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class PreviousInstallTest {

    private static final Instant START = Instant.parse("2025-03-01T10:00:00Z");

    private static Manifest manifest(String kind, String namespace, String name) {
        return new Manifest(SourceLocation.file("manifests/" + name + ".yaml"), "v1", kind, name, namespace, Map.of(),
                JsonNodeFactory.instance.objectNode());
    }

    private static InstallRecord record() {
        return InstallRecord.fromPlan(TestPlans.plan("demo", List.of(
                        TestPlans.step("", "v1", "ConfigMap", "demo", "created", StepStatus.CREATED),
                        TestPlans.step("", "v1", "ConfigMap", "demo", "present", StepStatus.PRESENT),
                        TestPlans.step("", "v1", "ConfigMap", "demo", "excluded", StepStatus.NOT_CREATED),
                        TestPlans.step("", "v1", "ConfigMap", "demo", "failed", StepStatus.FAILED),
                        TestPlans.step("", "v1", "Namespace", null, "cluster-wide", StepStatus.CREATED)),
                InstallPlanPhase.COMPLETE), TestPlans.origin("demo", START), List.of(), List.of());
    }

    @Test
    void noRecordIsAFirstInstallThatAppliedNothing() {
        PreviousInstall none = PreviousInstall.of(Optional.empty());

        assertThat(none.firstInstall()).isTrue();
        assertThat(none.enabledCapabilities()).isEmpty();
        assertThat(none.applied(manifest("ConfigMap", null, "created"), "demo")).isFalse();
        assertThat(PreviousInstall.none().record()).isEmpty();
    }

    @Test
    void aRecordGivesItsCapabilitiesAndTheObjectsItCreatedOrFoundPresent() {
        PreviousInstall earlier = PreviousInstall.of(Optional.of(record()));

        assertThat(earlier.firstInstall()).isFalse();
        assertThat(earlier.enabledCapabilities()).containsExactly("Console", "Insights");
        assertThat(earlier.applied(manifest("ConfigMap", null, "created"), "demo")).isTrue();
        assertThat(earlier.applied(manifest("ConfigMap", "anywhere", "present"), "demo")).as("bundle: any namespace")
                .isTrue();
        assertThat(earlier.applied(manifest("ConfigMap", null, "excluded"), "demo")).isFalse();
        assertThat(earlier.applied(manifest("ConfigMap", null, "failed"), "demo")).isFalse();
        assertThat(earlier.applied(manifest("Secret", null, "created"), "demo")).as("other kind").isFalse();
    }

    @Test
    void aPayloadsObjectsMustMatchTheirOwnNamespace() {
        PreviousInstall earlier = PreviousInstall.of(Optional.of(record()));

        assertThat(earlier.applied(manifest("ConfigMap", "demo", "created"), null)).isTrue();
        assertThat(earlier.applied(manifest("ConfigMap", "other", "created"), null)).isFalse();
        assertThat(earlier.applied(manifest("Namespace", null, "cluster-wide"), null)).isTrue();
        assertThat(earlier.applied(manifest("Namespace", "", "cluster-wide"), null)).isTrue();
    }
}
