package dev.bundlectl.plan;

import dev.bundlectl.plan.model.StepStatus;
import dev.bundlectl.plan.model.StepResource;
import dev.bundlectl.plan.model.Step;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class BundleDigestTest {

    @Test
    void digestIsSha256OfTheManifestsEachFollowedByANewline() {
        // printf '{}\n{"a":1}\n' | sha256sum
        assertThat(BundleDigest.ofManifests(List.of("{}", "{\"a\":1}")))
                .isEqualTo("sha256:861ce3a350d41170da35881ae9a980305338b078c80cc61eb780da575c0d5e32");
    }

    @Test
    void orderMatters() {
        assertThat(BundleDigest.ofManifests(List.of("{}", "{\"a\":1}")))
                .isNotEqualTo(BundleDigest.ofManifests(List.of("{\"a\":1}", "{}")));
    }

    @Test
    void ofStepsUsesTheirManifests() {
        Step step = new Step("csv", new StepResource("", "v1", "ConfigMap", "a", "ns", "p", "b", "{}"), false,
                StepStatus.UNKNOWN, null);

        assertThat(BundleDigest.of(List.of(step))).isEqualTo(BundleDigest.ofManifests(List.of("{}")));
    }
}
