package dev.bundlectl.plan.output;

import static org.assertj.core.api.Assertions.assertThat;

import dev.bundlectl.bundle.Bundle;
import dev.bundlectl.bundle.BundleReadResult;
import dev.bundlectl.bundle.read.BundleReader;
import dev.bundlectl.bundle.testing.SharedCorpus;
import dev.bundlectl.bundle.testing.RepositoryBundles;
import dev.bundlectl.bundle.testing.TestBundles;
import dev.bundlectl.plan.InstallPlanner;
import dev.bundlectl.plan.PlanRequest;
import dev.bundlectl.plan.api.ApiSurfaces;
import dev.bundlectl.plan.model.InstallPlan;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@link InstallPlanCodec#toYaml} escapes manifests itself for speed; its output must be byte for
 * byte what the YAML emitter alone writes ({@link InstallPlanCodec#emitYaml}), on awkward text and
 * on real bundles.
 */
class ManifestScalarsTest {

    @Test
    void awkwardManifestTextIsWrittenExactlyAsTheEmitterWritesIt() {
        Bundle bundle = TestBundles.bundle("demo", TestBundles.csv("demo.v1"),
                TestBundles.manifest("manifests/cm.yaml", """
                        apiVersion: v1
                        kind: ConfigMap
                        metadata: {name: quotes}
                        data:
                          quotes: 'she said "hi" \\\\ back\\\\slash'
                          json: '{"a": [1, "b\\\\"c"]}'
                          spaces: "  leading and trailing  "
                          lines: "one\\ntwo\\tthree"
                          hash: "# not a comment: {x} [y] & *z !tag |pipe >fold %pct @at `tick"
                        """),
                TestBundles.manifest("manifests/unicode.yaml", """
                        apiVersion: v1
                        kind: ConfigMap
                        metadata: {name: unicode}
                        data:
                          text: "caf\\u00e9 \\u202e gnp.exe \\u2028 \\u0085 \\ufeff \\U0001F600"
                        """),
                TestBundles.manifest("manifests/token.yaml", """
                        apiVersion: v1
                        kind: ConfigMap
                        metadata: {name: plain}
                        data: {a: b}
                        """));
        assertSameBytesEscapedHere(plan(bundle));
    }

    @Test
    void aManifestCarryingTheTokenTextIsStillWrittenExactly() {
        Bundle bundle = TestBundles.bundle("demo", TestBundles.csv("demo.v1"),
                TestBundles.manifest("manifests/cm.yaml", """
                        apiVersion: v1
                        kind: ConfigMap
                        metadata: {name: sly}
                        data: {a: "{bundlectl-manifest-token-0}", b: "{bundlectl-manifest-token-1}"}
                        """));
        assertSameBytesEscapedHere(plan(bundle));
    }

    @Test
    void tokenTextOutsideTheEscapedManifestsLeavesTheWholePlanToTheEmitter() {
        Bundle bundle = TestBundles.bundle("demo", TestBundles.csv("demo.v1"),
                TestBundles.manifest("manifests/cm.yaml", """
                        apiVersion: v1
                        kind: ConfigMap
                        metadata: {name: sly}
                        data: {a: "{bundlectl-manifest-token-0}", b: "caf\u00e9"}
                        """));
        InstallPlan plan = plan(bundle);
        assertSameBytes(plan);
        assertThat(InstallPlanCodec.toYaml(plan)).contains("bundlectl-manifest-token-0");
        assertThat(ManifestScalars.withManifestsEscapedHere(plan, InstallPlanCodec::emitYaml))
                .as("left to the emitter").isEmpty();
    }

    @Test
    void everyRealBundleInTheRepositoryIsWrittenExactly() {
        List<Path> bundles = RepositoryBundles.all();
        assertThat(bundles).hasSizeGreaterThan(10);
        bundles.forEach(ManifestScalarsTest::assertSameBytesFor);
    }

    @Test
    void everyDevCorpusBundleIsWrittenExactly() {
        int escapedHere = 0;
        int planned = 0;
        for (Path dir : SharedCorpus.devBundleDirs()) {
            BundleReadResult read = new BundleReader().read(dir);
            if (read.bundle().isEmpty()) {
                continue;
            }
            InstallPlan plan = SecretRedaction.redact(new InstallPlanner()
                    .plan(read.bundle().get(), PlanRequest.of("default", ApiSurfaces.builtIn(), dir.toString())).plan());
            planned++;
            assertSameBytes(plan);
            if (ManifestScalars.withManifestsEscapedHere(plan, InstallPlanCodec::emitYaml).isPresent()) {
                escapedHere++;
            }
        }
        // A bundle whose every manifest carries non-ASCII text is left to the emitter; few are.
        assertThat(escapedHere).as("plans whose manifests were escaped here, of " + planned)
                .isGreaterThan(planned * 9 / 10);
    }

    private static void assertSameBytesFor(Path dir) {
        BundleReadResult read = new BundleReader().read(dir);
        read.bundle().ifPresent(bundle -> assertSameBytesEscapedHere(new InstallPlanner()
                .plan(bundle, PlanRequest.of("default", ApiSurfaces.builtIn(), dir.toString())).plan()));
    }

    private static void assertSameBytes(InstallPlan plan) {
        InstallPlan redacted = SecretRedaction.redact(plan);
        assertThat(InstallPlanCodec.toYaml(redacted)).as(plan.metadata().name())
                .isEqualTo(InstallPlanCodec.emitYaml(redacted));
    }

    /** As {@link #assertSameBytes}, and the manifests were really escaped here, not by the emitter. */
    private static void assertSameBytesEscapedHere(InstallPlan plan) {
        InstallPlan redacted = SecretRedaction.redact(plan);
        String expected = InstallPlanCodec.emitYaml(redacted);
        String escapedHere = ManifestScalars.withManifestsEscapedHere(redacted, InstallPlanCodec::emitYaml)
                .orElseThrow(() -> new AssertionError(plan.metadata().name() + ": left to the emitter"));
        assertThat(escapedHere).as(plan.metadata().name() + ": first difference at "
                + firstDifference(escapedHere, expected)).isEqualTo(expected);
    }

    private static String firstDifference(String a, String b) {
        int i = 0;
        while (i < a.length() && i < b.length() && a.charAt(i) == b.charAt(i)) {
            i++;
        }
        return i + ": " + a.substring(i, Math.min(a.length(), i + 80)) + " | " + b.substring(i, Math.min(b.length(), i + 80));
    }

    private static InstallPlan plan(Bundle bundle) {
        return new InstallPlanner().plan(bundle, PlanRequest.of("demo", ApiSurfaces.builtIn(), "b")).plan();
    }
}
