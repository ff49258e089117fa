package dev.bundlectl.bench.install;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.bundlectl.plan.model.InstallPlan;
import dev.bundlectl.plan.model.Step;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SyntheticBundleTest {

    @Test
    void fiftyObjectsPlanAsACsvTwoCrdsAndFortySevenCoreObjectsAllSent(@TempDir Path dir) throws Exception {
        InstallPlan plan = BenchPlan.of(new SyntheticBundle().write(dir, 50), "bench");

        List<Step> steps = plan.steps();
        assertThat(steps).hasSize(50);
        assertThat(SentSteps.of(plan)).hasSize(50);
        assertThat(steps.get(0).resource().kind()).isEqualTo("ClusterServiceVersion");
        assertThat(steps.get(0).resource().name()).isEqualTo(SyntheticBundle.CSV_NAME);
        assertThat(steps.subList(1, 3)).extracting(step -> step.resource().name())
                .containsExactlyInAnyOrder("widgets.bench.bundlectl.dev", "gadgets.bench.bundlectl.dev");
        Map<String, Long> kinds = steps.subList(3, 50).stream()
                .collect(Collectors.groupingBy(step -> step.resource().kind(), Collectors.counting()));
        assertThat(kinds).containsOnly(Map.entry("ConfigMap", 8L), Map.entry("Secret", 8L),
                Map.entry("Service", 8L), Map.entry("ServiceAccount", 8L), Map.entry("Role", 8L),
                Map.entry("RoleBinding", 7L));
        assertThat(steps.subList(3, 50)).allSatisfy(step -> assertThat(step.resource().namespace()).isEqualTo("bench"));
    }

    @Test
    void kindsAreInterleavedSoTheFirstWindowMeetsBothGroups(@TempDir Path dir) throws Exception {
        InstallPlan plan = BenchPlan.of(new SyntheticBundle().write(dir, 12), "bench");

        assertThat(plan.steps().subList(3, 12)).extracting(step -> step.resource().kind()).containsExactly(
                "ConfigMap", "Secret", "Service", "ServiceAccount", "Role", "RoleBinding", "ConfigMap", "Secret",
                "Service");
        Function<Step, String> roleRef = step -> step.resource().manifest();
        assertThat(roleRef.apply(plan.steps().get(8))).contains("\"roleRef\"").contains("bench-role-004");
    }

    @Test
    void theSmallestBundleIsTheCsvAndTwoCrds(@TempDir Path dir) throws Exception {
        assertThat(BenchPlan.of(new SyntheticBundle().write(dir, 3), "bench").steps()).hasSize(3);
    }

    @Test
    void rejectsFewerObjectsThanTheFoundation(@TempDir Path dir) {
        assertThatThrownBy(() -> new SyntheticBundle().write(dir, 2))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("a benchmark bundle needs at least 3 objects (a CSV and two CRDs), not 2");
    }
}
