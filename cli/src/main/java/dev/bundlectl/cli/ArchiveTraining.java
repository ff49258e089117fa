package dev.bundlectl.cli;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The training run behind bundlectl's class-data archive (an AppCDS dynamic archive, or a JDK 25+
 * AOT cache): it runs the commands users run, in one JVM, so that one archive holds every class
 * they load. The build starts it with {@code -XX:ArchiveClassesAtExit} or {@code -XX:AOTCacheOutput}
 * and the same class path as {@code bin/bundlectl}; see {@code bench/README.md}.
 *
 * <p>Arguments: the sample bundle directory, then optionally a kubeconfig of a disposable cluster
 * (the build's own test API server): with it, install, status, plan and uninstall are trained too.
 * Commands' output is discarded; only the exit codes are reported, and an offline plan that does not
 * succeed fails the run, as the archive would then miss the classes of the command that matters most.
 * With {@code -Dbundlectl.training.strict=true} (the release build, where this run is also the first
 * run of the trimmed runtime against a real cluster) any command that does not succeed fails it.
 */
public final class ArchiveTraining {

    private static final String NAMESPACE = "bundlectl-training";

    private ArchiveTraining() {
    }

    public static void main(String[] args) {
        if (args.length < 1 || args.length > 2) {
            System.err.println("usage: ArchiveTraining SAMPLE_BUNDLE_DIR [KUBECONFIG]");
            System.exit(ExitCode.INVALID_INPUT);
        }
        String bundle = Path.of(args[0]).toString();
        List<String> failures = new ArrayList<>();
        for (List<String> command : offline(bundle)) {
            run(command, failures);
        }
        configured(bundle, failures);
        boolean offlineOk = failures.isEmpty();
        if (args.length == 2) {
            for (List<String> command : online(bundle, args[1])) {
                run(command, failures);
            }
        }
        failures.forEach(failure -> System.err.println("training: " + failure));
        boolean ok = Boolean.getBoolean("bundlectl.training.strict") ? failures.isEmpty() : offlineOk;
        System.exit(ok ? ExitCode.OK : ExitCode.ERROR);
    }

    private static List<List<String>> offline(String bundle) {
        return List.of(
                List.of("version"),
                List.of("version", "-o", "json"),
                List.of("--help"),
                List.of("plan", "--help"),
                List.of("completion", "bash"),
                List.of("plan", bundle),
                List.of("plan", bundle, "-n", "cachebox", "-o", "yaml"),
                List.of("plan", bundle, "-o", "json", "--disable-capability", "Console"),
                List.of("plan", bundle, "--api-surface", ApiSurfaceOptions.KUBERNETES_WITHOUT_OLM),
                List.of("template", bundle),
                List.of("template", bundle, "-n", "cachebox", "--csv-mode", "render", "--argocd"));
    }

    /**
     * Plans with an operator configuration (docs/operator-config.md), so that the archive holds the
     * classes that read, check and merge one; the file is the training's own, written and removed here.
     */
    private static void configured(String bundle, List<String> failures) {
        try {
            Path config = Files.createTempFile("bundlectl-training", ".yaml");
            try {
                Files.writeString(config, """
                        nodeSelector: {node-role.kubernetes.io/infra: ""}
                        tolerations: [{key: node-role.kubernetes.io/infra, operator: Exists, effect: NoSchedule}]
                        resources: {requests: {cpu: 20m, memory: 128Mi}, limits: {memory: 512Mi}}
                        env: [{name: LOG_LEVEL, value: debug}]
                        volumes: [{name: ca, configMap: {name: ca}}]
                        volumeMounts: [{name: ca, mountPath: /ca}]
                        affinity: {podAntiAffinity: {preferredDuringSchedulingIgnoredDuringExecution: [{weight: 1, \
                        podAffinityTerm: {topologyKey: kubernetes.io/hostname}}]}}
                        annotations: {example.com/owner: training}
                        """);
                run(List.of("plan", bundle, "--config", config.toString()), failures);
                run(List.of("template", bundle, "--csv-mode", "render", "--config", config.toString(), "--env",
                        "A=b"), failures);
            } finally {
                Files.deleteIfExists(config);
            }
        } catch (IOException e) {
            failures.add("cannot write the training's configuration: " + e.getMessage());
        }
    }

    private static List<List<String>> online(String bundle, String kubeconfig) {
        return List.of(
                List.of("plan", bundle, "-n", NAMESPACE, "--kubeconfig", kubeconfig),
                List.of("install", bundle, "-n", NAMESPACE, "--create-namespace", "--kubeconfig", kubeconfig),
                List.of("install", bundle, "-n", NAMESPACE, "--kubeconfig", kubeconfig, "-o", "jsonl"),
                List.of("status", "-n", NAMESPACE, "--kubeconfig", kubeconfig),
                List.of("status", "-A", "--kubeconfig", kubeconfig, "-o", "yaml"),
                List.of(CompletionScript.INSTALL_NAMES_COMMAND, "-n", NAMESPACE, "--kubeconfig", kubeconfig),
                List.of("uninstall", "--package", "cachebox-operator", "-n", NAMESPACE, "--kubeconfig", kubeconfig));
    }

    private static void run(List<String> command, List<String> failures) {
        PrintWriter discard = new PrintWriter(OutputStream.nullOutputStream(), true, StandardCharsets.UTF_8);
        int code = Main.run(command.toArray(String[]::new), discard, discard);
        if (code != ExitCode.OK) {
            failures.add(String.join(" ", command) + " exited " + code);
        }
    }
}
