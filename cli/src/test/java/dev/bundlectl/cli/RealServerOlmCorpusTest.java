package dev.bundlectl.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.bundlectl.bundle.testing.SharedCorpus;
import dev.bundlectl.executor.testing.KubeletStandIn;
import dev.bundlectl.executor.testing.RealOlm;
import dev.bundlectl.executor.testing.RealOlmExtension;
import io.fabric8.kubernetes.api.model.NamespaceBuilder;
import io.fabric8.kubernetes.client.dsl.base.ResourceDefinitionContext;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Dev-corpus bundles that plan installable, installed in OLM mode with the real olm-operator
 * judging it: {@code install --wait} must end with OLM reporting the CSV {@code Succeeded}, or be
 * refused before anything is written, with OLM's reason. Nothing is made by hand; the one
 * simulated part is {@link KubeletStandIn}, which marks the Deployments OLM creates as rolled
 * out (no Pods run here). Each outcome is pinned per bundle in {@code pinned/real-olm-corpus.k8s-<release>.tsv},
 * and every install is uninstalled again, so that no AllNamespaces operator's CSV is copied into
 * the next bundle's namespace.
 */
@ExtendWith(RealOlmExtension.class)
class RealServerOlmCorpusTest {

    private static final ResourceDefinitionContext CSVS = OlmInstallOutcomes.CSVS;
    private static final int MESSAGE_LIMIT = 200;

    /**
     * Every STRIDE-th bundle in corpus order is tried; the default, 1, tries all 150 (six minutes
     * here). A larger stride (-Dbundlectl.olmCorpus.stride=N) is for quick runs by hand; every
     * bundle's outcome stays pinned either way.
     */
    private static final int STRIDE = Integer.getInteger("bundlectl.olmCorpus.stride", 1);

    /** -Dbundlectl.olmCorpus.only=TEXT tries only the bundles whose corpus name contains TEXT (by hand). */
    private static final String ONLY = System.getProperty("bundlectl.olmCorpus.only", "");

    @Test
    void everyInstallableDevBundleRunsUnderRealOlmOrIsRefusedFirst(RealOlm olm) {
        PinnedOutcomes pinned = PinnedOutcomes.onThisServer("real-olm-corpus");
        Map<String, Integer> counts = new TreeMap<>();
        List<String> crashes = new ArrayList<>();
        int index = 0;
        for (Path bundle : SharedCorpus.devBundleDirs()) {
            index++;
            if ((index - 1) % STRIDE != 0 || !SharedCorpus.devName(bundle).contains(ONLY)) {
                continue;
            }
            String name = SharedCorpus.devName(bundle);
            String outcome = installOnce(olm, bundle, "olmc-" + index, name, crashes);
            pinned.record(name, outcome);
            counts.merge(outcome.replaceAll("[:(].*", "").strip(), 1, Integer::sum);
        }
        System.out.println("real-OLM corpus: every " + STRIDE + " of " + index + " bundles; " + counts);
        assertThat(crashes).as("runs that crashed (exit 1 or a stack trace)").isEmpty();
        pinned.verifyRecorded();
    }

    private static String installOnce(RealOlm olm, Path bundle, String namespace, String name, List<String> crashes) {
        CliResult plan = Cli.run("plan", bundle.toString(), "-o", "json", "-n", namespace);
        if (plan.exitCode() != ExitCode.OK) {
            // Predicted to fail before anything could be sent, or invalid input: pinned.tsv files say why.
            return "not tried: offline plan exit " + plan.exitCode();
        }
        String csv = json(plan.out()).path("spec").path("clusterServiceVersionNames").path(0).asText();
        olm.server().client().namespaces().resource(new NamespaceBuilder().withNewMetadata().withName(namespace)
                .endMetadata().build()).create();
        CliResult install;
        try (KubeletStandIn.Background kubelet = KubeletStandIn.of(olm.server()).start(namespace, csv)) {
            install = Cli.run("install", bundle.toString(), "-n", namespace, "-o", "json", "--timeout", "90s",
                    "--crd-timeout", "30s", "--wait", "--wait-timeout", "60s",
                    "--kubeconfig", olm.server().kubeconfig().toString());
        }
        if (install.exitCode() == ExitCode.ERROR || install.exitCode() == ExitCode.INVALID_INPUT
                || install.showsStackTrace()) {
            crashes.add(name + " install\n" + install.describe());
            return "crash: install exit " + install.exitCode();
        }
        String outcome = outcome(install);
        // Its CRDs go too, so that each bundle meets a cluster as fresh as its own test server: OLM writes
        // a conversion webhook into the CRDs of an operator that has one, which a later version of the
        // same package would otherwise find owned by OLM.
        CliResult uninstall = Cli.run("uninstall", "--package", json(plan.out()).path("metadata").path("annotations")
                .path("bundlectl.dev/package").asText(), "-n", namespace, "--delete-crds", "--kubeconfig",
                olm.server().kubeconfig().toString());
        // Whatever happened, no CSV stays for OLM to copy or loop on.
        olm.server().client().genericKubernetesResources(CSVS).inNamespace(namespace).delete();
        boolean uninstalled = uninstall.exitCode() == ExitCode.OK
                || uninstall.err().contains("no install") || uninstall.out().contains("no install");
        if (!uninstalled) {
            System.out.println(name + " uninstall\n" + uninstall.describe());
        }
        return uninstalled ? outcome : outcome + " | uninstall exit " + uninstall.exitCode();
    }

    /** {@code Succeeded}, {@code refused: reason} (nothing written) or {@code not running: OLM's words}. */
    private static String outcome(CliResult install) {
        if (install.err().contains("nothing was applied")) {
            return "refused: " + shorten(OlmInstallOutcomes.refusalReason(install.err()));
        }
        JsonNode plan = json(install.out());
        Optional<JsonNode> running = OlmInstallOutcomes.operatorRunning(plan);
        if (running.isPresent()) {
            return "True".equals(running.get().path("status").asText()) ? "Succeeded"
                    : "not running: " + running.get().path("reason").asText() + ": "
                            + shorten(running.get().path("message").asText());
        }
        return "phase " + plan.path("status").path("phase").asText() + ": "
                + shorten(plan.path("status").path("message").asText());
    }

    private static String shorten(String text) {
        return OlmInstallOutcomes.shorten(text, MESSAGE_LIMIT);
    }

    private static JsonNode json(String text) {
        return CliCluster.read(text);
    }
}
