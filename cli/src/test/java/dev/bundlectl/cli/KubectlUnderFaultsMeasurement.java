package dev.bundlectl.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.bundlectl.executor.testing.Fault;
import dev.bundlectl.executor.testing.FaultProxy;
import dev.bundlectl.executor.testing.FaultSchedule;
import dev.bundlectl.executor.testing.ProxiedRequest;
import dev.bundlectl.executor.testing.ProxyKubeconfig;
import dev.bundlectl.executor.testing.ProxyUpstream;
import dev.bundlectl.executor.testing.RealApiServer;
import dev.bundlectl.executor.testing.RealApiServerExtension;
import dev.bundlectl.executor.testing.RealApiServerExtension.Served;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * The comparison for issue 15's closing note, not a test of bundlectl: {@code kubectl apply
 * --server-side} of the sample's manifests through the same {@link FaultProxy}, seed and fault
 * rate as {@link RealServerFaultInjectionTest}, twenty times, each into its own namespace with a
 * fresh discovery cache (bundlectl has none either). It prints how many runs succeeded and why the
 * others failed, and asserts only that kubectl ran.
 *
 * <p>Its name does not end in {@code Test}, so {@code ./mvnw verify} never runs it. Run it with:
 * {@code ./mvnw -B -ntp -pl cli -am test -Dtest=KubectlUnderFaultsMeasurement
 * -Dsurefire.failIfNoSpecifiedTests=false}.
 *
 * <p>kubectl fails a whole run on a kind the cluster does not serve, so the manifests are a copy of
 * the sample's without the ServiceMonitor, PrometheusRule and VerticalPodAutoscaler (bundlectl
 * marks those optional steps NotCreated).
 */
@ExtendWith(RealApiServerExtension.class)
class KubectlUnderFaultsMeasurement {

    private static final int RUNS = 20;
    private static final double FAULT_RATE = 0.2;
    private static final long SEED = Long.getLong("bundlectl.faults.seed", 15);
    private static final long RUN_TIMEOUT_SECONDS = 120;
    private static final Set<String> UNSERVED_KINDS = Set.of("ServiceMonitor", "PrometheusRule",
            "VerticalPodAutoscaler");
    private static final Pattern FROM_SERVER = Pattern.compile("Error from server \\((\\w+)\\)");
    private static final Pattern KIND = Pattern.compile("(?m)^kind:\\s*(\\S+)");

    @Test
    void kubectlApplyServerSideThroughTheFaultProxy(@Served(RealApiServer.Flavour.OLM) RealApiServer server,
            @TempDir Path dir) throws Exception {
        Path kubectl = RealApiServer.requireBinaries().resolve("kubectl");
        Path manifests = servedManifests(Path.of(RealCluster.sample()).resolve("manifests"), dir.resolve("manifests"));
        List<String> outcomes = new ArrayList<>();
        Map<String, Integer> causes = new TreeMap<>();
        int succeeded = 0;
        List<ProxiedRequest> all;
        try (FaultProxy proxy = FaultProxy.start(ProxyUpstream.of(server.config()),
                FaultSchedule.seeded(SEED, FAULT_RATE))) {
            Path kubeconfig = ProxyKubeconfig.write(proxy, server.kubeconfig(), dir.resolve("kubeconfig-proxy.yaml"));
            for (int i = 1; i <= RUNS; i++) {
                String namespace = server.newNamespace("kubectl-faults");
                long from = proxy.arrived();
                KubectlRun run = kubectl(kubectl, dir, i, List.of("apply", "--server-side", "-f", manifests.toString(),
                        "-n", namespace, "--kubeconfig", kubeconfig.toString(),
                        "--cache-dir", dir.resolve("cache-" + i).toString()));
                List<ProxiedRequest> requests = proxy.requests(from, proxy.arrived());
                if (run.exitCode() == 0) {
                    succeeded++;
                } else {
                    run.errors().stream().map(KubectlUnderFaultsMeasurement::cause).filter(c -> c != null)
                            .distinct().forEach(c -> causes.merge(c, 1, Integer::sum));
                }
                outcomes.add(String.format(Locale.ROOT, "  run %2d %s: exit %d, %d requests, %d faulted%s", i,
                        namespace, run.exitCode(), requests.size(),
                        requests.stream().filter(r -> r.fault() != Fault.NONE).count(),
                        run.exitCode() == 0 ? "" : "\n      " + String.join("\n      ", run.errors())));
            }
            all = proxy.requests();
        }
        System.out.printf(Locale.ROOT, "kubectl apply --server-side through the fault proxy, seed %d, rate %.2f: "
                + "%d of %d succeeded; %d requests, faults %s%nfailed runs by cause (a run may have several): %s%n%s%n",
                SEED, FAULT_RATE, succeeded, RUNS, all.size(), faults(all), causes, String.join("\n", outcomes));
        assertThat(all).as("kubectl's requests through the proxy").isNotEmpty();
    }

