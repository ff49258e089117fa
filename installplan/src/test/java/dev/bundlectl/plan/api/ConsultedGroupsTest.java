package dev.bundlectl.plan.api;

import static org.assertj.core.api.Assertions.assertThat;

import dev.bundlectl.bundle.Bundle;
import dev.bundlectl.bundle.BundleReadResult;
import dev.bundlectl.bundle.dependency.Dependency;
import dev.bundlectl.bundle.dependency.RequiredGvk;
import dev.bundlectl.bundle.read.BundleReader;
import dev.bundlectl.bundle.testing.RepositoryBundles;
import dev.bundlectl.bundle.testing.SharedCorpus;
import dev.bundlectl.plan.InstallPlanner;
import dev.bundlectl.plan.PlanRequest;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * {@link ConsultedGroups} names every API group the planner asks its surface about: a live
 * cluster's discovery loads those groups before planning, so a group it left out would cost the
 * plan a request while it runs. Checked by planning every real bundle in the repository and in
 * the dev corpus against surfaces that record each question, one serving OLM's APIs and one not
 * (a plan asks other questions when the CSV's API is missing).
 */
class ConsultedGroupsTest {

    @Test
    void theGroupsOfTheManifestsAndTheirApisAreConsulted() {
        Path cachebox = dev.bundlectl.bundle.testing.SharedDirectory.repoRoot()
                .resolve("samples/bundles/cachebox-operator");
        Bundle bundle = new BundleReader().read(cachebox).bundle().orElseThrow();
        assertThat(ConsultedGroups.of(bundle.manifests()))
                .contains("", "operators.coreos.com", "apiextensions.k8s.io", "rbac.authorization.k8s.io",
                        "cache.bundlectl.dev")
                .doesNotContain("batch", "storage.k8s.io", "flowcontrol.apiserver.k8s.io");
    }

    @Test
    void everyRepositoryBundleAsksOnlyAboutItsConsultedGroups() {
        List<String> misses = new ArrayList<>();
        RepositoryBundles.all().forEach(dir -> misses.addAll(missesOf(dir)));
        assertThat(misses).isEmpty();
    }

    @Test
    void everyDevCorpusBundleAsksOnlyAboutItsConsultedGroups() {
        List<String> misses = new ArrayList<>();
        int planned = 0;
        for (Path dir : SharedCorpus.devBundleDirs()) {
            List<String> missed = missesOf(dir);
            misses.addAll(missed);
            planned++;
        }
        assertThat(planned).isGreaterThan(100);
        assertThat(misses).isEmpty();
    }

    private static List<String> missesOf(Path dir) {
        BundleReadResult read = new BundleReader().read(dir);
        if (read.bundle().isEmpty()) {
            return List.of();
        }
        Bundle bundle = read.bundle().get();
        Set<String> consulted = new TreeSet<>(ConsultedGroups.of(bundle.manifests()));
        // Loaded when asked (ConsultedGroups says why).
        bundle.dependencies().stream().map(ConsultedGroupsTest::gvkGroup).flatMap(Optional::stream)
                .forEach(consulted::add);
        List<String> misses = new ArrayList<>();
        for (ApiSurface served : List.<ApiSurface>of(ApiSurfaces.builtIn(), ApiSurfaces.kubernetes())) {
            RecordingSurface recording = new RecordingSurface(served);
            new InstallPlanner().plan(bundle, PlanRequest.of("default", recording, dir.toString()));
            for (String group : recording.asked) {
                if (!consulted.contains(group)) {
                    misses.add(dir.getFileName() + " asked about group '" + group + "' against " + served.description());
                }
            }
        }
        return misses;
    }

    private static Optional<String> gvkGroup(Dependency dependency) {
        return dependency instanceof RequiredGvk gvk ? Optional.of(gvk.group()) : Optional.empty();
    }

    /** A surface that answers as another does and notes every group it is asked about. */
    private static final class RecordingSurface implements ApiSurface {
        private final ApiSurface answers;
        private final Set<String> asked = new TreeSet<>();

        RecordingSurface(ApiSurface answers) {
            this.answers = answers;
        }

        @Override
        public Optional<ApiResource> find(String group, String version, String kind) {
            asked.add(group);
            return answers.find(group, version, kind);
        }

        @Override
        public boolean servesKind(String group, String kind) {
            asked.add(group);
            return answers.servesKind(group, kind);
        }

        @Override
        public List<String> servedVersions(String group, String kind) {
            asked.add(group);
            return answers.servedVersions(group, kind);
        }

        @Override
        public boolean listsEveryVersion(String group, String kind) {
            asked.add(group);
            return answers.listsEveryVersion(group, kind);
        }

        @Override
        public Optional<String> discoveryFailure(String group, String version) {
            asked.add(group);
            return answers.discoveryFailure(group, version);
        }

        @Override
        public Optional<String> kubernetesVersion() {
            return answers.kubernetesVersion();
        }

        @Override
        public String description() {
            return answers.description();
        }
    }
}
