package dev.bundlectl.plan;

import dev.bundlectl.plan.model.StepStatus;
import dev.bundlectl.plan.model.StepResource;
import dev.bundlectl.plan.model.Step;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.bundlectl.plan.api.DiscoveryFailures;
import java.util.List;
import org.junit.jupiter.api.Test;

class PlanVerdictTest {

    private static Step step(String name, boolean optional, StepStatus status, String message) {
        return new Step("csv", new StepResource("", "v1", "ConfigMap", name, "ns", "p", "b", "{}"), optional, status,
                message);
    }

    @Test
    void requiredStepsThatCannotSucceedBlock() {
        List<Step> steps = List.of(
                step("ok", false, StepStatus.UNKNOWN, null),
                step("created", false, StepStatus.CREATED, null),
                step("excluded", false, StepStatus.NOT_CREATED, "capability Console disabled"),
                step("missing-api", false, StepStatus.UNKNOWN, "GroupVersionKind x not found on the cluster"),
                step("unsupported", false, StepStatus.UNSUPPORTED_RESOURCE, "kind X is not supported"),
                step("failed", false, StepStatus.FAILED, null),
                step("optional-failed", true, StepStatus.FAILED, "403 Forbidden"));

        assertThat(PlanVerdict.of(steps)).isEqualTo(new PlanVerdict.PredictedToFail(List.of(
                "ConfigMap/ns/missing-api: GroupVersionKind x not found on the cluster",
                "ConfigMap/ns/unsupported: kind X is not supported",
                "ConfigMap/ns/failed: Failed")));
    }

    @Test
    void noBlockingStepIsInstallable() {
        PlanVerdict verdict = PlanVerdict.of(List.of(step("a", false, StepStatus.UNKNOWN, null),
                step("b", true, StepStatus.NOT_CREATED, "API x is not served")));

        assertThat(verdict).isSameAs(PlanVerdict.INSTALLABLE);
        assertThat(verdict.installable()).isTrue();
        assertThat(verdict.reasons()).isEmpty();
    }

    @Test
    void aRequiredStepWhoseDiscoveryFailedDoesNotBlock() {
        String failed = DiscoveryFailures.message("metrics.k8s.io/v1beta1", "503 ServiceUnavailable: service unavailable");

        assertThat(PlanVerdict.of(List.of(step("sick", false, StepStatus.UNKNOWN, failed)))).isSameAs(PlanVerdict.INSTALLABLE);
        assertThat(DiscoveryFailures.isDiscoveryFailure(failed)).isTrue();
        assertThat(DiscoveryFailures.isDiscoveryFailure("GroupVersionKind x not found on the cluster")).isFalse();
    }

    @Test
    void aFailingVerdictNeedsAReason() {
        assertThatThrownBy(() -> new PlanVerdict.PredictedToFail(List.of()))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
