package dev.bundlectl.executor.apply;

import static org.assertj.core.api.Assertions.assertThat;

import dev.bundlectl.cluster.discovery.DiscoveryFailedException;
import dev.bundlectl.cluster.discovery.GroupVersion;
import dev.bundlectl.cluster.kube.ApiException;
import dev.bundlectl.plan.errors.ApiFailure;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A failed discovery is not "not served": even an optional step fails, naming the group/version and the answer. */
class DiscoveryFailurePolicyTest {

    private static final DiscoveryFailedException SICK = DiscoveryFailedException.of(
            new GroupVersion("metrics.k8s.io", "v1beta1"),
            new ApiException(new ApiFailure.HttpError(503, null, "service unavailable", null, List.of(), -1)));

    @Test
    void anOptionalStepFailsWithTheDiscoveryMessage() {
        StepOutcome outcome = FailurePolicy.outcome(SICK, true, "discovery");

        // Failed, and marked as the server not answering: a preflight does not take it for a refusal.
        assertThat(outcome).isEqualTo(StepOutcome.unavailable(
                "discovery of metrics.k8s.io/v1beta1 failed: 503 ServiceUnavailable: service unavailable"));
    }

    @Test
    void aRequiredStepFailsTheSameWay() {
        assertThat(FailurePolicy.outcome(SICK, false, "discovery")).isEqualTo(FailurePolicy.outcome(SICK, true, "discovery"));
    }
}
