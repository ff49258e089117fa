package dev.bundlectl.executor.adopt;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The refusals OLM's own objects call for (docs/semantics.md §11), each on its own. */
class AdoptionChecksTest {

    private static final String NS = "ops";
    private static final String CSV = "cachebox-operator.v0.3.1";

    @Test
    void anInstallThatRunsAndThatNobodyDependsOnIsAdoptable() {
        assertThat(AdoptionChecks.refusal(install(subscription(null, CSV, "AtLatestKnown", false), "Succeeded",
                List.of(), List.of()))).isEmpty();
    }

    @Test
    void aCsvThatIsNotSucceededIsRefusedWithOlmsPhase() {
        assertThat(AdoptionChecks.refusal(install(subscription(null, CSV, "AtLatestKnown", false), "Failed",
                List.of(), List.of()))).hasValueSatisfying(refusal -> {
                    assertThat(refusal.reason()).isEqualTo(Refusal.Reason.NotSucceeded);
                    assertThat(refusal.message()).contains("is not running: OLM reports Failed InstallCheckFailed");
                });
    }

    @Test
    void aSubscriptionMovingToAnotherCsvIsAnUpgradeUnderWay() {
        assertThat(AdoptionChecks.refusal(install(subscription(null, "cachebox-operator.v0.4.0", "UpgradePending",
                false), "Succeeded", List.of(), List.of()))).hasValueSatisfying(refusal -> {
                    assertThat(refusal.reason()).isEqualTo(Refusal.Reason.Upgrading);
                    assertThat(refusal.message()).contains("moves from " + CSV + " to cachebox-operator.v0.4.0");
                });
    }

    @Test
    void anotherCsvReplacingTheInstalledOneIsAnUpgradeUnderWay() {
        OlmCsv next = new OlmCsv(NS, "cachebox-operator.v0.4.0", "uid-2", "1", "Pending", "RequirementsNotMet", "",
                CSV, List.of(), List.of());
        assertThat(AdoptionChecks.refusal(install(subscription(null, CSV, "AtLatestKnown", false), "Succeeded",
                List.of(next), List.of()))).hasValueSatisfying(refusal ->
                        assertThat(refusal.message()).contains("ClusterServiceVersion cachebox-operator.v0.4.0 replaces it"));
    }

    @Test
    void aDependencyIsRefusedWhileTheSubscriptionThatNeedsItStands() {
        OlmInstallPlan generating = new OlmInstallPlan(NS, "install-abc", "uid-p", "Complete",
                List.of("dashboard.v1", CSV), List.of("dashboard"), List.of(), List.of());
        OlmInstall olm = new OlmInstall(subscription("install-abc", CSV, "AtLatestKnown", false),
                csv("Succeeded"), JsonNodeFactory.instance.objectNode(), List.of(generating),
                List.of(subscription("install-abc", CSV, "AtLatestKnown", false), dependent()), List.of(), List.of());

        assertThat(AdoptionChecks.refusal(olm)).hasValueSatisfying(refusal -> {
            assertThat(refusal.reason()).isEqualTo(Refusal.Reason.Dependency);
            assertThat(refusal.message()).contains("installed as a dependency of Subscription dashboard")
                    .contains("created by InstallPlan install-abc");
        });
        OlmInstall dependentGone = new OlmInstall(olm.subscription(), olm.csv(), olm.csvObject(), olm.plans(),
                List.of(olm.subscription()), List.of(), List.of());
        assertThat(AdoptionChecks.refusal(dependentGone)).as("nobody needs it any more").isEmpty();
    }

    @Test
    void aSubscriptionNamedAsOlmNamesADependencysIsOneWhenItsInstallPlanInstalledItWithAnother() {
        OlmSubscription generated = new OlmSubscription(NS, "cachebox-operator-stable-cat-olm", "uid-s", "7",
                "cachebox-operator", "stable", "cat", "olm", CSV, CSV, CSV, "AtLatestKnown", "install-abc", null, false);
        OlmInstallPlan both = new OlmInstallPlan(NS, "install-abc", "uid-p", "Complete", List.of("dashboard.v1", CSV),
                List.of("dashboard"), List.of(), List.of());
        OlmInstall olm = new OlmInstall(generated, csv("Succeeded"), JsonNodeFactory.instance.objectNode(),
                List.of(both), List.of(generated, dependent()), List.of(), List.of());

        assertThat(AdoptionChecks.refusal(olm)).hasValueSatisfying(refusal ->
                assertThat(refusal.message()).contains("a dependency of Subscription dashboard"));
    }

    @Test
    void aSubscriptionThatConfiguresTheDeploymentsIsRefused() {
        assertThat(AdoptionChecks.refusal(install(subscription(null, CSV, "AtLatestKnown", true), "Succeeded",
                List.of(), List.of()))).hasValueSatisfying(refusal -> {
                    assertThat(refusal.reason()).isEqualTo(Refusal.Reason.SubscriptionConfig);
                    assertThat(refusal.message()).contains("sets spec.config").contains("roll them out again");
                });
    }

    private static OlmInstall install(OlmSubscription subscription, String phase, List<OlmCsv> others,
            List<OlmInstallPlan> plans) {
        return new OlmInstall(subscription, csv(phase), JsonNodeFactory.instance.objectNode(), plans,
                List.of(subscription), others, List.of());
    }

    private static OlmCsv csv(String phase) {
        return new OlmCsv(NS, CSV, "uid-1", "1", phase, phase.equals("Failed") ? "InstallCheckFailed" : "", "", null,
                List.of("caches.cache.bundlectl.dev"), List.of());
    }

    private static OlmSubscription subscription(String generatedBy, String current, String state, boolean configured) {
        return new OlmSubscription(NS, generatedBy == null ? "cachebox-operator" : "cachebox-operator-stable-cat-olm",
                "uid-s", "7", "cachebox-operator", "stable", "cat", "olm", null, CSV, current, state, "install-abc",
                generatedBy, configured);
    }

    private static OlmSubscription dependent() {
        return new OlmSubscription(NS, "dashboard", "uid-d", "3", "dashboard", "stable", "cat", "olm", null,
                "dashboard.v1", "dashboard.v1", "AtLatestKnown", "install-abc", null, false);
    }
}