    /** A short name for what an error line of kubectl says ended (part of) the run, or null. */
    private static String cause(String line) {
        Matcher fromServer = FROM_SERVER.matcher(line);
        if (fromServer.find()) {
            return "object request answered " + fromServer.group(1);
        }
        if (line.contains("Unable to connect to the server: EOF")) {
            return "connection reset (EOF)";
        }
        if (line.contains("unable to recognize") || line.contains("no matches for kind")) {
            return "kind unknown after a failed discovery read";
        }
        return null;
    }

    private static Map<Fault, Long> faults(List<ProxiedRequest> requests) {
        return requests.stream().collect(Collectors.groupingBy(ProxiedRequest::fault,
                () -> new EnumMap<>(Fault.class), Collectors.counting()));
    }

    /** What one kubectl run printed on stderr, and how it ended. */
    private record KubectlRun(int exitCode, List<String> errors) {
    }

    private static KubectlRun kubectl(Path kubectl, Path dir, int index, List<String> args)
            throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        command.add(kubectl.toString());
        command.addAll(args);
        Path out = dir.resolve("kubectl-" + index + ".out");
        Path err = dir.resolve("kubectl-" + index + ".err");
        ProcessBuilder builder = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile());
        // Loopback only: no proxy from the environment may carry kubectl's requests elsewhere.
        Stream.of("HTTPS_PROXY", "https_proxy", "HTTP_PROXY", "http_proxy", "KUBECONFIG")
                .forEach(builder.environment()::remove);
        Process process = builder.start();
        if (!process.waitFor(RUN_TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
            process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            return new KubectlRun(-1, List.of("timed out after " + RUN_TIMEOUT_SECONDS + " s"));
        }
        List<String> lines = Files.readAllLines(err).stream().filter(line -> !line.isBlank()).toList();
        // client-go logs every discovery read that failed ("memcache.go"); what ended the run follows them.
        long discoveryWarnings = lines.stream().filter(line -> line.contains("memcache.go")).count();
        List<String> errors = new ArrayList<>(lines.stream().filter(line -> !line.contains("memcache.go"))
                .limit(8).toList());
        if (discoveryWarnings > 0) {
            errors.add("(" + discoveryWarnings + " failed discovery reads logged)");
        }
        return new KubectlRun(process.exitValue(), errors);
    }

    /** Copies the manifests of kinds the OLM-flavoured server serves into {@code target}. */
    private static Path servedManifests(Path source, Path target) {
        try (Stream<Path> files = Files.list(source)) {
            Files.createDirectories(target);
            for (Path file : files.sorted().toList()) {
                String text = Files.readString(file);
                Matcher kind = KIND.matcher(text);
                if (kind.find() && !UNSERVED_KINDS.contains(kind.group(1))) {
                    Files.writeString(target.resolve(file.getFileName()), text);
                }
            }
            return target;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
