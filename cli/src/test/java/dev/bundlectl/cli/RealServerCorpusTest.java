package dev.bundlectl.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.bundlectl.bundle.testing.SharedCorpus;
import dev.bundlectl.executor.testing.RealApiServer;
import dev.bundlectl.executor.testing.RealApiServerExtension;
import dev.bundlectl.executor.testing.RealApiServerExtension.Served;
import dev.bundlectl.plan.PlanAnnotations;
import dev.bundlectl.plan.model.InstallPlan;
import dev.bundlectl.plan.model.Step;
import dev.bundlectl.plan.model.StepStatus;
import io.fabric8.kubernetes.api.model.NamespaceBuilder;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.concurrent.CompletableFuture;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Every dev-corpus bundle on a real kube-apiserver 1.26.4 (no controllers): the bundles that
 * {@code plan} calls installable are installed through the CLI, in OLM mode on a server with OLM's
 * CRDs and in render mode on a server without them. The outcome of each bundle in each mode is
 * pinned in {@code pinned/real-server-corpus.k8s-<release>.tsv}: {@code Complete}, the first failing step with the
 * server's answer, or {@code refused} with the plan's exit code. No run may crash (exit 1 or a stack
 * trace). Bundles are installed in sorted order into namespaces named after their position, so
 * messages that name a namespace are stable. Each install is uninstalled again, CRDs included, and
 * an uninstall that fails is pinned with the outcome: the corpus holds several versions of some
 * packages, and another version's cluster-scoped objects left in place would refuse the next one
 * (docs/semantics.md §8), which is not what a bundle meets on its own cluster.
 */
@ExtendWith(RealApiServerExtension.class)
class RealServerCorpusTest {

    private static final int MESSAGE_LIMIT = 220;

    @Test
    void everyInstallableDevBundleOnARealServer(@Served(RealApiServer.Flavour.OLM) RealApiServer olm,
            RealApiServer plain) {
        List<Path> bundles = SharedCorpus.devBundleDirs();
        PinnedOutcomes pinned = PinnedOutcomes.onThisServer("real-server-corpus");
        Map<String, Integer> counts = new TreeMap<>();
        List<String> crashes = Collections.synchronizedList(new ArrayList<>());
        // The two modes run on servers of their own, each in the same order as ever, so they run at
        // once: each bundle meets exactly the cluster it met when they ran one after the other.
        CompletableFuture<List<String>> rendered = CompletableFuture.supplyAsync(
                () -> everyBundle(plain, bundles, "render", crashes), runnable -> new Thread(runnable, "render-corpus").start());
        List<String> olmOutcomes = everyBundle(olm, bundles, "olm", crashes);
        List<String> renderOutcomes = rendered.join();
        for (int index = 0; index < bundles.size(); index++) {
            String name = SharedCorpus.devName(bundles.get(index));
            String olmOutcome = olmOutcomes.get(index);
            String renderOutcome = renderOutcomes.get(index);
            pinned.record(name, "olm: " + olmOutcome + " | render: " + renderOutcome);
            counts.merge("olm " + category(olmOutcome), 1, Integer::sum);
            counts.merge("render " + category(renderOutcome), 1, Integer::sum);
        }
        System.out.println("real-server corpus: " + bundles.size() + " bundles; " + counts);
        assertThat(crashes).as("runs that crashed (exit 1 or a stack trace)").isEmpty();
        pinned.verify();
    }

    /** Each bundle installed and uninstalled in {@code mode} on {@code server}, in order; their outcomes. */
    private static List<String> everyBundle(RealApiServer server, List<Path> bundles, String mode,
            List<String> crashes) {
        List<String> outcomes = new ArrayList<>();
        for (int index = 1; index <= bundles.size(); index++) {
            Path bundle = bundles.get(index - 1);
            outcomes.add(installOnce(server, bundle, mode + "-" + index, mode, crashes, SharedCorpus.devName(bundle)));
        }
        return outcomes;
    }

