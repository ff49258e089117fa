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

import dev.bundlectl.plan.model.InstallPlan;
import dev.bundlectl.plan.model.Step;
import dev.bundlectl.plan.model.StepStatus;
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

        // Foundation: discovery of both groups, each CRD's read before its write, the writes, the
        // CRDs' Established read. Discovery of v1 and rbac was prefetched alongside it, so the rest
        // is ceil(47 / 8) = 6 rounds of writes.
        assertThat(floor.rounds(plan, 8)).isEqualTo(new CriticalPathFloor.Rounds(4, 0, 6));
        // One by one: 2 foundation discovery GETs, 50 writes and 2 reads per CRD, each alone; the
        // rest's 2 lookups overlap the foundation.
        assertThat(floor.rounds(plan, 1)).isEqualTo(new CriticalPathFloor.Rounds(9, 0, 47));
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

        // No CRD: the foundation is discovery then create; v1 was prefetched meanwhile, so the rest
        // is only its ceil(17 / 8) = 3 windows of creates.
        assertThat(rounds).isEqualTo(new CriticalPathFloor.Rounds(2, 0, 3));
        assertThat(floor.rounds(plan(steps), 17).rest()).isEqualTo(1);
    }

    @Test
    void aGroupFirstMetInALaterWindowWasPrefetchedAndCostsNoDiscoveryRound() {
        List<Step> steps = new ArrayList<>();
        steps.add(required(csv(), true));
        for (int i = 0; i < 8; i++) {
            steps.add(required(configMap("map-" + i, Map.of()), true));
        }
        steps.add(required(object("rbac.authorization.k8s.io/v1", "Role", "late-role"), true));

        // Window 1: 8 creates; window 2: the Role, whose rbac lookup was prefetched at the start.
        assertThat(floor.rounds(plan(steps), 8).rest()).isEqualTo(2);
    }

    @Test
    void kindsServedByThePlansOwnCrdsWaitForADiscoveryRefresh() {
        InstallPlan plan = plan(required(csv(), true),
                required(crd("demo.bundlectl.dev", "widgets", "Widget", "v1"), false),
                required(object("demo.bundlectl.dev/v1", "Widget", "sample"), true),
                required(serviceAccount("demo"), true));

        CriticalPathFloor.Rounds rounds = floor.rounds(plan, 8);

        // The refresh loads demo.bundlectl.dev/v1, so the Widget finds it cached; v1 was prefetched
        // (a kind no plan CRD defines), so both go in one window.
        // Foundation: discovery, the CRD's read, its write, its Established read.
        assertThat(rounds).isEqualTo(new CriticalPathFloor.Rounds(4, 1, 1));
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
