package dev.bundlectl.bench.install;

import static dev.bundlectl.executor.testing.Manifests.configMap;
import static dev.bundlectl.executor.testing.Manifests.crd;
import static dev.bundlectl.executor.testing.Manifests.csv;
import static dev.bundlectl.executor.testing.Manifests.object;
import static dev.bundlectl.executor.testing.Manifests.plan;
import static dev.bundlectl.executor.testing.Manifests.required;
import static dev.bundlectl.executor.testing.Manifests.serviceAccount;
import static dev.bundlectl.executor.testing.Manifests.step;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.bundlectl.plan.InstallPlan;
import dev.bundlectl.plan.Step;
import dev.bundlectl.plan.StepStatus;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CriticalPathFloorTest {

    private final CriticalPathFloor floor = new CriticalPathFloor();

    @Test
    void theBenchmarkBundleNeedsTenRoundsAtConcurrencyEightAndFiftySixOneByOne(@TempDir Path dir) throws Exception {
        InstallPlan plan = BenchPlan.of(new SyntheticBundle().write(dir, 50), "bench");

        // Foundation: discovery of both groups, the creates, the CRDs' read. Rest: discovery of v1
        // and rbac in the first window, then ceil(47 / 8) = 6 rounds of creates.
        assertThat(floor.rounds(plan, 8)).isEqualTo(new CriticalPathFloor.Rounds(3, 0, 7));
        // One by one: 4 discovery GETs, 50 creates and 2 CRD reads, each alone.
        assertThat(floor.rounds(plan, 1)).isEqualTo(new CriticalPathFloor.Rounds(7, 0, 49));
        assertThat(floor.rounds(plan, 1).total()).isEqualTo(56);
    }

    @Test
    void creatingTheRestTakesOneRoundPerWindowAfterOneDiscoveryRound() {
        List<Step> steps = new ArrayList<>();
        steps.add(required(csv(), true));
        for (int i = 0; i < 17; i++) {
            steps.add(required(configMap("map-" + i, Map.of()), true));
        }

        CriticalPathFloor.Rounds rounds = floor.rounds(plan(steps), 8);

        // No CRD: the foundation is discovery then create.
        assertThat(rounds).isEqualTo(new CriticalPathFloor.Rounds(2, 0, 1 + 3));
        assertThat(floor.rounds(plan(steps), 17).rest()).isEqualTo(2);
    }

    @Test
    void aGroupFirstMetInALaterWindowCostsAnotherDiscoveryRound() {
        List<Step> steps = new ArrayList<>();
        steps.add(required(csv(), true));
        for (int i = 0; i < 8; i++) {
            steps.add(required(configMap("map-" + i, Map.of()), true));
        }
        steps.add(required(object("rbac.authorization.k8s.io/v1", "Role", "late-role"), true));

        // Window 1: discovery of v1, 8 creates; the Role starts after them and must look up rbac.
        assertThat(floor.rounds(plan(steps), 8).rest()).isEqualTo(2 + 2);
    }

    @Test
    void kindsServedByThePlansOwnCrdsWaitForADiscoveryRefresh() {
        InstallPlan plan = plan(required(csv(), true),
                required(crd("demo.bundlectl.dev", "widgets", "Widget", "v1"), false),
                required(object("demo.bundlectl.dev/v1", "Widget", "sample"), true),
                required(serviceAccount("demo"), true));

        CriticalPathFloor.Rounds rounds = floor.rounds(plan, 8);

        // The refresh loads demo.bundlectl.dev/v1, so the Widget finds it cached; v1 is still looked up.
        assertThat(rounds).isEqualTo(new CriticalPathFloor.Rounds(3, 1, 2));
    }

    @Test
    void stepsThatAreNeverSentCostNothing() {
        InstallPlan plan = plan(required(csv(), true),
                step(object("monitoring.coreos.com/v1", "ServiceMonitor", "metrics"), true, true,
                        StepStatus.NOT_CREATED),
                step(object("example.com/v1", "Gizmo", "odd"), true, false, StepStatus.UNSUPPORTED_RESOURCE));

        assertThat(floor.rounds(plan, 8)).isEqualTo(new CriticalPathFloor.Rounds(2, 0, 0));
    }

    @Test
    void rejectsAConcurrencyBelowOne() {
        assertThatThrownBy(() -> floor.rounds(plan(required(csv(), true)), 0))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("concurrency must be at least 1, not 0");
    }
}
