package dev.bundlectl.plan.output;

import static org.assertj.core.api.Assertions.assertThat;

import dev.bundlectl.bundle.Bundle;
import dev.bundlectl.plan.model.InstallPlan;
import dev.bundlectl.plan.InstallPlanner;
import dev.bundlectl.plan.PlanAnnotations;
import dev.bundlectl.plan.PlanRequest;
import dev.bundlectl.bundle.testing.TestBundles;
import dev.bundlectl.plan.api.ApiSurfaces;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What the CLI does with a plan: redact it, write it, and read it back for {@code install --plan-file}. */
class PlanOutputFlowTest {

    @Test
    void aRedactedPlannedPlanSurvivesYamlAndJsonWithoutItsSecretValues() throws Exception {
        Bundle bundle = TestBundles.bundle("demo", TestBundles.csv("demo.v1"), TestBundles.manifest("manifests/s.yaml", """
                apiVersion: v1
                kind: Secret
                metadata: {name: creds}
                stringData: {password: correct-horse-battery-staple}
                """));
        InstallPlan plan = new InstallPlanner().plan(bundle, PlanRequest.of("demo", ApiSurfaces.builtIn(), "b")).plan();

        InstallPlan redacted = SecretRedaction.redact(plan);
        String yaml = InstallPlanCodec.toYaml(redacted);
        String json = InstallPlanCodec.toJson(redacted);

        assertThat(yaml).doesNotContain("correct-horse-battery-staple");
        assertThat(json).doesNotContain("correct-horse-battery-staple");
        assertThat(InstallPlanCodec.parse(yaml, "plan.yaml")).isEqualTo(redacted);
        assertThat(InstallPlanCodec.parse(json, "plan.json")).isEqualTo(redacted);
        // The digest still names the unredacted content, so the bundle can be checked again later.
        assertThat(redacted.metadata().annotations().get(PlanAnnotations.BUNDLE_DIGEST))
                .isEqualTo(plan.metadata().annotations().get(PlanAnnotations.BUNDLE_DIGEST));
    }

    @Test
    void aRealBundlesPlanRoundTrips() throws Exception {
        Bundle bundle = TestBundles.corpusBundle("_certified/axera-operator/0.7.6", "axera-operator", List.of());
        InstallPlan plan = new InstallPlanner().plan(bundle, PlanRequest.of("axera", ApiSurfaces.builtIn(), "x"))
                .plan();

        assertThat(InstallPlanCodec.parse(InstallPlanCodec.toYaml(plan), "plan.yaml")).isEqualTo(plan);
        assertThat(InstallPlanCodec.parse(InstallPlanCodec.toJson(plan), "plan.json")).isEqualTo(plan);
    }
}
