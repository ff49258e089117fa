package dev.bundlectl.plan;

import static org.assertj.core.api.Assertions.assertThat;

import dev.bundlectl.bundle.BundleReadResult;
import dev.bundlectl.bundle.read.BundleReader;
import dev.bundlectl.bundle.testing.SharedCorpus;
import dev.bundlectl.bundle.testing.RepositoryBundles;
import dev.bundlectl.bundle.testing.SharedDirectory;
import dev.bundlectl.plan.api.ApiSurfaces;
import dev.bundlectl.plan.model.InstallPlan;
import java.nio.file.Path;
import dev.bundlectl.plan.model.Step;
import dev.bundlectl.plan.payload.ReleaseAnnotations;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A plan made only for its verdict ({@link PlanUse#VERDICT}, a batch's summary line) is the whole
 * plan without its bundle digest and without the steps' manifest texts, except those of objects
 * that ask to be deleted: the same steps, statuses, messages, conditions and verdict, on every
 * real bundle in the repository and on the shared dev corpus.
 */
class PlanUseTest {

    @Test
    void theDocumentCarriesTheDigestOfItsStepsAndTheVerdictPlanNothingElseLess() {
        Path cachebox = SharedDirectory.repoRoot().resolve("samples/bundles/cachebox-operator");
        BundleReadResult read = new BundleReader().read(cachebox);
        PlanRequest request = PlanRequest.of("default", ApiSurfaces.builtIn(), cachebox.toString());

        InstallPlan document = new InstallPlanner().plan(read.bundle().orElseThrow(), request).plan();
        InstallPlan verdictOnly = new InstallPlanner().plan(read.bundle().orElseThrow(),
                request.withUse(PlanUse.VERDICT)).plan();

        assertThat(document.metadata().annotations().get(PlanAnnotations.BUNDLE_DIGEST))
                .isEqualTo(BundleDigest.of(document.steps())).startsWith("sha256:");
        assertThat(verdictOnly.metadata().annotations()).doesNotContainKey(PlanAnnotations.BUNDLE_DIGEST);
        assertSameButTheDigest(document, verdictOnly);
    }

    @Test
    void everyRealBundleInTheRepositoryPlansTheSameForItsVerdict() {
        List<Path> bundles = RepositoryBundles.all();
        assertThat(bundles).hasSizeGreaterThan(10);
        bundles.forEach(PlanUseTest::assertSameForBothUses);
    }

    @Test
    void everyDevCorpusBundlePlansTheSameForItsVerdict() {
        int planned = 0;
        for (Path dir : SharedCorpus.devBundleDirs()) {
            planned += assertSameForBothUses(dir) ? 1 : 0;
        }
        assertThat(planned).isGreaterThan(100);
    }

    private static boolean assertSameForBothUses(Path dir) {
        BundleReadResult read = new BundleReader().read(dir);
        if (read.bundle().isEmpty()) {
            return false;
        }
        PlanRequest request = PlanRequest.of("default", ApiSurfaces.builtIn(), dir.toString());
        PlanResult document = new InstallPlanner().plan(read.bundle().get(), request);
        PlanResult verdictOnly = new InstallPlanner().plan(read.bundle().get(), request.withUse(PlanUse.VERDICT));
        assertThat(verdictOnly.verdict()).as(dir.toString()).isEqualTo(document.verdict());
        assertThat(verdictOnly.diagnostics()).as(dir.toString()).isEqualTo(document.diagnostics());
        assertSameButTheDigest(document.plan(), verdictOnly.plan());
        return true;
    }

    private static void assertSameButTheDigest(InstallPlan document, InstallPlan verdictOnly) {
        Map<String, String> annotations = new LinkedHashMap<>(document.metadata().annotations());
        assertThat(annotations.remove(PlanAnnotations.BUNDLE_DIGEST)).isNotNull();
        assertThat(verdictOnly.metadata().annotations()).as(document.metadata().name()).isEqualTo(annotations);
        List<Step> documentSteps = document.steps();
        List<Step> verdictSteps = verdictOnly.steps();
        assertThat(verdictSteps).hasSameSizeAs(documentSteps);
        List<Step> withTexts = new ArrayList<>();
        for (int i = 0; i < verdictSteps.size(); i++) {
            Step step = verdictSteps.get(i);
            String text = documentSteps.get(i).resource().manifest();
            boolean asksForDeletion = text.contains(ReleaseAnnotations.DELETE);
            assertThat(step.resource().manifest()).as(step.resource().displayName()).isEqualTo(asksForDeletion ? text : "");
            withTexts.add(step.withResource(step.resource().withManifest(text)));
        }
        InstallPlan.Status status = verdictOnly.status();
        InstallPlan restored = new InstallPlan(document.metadata(), verdictOnly.spec(), new InstallPlan.Status(
                status.phase(), status.conditions(), withTexts, status.startTime(), status.completionTime(),
                status.message(), status.capabilities(), status.dependencies()));
        assertThat(restored).as(document.metadata().name()).isEqualTo(document);
    }
}
