package dev.bundlectl.executor.adopt;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.bundlectl.executor.diff.DiffSubject;
import dev.bundlectl.executor.diff.PlanDiff;
import dev.bundlectl.executor.diff.StepDiff;
import dev.bundlectl.executor.testing.Manifests;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** What counts as the bundle differing from what runs (docs/semantics.md §11). */
class BundleMatchTest {

    private static final DiffSubject MAP = new DiffSubject("", "v1", "ConfigMap", "ops", "defaults");
    private static final TakeoverScope NOTHING_MISSING = new TakeoverScope(List.of(), Map.of(), List.of());

    @Test
    void labelsAndAnnotationsAloneAreNoDifference() {
        ObjectNode live = Manifests.configMap("defaults", Map.of("level", "high"));
        ObjectNode planned = Manifests.annotate(live.deepCopy(), "ops.owners.bundlectl.dev/cachebox", "sha256:x");

        assertThat(BundleMatch.differences(new PlanDiff(List.of(new StepDiff.Changed(MAP, live, planned))),
                NOTHING_MISSING)).isEmpty();
    }

    @Test
    void aChangedValueIsADifferenceNamingWhereItIs() {
        ObjectNode live = Manifests.configMap("defaults", Map.of("level", "high"));
        ObjectNode planned = Manifests.configMap("defaults", Map.of("level", "low"));

        assertThat(BundleMatch.differences(new PlanDiff(List.of(new StepDiff.Changed(MAP, live, planned))),
                NOTHING_MISSING)).containsExactly("ConfigMap ops/defaults differs from what runs at data.level");
    }

    @Test
    void whatOnlyOneSideHasIsADifferenceAndAStepNeverSentIsNot() {
        PlanDiff diff = new PlanDiff(List.of(new StepDiff.Created(MAP, Manifests.configMap("defaults", Map.of())),
                new StepDiff.NotDiffable(MAP, StepDiff.Cause.NOT_SENT, "not sent: NotCreated"),
                new StepDiff.NotDiffable(MAP, StepDiff.Cause.UNREADABLE, "cannot read the live object: forbidden")));

        assertThat(BundleMatch.differences(diff, new TakeoverScope(List.of(), Map.of(), List.of("ConfigMap extra"))))
                .containsExactly("ConfigMap ops/defaults is in the bundle but not on the cluster",
                        "ConfigMap ops/defaults could not be compared: cannot read the live object: forbidden",
                        "ConfigMap extra was installed by OLM for the CSV, and the bundle does not have it");
    }

    @Test
    void theNamespacesOperatorGroupUsedAsItIsIsNoDifference() {
        DiffSubject group = new DiffSubject("operators.coreos.com", "v1", "OperatorGroup", "ops", "ops");
        PlanDiff diff = new PlanDiff(List.of(new StepDiff.NotDiffable(group, StepDiff.Cause.NOT_JUDGED,
                "not judged by the server's dry run: the namespace's OperatorGroup, used as it is")));

        assertThat(BundleMatch.differences(diff, NOTHING_MISSING)).isEmpty();
    }
}
