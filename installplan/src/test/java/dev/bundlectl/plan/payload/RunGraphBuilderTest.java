package dev.bundlectl.plan.payload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.bundlectl.bundle.Manifest;
import dev.bundlectl.plan.capability.ManifestFixtures;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

class RunGraphBuilderTest {

    private static final List<Manifest> FIXTURE =
            ManifestFixtures.payload(ManifestFixtures.resource("/payload/runlevels"));

    private final RunGraph graph = RunGraphBuilder.build(FIXTURE, InstallHistory.FIRST_INSTALL);

    private static List<String> names(List<RunNode> nodes) {
        return nodes.stream().map(n -> n.manifest().name()).toList();
    }

    @Test
    void levelsAreOrderedAsStrings() {
        assertThat(graph.levels()).extracting(RunLevel::level).containsExactly("05", "10", "5", "50", "9");
    }

    @Test
    void oneChainPerComponentWithinALevel() {
        RunLevel first = graph.levels().get(0);
        assertThat(first.chains()).extracting(ComponentChain::component).containsExactly("alpha", "beta");
        assertThat(names(first.chains().get(0).nodes())).containsExactly("fixture", "alpha", "alpha");
        assertThat(first.chains().get(0).nodes()).extracting(n -> n.manifest().kind())
                .containsExactly("Namespace", "Role", "RoleBinding");
        assertThat(graph.levels().get(1).chains()).extracting(ComponentChain::component)
                .containsExactly("alpha", "gamma-operator");
        assertThat(names(graph.levels().get(1).chains().get(1).nodes())).containsExactly("gamma-crd", "gamma-cr");
    }

    @Test
    void unprefixedFilesGoToLevelFiftyInTheirDirectorysChain() {
        RunLevel fifty = graph.levels().get(3);
        assertThat(fifty.chains()).extracting(ComponentChain::component).containsExactly(".", "epsilon", "sub");
        assertThat(names(fifty.chains().get(0).nodes())).containsExactly("loose");
        // sub/extra-config.yaml sorts as 0000_50_sub_extra-config.yaml, after 0000_50_sub_00_first.yaml.
        assertThat(names(fifty.chains().get(2).nodes())).containsExactly("sub-first", "sub-extra");
        assertThat(PayloadFileName.of("sub/extra-config.yaml"))
                .isEqualTo(new PayloadFileName("50", "sub", "0000_50_sub_extra-config.yaml", false));
    }

    @Test
    void fileNamePatternIsTheCvos() {
        assertThat(PayloadFileName.parse("0000_50_cluster-monitoring-operator_02-role.yaml")).contains(
                new PayloadFileName("50", "cluster-monitoring-operator", "0000_50_cluster-monitoring-operator_02-role.yaml",
                        true));
        assertThat(PayloadFileName.parse("0000_26_cloud-controller-manager-operator_13_cr.yaml").orElseThrow()
                .component()).isEqualTo("cloud-controller-manager-operator");
        assertThat(PayloadFileName.parse("0000_50_olm_00-namespace.yaml").orElseThrow().component()).isEqualTo("olm");
        assertThat(PayloadFileName.parse("0000_50_.yaml")).isEmpty();
        assertThat(PayloadFileName.parse("0001_50_x_y.yaml")).isEmpty();
        assertThat(PayloadFileName.of("loose.yaml").component()).isEqualTo(".");
    }

    @Test
    void flattenedOrderIsDeterministicAndIdsFollowIt() {
        assertThat(names(graph.nodes())).containsExactly("fixture", "alpha", "alpha", "beta-config",
                "alpha-deployment", "gamma-crd", "gamma-cr", "zeta", "loose", "epsilon", "sub-first", "sub-extra",
                "delta");
        for (int i = 0; i < graph.nodes().size(); i++) {
            assertThat(graph.node(i).id()).isEqualTo(i);
        }
        assertThat(names(RunGraphBuilder.build(reversed(FIXTURE), InstallHistory.FIRST_INSTALL).nodes()))
                .as("input order does not matter").isEqualTo(names(graph.nodes()));
    }

    @Test
    void eachNodeKnowsWhatItWaitsFor() {
        Map<Integer, List<Integer>> expected = Map.ofEntries(
                Map.entry(0, List.of()), Map.entry(1, List.of(0)), Map.entry(2, List.of(1)), Map.entry(3, List.of()),
                Map.entry(4, List.of(2, 3)), Map.entry(5, List.of(2, 3)), Map.entry(6, List.of(5)),
                Map.entry(7, List.of(4, 6)), Map.entry(8, List.of(7)), Map.entry(9, List.of(7)),
                Map.entry(10, List.of(7)), Map.entry(11, List.of(10)), Map.entry(12, List.of(8, 9, 11)));
        for (RunNode node : graph.nodes()) {
            assertThat(node.dependsOn()).as("node %d", node.id()).isEqualTo(expected.get(node.id()));
        }
    }

