package dev.bundlectl.cli;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.bundlectl.executor.testing.KubeletStandIn;
import dev.bundlectl.executor.testing.RealOlm;
import dev.bundlectl.executor.testing.RealOlmExtension;
import io.fabric8.kubernetes.api.model.NamespaceBuilder;
import io.fabric8.kubernetes.client.dsl.base.ResourceDefinitionContext;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The verdict judged at scale (issue 37): a random sample of the public catalogs' bundles, each
 * installed with {@code install --wait} on the real kube-apiserver with the real olm-operator
 * judging it, in a namespace of its own, and uninstalled again. It reports how often exit 0 ended
 * with OLM reporting the CSV {@code Succeeded} (it must be always), every exit 2 and 3 with its
 * reason, and whether each refusal came before anything was written. The one simulated part is
 * {@link KubeletStandIn}, which marks the Deployments OLM creates as rolled out (no Pods run here).
 *
 * <p>Not part of {@code verify} (not named {@code *Test}); the catalogs are not in the repository
 * (bench/README.md, "Catalogs (issue 26)"). A new seed each run, printed; repeat one with
 * {@code -Dbundlectl.sample.seed=N}:
 * <pre>
 * flock /tmp/bundlectl-olm.lock ./mvnw -B -pl cli -am test -Dtest=CatalogSampleOlmMeasurement \
 *     -Dsurefire.failIfNoSpecifiedTests=false -Dbundlectl.catalogs=/work/catalogs [-Dbundlectl.sample.size=40]
 * </pre>
 */
@ExtendWith(RealOlmExtension.class)
class CatalogSampleOlmMeasurement {

    private static final ResourceDefinitionContext CSVS = OlmInstallOutcomes.CSVS;
    private static final int REASON_LIMIT = 160;

    /** One bundle's outcome: its exit code, what it came to, and why. */
    private record Outcome(String bundle, int exit, String kind, String reason) {
    }

    @Test
    void aRandomSampleOfCatalogBundlesInstalledUnderRealOlm(RealOlm olm) throws IOException {
        Path catalogs = Path.of(System.getProperty("bundlectl.catalogs", "/work/catalogs"));
        assumeTrue(Files.isDirectory(catalogs.resolve("community")) && Files.isDirectory(catalogs.resolve("certified")),
                "give -Dbundlectl.catalogs=DIR holding community/ and certified/ (bench/README.md)");
        long seed = Long.getLong("bundlectl.sample.seed", System.nanoTime());
        int size = Integer.getInteger("bundlectl.sample.size", 40);
        List<Path> bundles = new ArrayList<>(bundles(catalogs.resolve("community")));
        bundles.addAll(bundles(catalogs.resolve("certified")));
        Collections.shuffle(bundles, new Random(seed));
        List<Path> sample = bundles.subList(0, Math.min(size, bundles.size()));
        System.out.println("catalog sample: seed " + seed + ", " + sample.size() + " of " + bundles.size() + " bundles");

        List<Outcome> outcomes = new ArrayList<>();
        int index = 0;
        for (Path bundle : sample) {
            String name = catalogs.relativize(bundle).toString();
            Outcome outcome = installOnce(olm, bundle, "sample-" + (++index), name);
            outcomes.add(outcome);
            System.out.printf("%3d  %-70s exit %d  %-32s %s%n", index, name, outcome.exit(), outcome.kind(),
                    outcome.reason());
        }
        report(seed, outcomes);
    }

    private static List<Path> bundles(Path catalog) throws IOException {
        try (Stream<Path> packages = Files.list(catalog)) {
            List<Path> found = new ArrayList<>();
            for (Path pkg : packages.sorted().toList()) {
                try (Stream<Path> versions = Files.list(pkg)) {
                    versions.filter(version -> Files.isDirectory(version.resolve("manifests"))).sorted()
                            .forEach(found::add);
                }
            }
            return found;
        }
    }