    private static String installOnce(RealApiServer server, Path bundle, String namespace, String mode,
            List<String> crashes, String name) {
        List<String> planArgs = new ArrayList<>(List.of("plan", bundle.toString(), "-o", "json", "-n", namespace));
        if (mode.equals("render")) {
            planArgs.addAll(List.of("--csv-mode", "render"));
        }
        CliResult plan = Cli.run(planArgs.toArray(String[]::new));
        if (plan.exitCode() == ExitCode.ERROR || plan.showsStackTrace()) {
            crashes.add(name + " " + mode + " plan\n" + plan.describe());
            return "crash: plan exit " + plan.exitCode();
        }
        if (plan.exitCode() != ExitCode.OK) {
            return "refused: plan exit " + plan.exitCode();
        }
        server.client().namespaces().resource(new NamespaceBuilder().withNewMetadata().withName(namespace)
                .endMetadata().build()).create();
        List<String> installArgs = new ArrayList<>(List.of("install", bundle.toString(), "-n", namespace,
                "-o", "json", "--timeout", "60s", "--crd-timeout", "30s",
                "--kubeconfig", server.kubeconfig().toString()));
        if (mode.equals("render")) {
            installArgs.addAll(List.of("--csv-mode", "render"));
        }
        CliResult install = Cli.run(installArgs.toArray(String[]::new));
        if (install.exitCode() == ExitCode.ERROR || install.exitCode() == ExitCode.INVALID_INPUT
                || install.showsStackTrace()) {
            crashes.add(name + " " + mode + " install\n" + install.describe());
            return "crash: install exit " + install.exitCode();
        }
        InstallPlan result = PlanOutput.parse(install);
        String outcome = switch (result.status().phase()) {
            case COMPLETE -> "Complete" + notCreated(result);
            case FAILED -> "Failed: " + failures(result);
            default -> "phase " + result.status().phase();
        };
        String pkg = result.metadata().annotations().get(PlanAnnotations.PACKAGE);
        CliResult uninstall = Cli.run("uninstall", "--package", pkg, "-n", namespace, "--delete-crds", "--kubeconfig",
                server.kubeconfig().toString());
        if (uninstall.exitCode() == ExitCode.ERROR || uninstall.showsStackTrace()) {
            crashes.add(name + " " + mode + " uninstall\n" + uninstall.describe());
        }
        boolean uninstalled = uninstall.exitCode() == ExitCode.OK || uninstall.err().contains("no install");
        return uninstalled ? outcome : outcome + " | uninstall exit " + uninstall.exitCode() + ": "
                + firstLine(uninstall.err().isBlank() ? uninstall.out() : uninstall.err());
    }

    private static String firstLine(String text) {
        return text.lines().filter(line -> line.startsWith("error") || line.startsWith("Failed")).findFirst()
                .orElse(text.lines().findFirst().orElse(""));
    }

    private static String notCreated(InstallPlan plan) {
        long count = plan.steps().stream().filter(step -> step.status() == StepStatus.NOT_CREATED).count();
        return count == 0 ? "" : " (" + count + " NotCreated)";
    }

    private static String failures(InstallPlan plan) {
        return plan.steps().stream()
                .filter(step -> step.status() == StepStatus.FAILED)
                .map(RealServerCorpusTest::describe)
                .collect(Collectors.joining("; "));
    }

    private static String describe(Step step) {
        String message = step.message() == null ? "" : step.message();
        if (message.length() > MESSAGE_LIMIT) {
            message = message.substring(0, MESSAGE_LIMIT) + "…";
        }
        return step.resource().kind() + "/" + step.resource().name() + ": " + message;
    }

    private static String category(String outcome) {
        int colon = outcome.indexOf(':');
        String head = colon < 0 ? outcome : outcome.substring(0, colon);
        return head.startsWith("Complete") ? "Complete" : head;
    }
}