    @Test
    void aFailureSkipsTheRestOfItsChainAndLaterLevelsButNotSiblingChains() {
        // gamma-crd (5) fails: gamma-cr (6) and everything after level 10 is skipped; alpha-deployment (4) is not.
        assertThat(graph.skippedBy(List.of(5))).containsExactly(6, 7, 8, 9, 10, 11, 12);
        assertThat(graph.dependentsOf(1)).containsExactly(2, 4, 5, 6, 7, 8, 9, 10, 11, 12);
        assertThat(graph.dependentsOf(12)).isEmpty();
        assertThat(graph.directDependents(7)).containsExactly(8, 9, 10);
    }

    @Test
    void anExecutorWalkingTheGraphRunsIndependentBranchesAfterAFailure() {
        Set<Integer> failing = Set.of(1);
        Set<Integer> succeeded = new HashSet<>();
        Set<Integer> started = new HashSet<>();
        List<Integer> order = new ArrayList<>();
        List<RunNode> ready = graph.ready(succeeded, started);
        while (!ready.isEmpty()) {
            // Run one wave: every ready node "in parallel".
            for (RunNode node : ready) {
                started.add(node.id());
                order.add(node.id());
                if (!failing.contains(node.id())) {
                    succeeded.add(node.id());
                }
            }
            ready = graph.ready(succeeded, started);
        }
        assertThat(order).containsExactly(0, 3, 1);
        TreeSet<Integer> neverStarted = new TreeSet<>();
        graph.nodes().forEach(n -> {
            if (!started.contains(n.id())) {
                neverStarted.add(n.id());
            }
        });
        assertThat(neverStarted).isEqualTo(graph.skippedBy(failing));
    }

    @Test
    void installLevelOneRunsAfterEveryInstallLevelZeroManifestDuringAFirstInstall() {
        Manifest late = ManifestFixtures.configMap("0000_05_alpha_02_defaults.yaml", "late-default",
                Map.of(ReleaseAnnotations.INSTALL_LEVEL, "1", ReleaseAnnotations.CREATE_ONLY, "true"));
        Manifest explicitZero = ManifestFixtures.configMap("0000_90_omega_00.yaml", "omega",
                Map.of(ReleaseAnnotations.INSTALL_LEVEL, "0", ReleaseAnnotations.CREATE_ONLY, "True"));
        List<Manifest> all = new ArrayList<>(FIXTURE);
        all.add(late);
        all.add(explicitZero);

        RunGraph first = RunGraphBuilder.build(all, InstallHistory.FIRST_INSTALL);
        assertThat(first.levels()).extracting(RunLevel::label).containsExactly("run level 05", "run level 10",
                "run level 5", "run level 50", "run level 9", "run level 90", "install level 1, run level 05");
        RunNode lateNode = first.nodes().get(first.nodes().size() - 1);
        assertThat(lateNode.manifest()).isEqualTo(late);
        assertThat(lateNode.installLevel()).isEqualTo(1);
        assertThat(lateNode.dependsOn()).as("waits for the last level-0 level").containsExactly(
                first.levels().get(5).chains().get(0).last().id());

        RunGraph update = RunGraphBuilder.build(all, InstallHistory.UPDATE);
        assertThat(update.levels()).extracting(RunLevel::label).containsExactly("run level 05", "run level 10",
                "run level 5", "run level 50", "run level 9", "run level 90");
        assertThat(names(update.levels().get(0).chains().get(0).nodes())).endsWith("late-default");
    }

    @Test
    void invalidAnnotationsMustBeValidatedFirst() {
        Manifest bad = ManifestFixtures.configMap("0000_05_alpha_02.yaml", "bad",
                Map.of(ReleaseAnnotations.INSTALL_LEVEL, "2", ReleaseAnnotations.CREATE_ONLY, "true"));
        assertThatThrownBy(() -> RunGraphBuilder.build(List.of(bad), InstallHistory.FIRST_INSTALL))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("invalid install level \"2\"");
    }

    @Test
    void theWholeCorpusPayloadBuilds() {
        List<Manifest> payload = ManifestFixtures.corpusPayload();
        RunGraph corpus = RunGraphBuilder.build(payload, InstallHistory.FIRST_INSTALL);
        assertThat(corpus.nodes()).hasSize(payload.size());
        List<String> levels = corpus.levels().stream().map(RunLevel::level).toList();
        assertThat(levels).isSorted().doesNotHaveDuplicates().startsWith("00").contains("50").endsWith("90");
        RunLevel fifty = corpus.levels().stream().filter(l -> l.level().equals("50")).findFirst().orElseThrow();
        assertThat(fifty.chains()).extracting(ComponentChain::component)
                .contains("console-operator", "cluster-monitoring-operator", "olm");
    }

    private static List<Manifest> reversed(List<Manifest> manifests) {
        List<Manifest> copy = new ArrayList<>(manifests);
        java.util.Collections.reverse(copy);
        return copy;
    }
}