    private static Outcome installOnce(RealOlm olm, Path bundle, String namespace, String name) {
        CliResult plan = Cli.run("plan", bundle.toString(), "-o", "json", "-n", namespace);
        String csv = plan.out().isBlank() ? "" : CliCluster.read(plan.out()).path("spec")
                .path("clusterServiceVersionNames").path(0).asText("");
        String packageName = plan.out().isBlank() ? "" : CliCluster.read(plan.out()).path("metadata")
                .path("annotations").path("bundlectl.dev/package").asText("");
        olm.server().client().namespaces().resource(new NamespaceBuilder().withNewMetadata().withName(namespace)
                .endMetadata().build()).create();
        CliResult install;
        try (KubeletStandIn.Background kubelet = KubeletStandIn.of(olm.server()).start(namespace, csv)) {
            install = Cli.run("install", bundle.toString(), "-n", namespace, "-o", "json", "--timeout", "120s",
                    "--crd-timeout", "30s", "--wait", "--wait-timeout", "90s",
                    "--kubeconfig", olm.server().kubeconfig().toString());
        }
        Outcome outcome = outcome(name, install);
        if (!packageName.isEmpty()) {
            Cli.run("uninstall", "--package", packageName, "-n", namespace, "--delete-crds", "--kubeconfig",
                    olm.server().kubeconfig().toString());
        }
        // No CSV stays for OLM to copy or loop on, nor its copies elsewhere.
        olm.server().client().genericKubernetesResources(CSVS).inNamespace(namespace).delete();
        olm.server().client().genericKubernetesResources(CSVS).inAnyNamespace().withLabel("olm.copiedFrom", namespace)
                .delete();
        return outcome;
    }

    private static Outcome outcome(String name, CliResult install) {
        if (install.exitCode() == ExitCode.INVALID_INPUT) {
            return new Outcome(name, install.exitCode(), "invalid input", shorten(firstLine(install.err(), "error: ")));
        }
        if (OlmInstallOutcomes.refusedBeforeWriting(install.err())) {
            return new Outcome(name, install.exitCode(), "refused before writing",
                    shorten(OlmInstallOutcomes.refusalReason(install.err())));
        }
        if (install.err().contains("nothing written: ")) {
            return new Outcome(name, install.exitCode(), "served from elsewhere", shorten(firstLine(install.err(),
                    "nothing written: ")));
        }
        if (install.out().isBlank()) {
            return new Outcome(name, install.exitCode(), "error", shorten(install.err()));
        }
        JsonNode plan = CliCluster.read(install.out());
        Optional<JsonNode> running = OlmInstallOutcomes.operatorRunning(plan);
        if (running.isPresent()) {
            boolean succeeded = "True".equals(running.get().path("status").asText());
            return new Outcome(name, install.exitCode(), succeeded ? "Succeeded" : "written, OLM did not run it",
                    succeeded ? "" : shorten(running.get().path("reason").asText() + ": "
                            + running.get().path("message").asText()));
        }
        return new Outcome(name, install.exitCode(), "written, phase " + plan.path("status").path("phase").asText(),
                shorten(plan.path("status").path("message").asText()));
    }

    private static void report(long seed, List<Outcome> outcomes) {
        Map<String, Integer> byKind = new TreeMap<>();
        outcomes.forEach(outcome -> byKind.merge("exit " + outcome.exit() + ", " + outcome.kind(), 1, Integer::sum));
        long exitZero = outcomes.stream().filter(outcome -> outcome.exit() == ExitCode.OK).count();
        long succeeded = outcomes.stream().filter(outcome -> outcome.exit() == ExitCode.OK
                && (outcome.kind().equals("Succeeded") || outcome.kind().equals("served from elsewhere"))).count();
        System.out.println();
        System.out.println("catalog sample, seed " + seed + ": " + outcomes.size() + " bundles; exit 0: " + exitZero
                + ", of which OLM ran (Succeeded): " + succeeded);
        byKind.forEach((kind, count) -> System.out.printf("  %3d  %s%n", count, kind));
        System.out.println("| bundle | exit | outcome | reason |");
        System.out.println("|---|---|---|---|");
        for (Outcome outcome : outcomes) {
            if (outcome.exit() != ExitCode.OK || !outcome.kind().equals("Succeeded")) {
                System.out.println("| " + outcome.bundle() + " | " + outcome.exit() + " | " + outcome.kind() + " | "
                        + outcome.reason().replace("|", "\\|") + " |");
            }
        }
    }

    private static String firstLine(String text, String prefix) {
        return text.lines().filter(line -> line.startsWith(prefix)).findFirst().map(line -> line.substring(prefix.length()))
                .orElse(text.lines().findFirst().orElse(""));
    }

    private static String shorten(String text) {
        return OlmInstallOutcomes.shorten(text, REASON_LIMIT);
    }
}
