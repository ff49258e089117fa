package dev.bundlectl.cli;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.bundlectl.bundle.version.SemanticVersion;
import dev.bundlectl.executor.testing.KubeletStandIn;
import dev.bundlectl.executor.testing.RealOlm;
import dev.bundlectl.executor.testing.RealOlmExtension;
import io.fabric8.kubernetes.client.dsl.base.ResourceDefinitionContext;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * Upgrades measured under the real olm-operator (issue 41; bench/README.md, "Upgrades OLM carries
 * out"). Not part of {@code verify} (not named {@code *Test}):
 * <ul>
 *   <li>the sample's upgrade, 0.3.0 then 0.4.0 with {@code --wait}: the time from the command's
 *       start to the old CSV gone, and the requests the server answered meanwhile (OLM's and the
 *       kubelet stand-in's included);
 *   <li>every upgrade edge between two versions of a package in {@code ../shared/corpus/dev}
 *       (replaces, skips or skipRange, read from the newer CSV): the older installed, then the
 *       newer, each with {@code --wait}, and whether OLM agreed (new CSV Succeeded, old CSV gone).
 * </ul>
 * <pre>
 * flock /tmp/bundlectl-olm.lock ./mvnw -B -pl cli -am test -Dtest=UpgradeOlmMeasurement \
 *     -Dsurefire.failIfNoSpecifiedTests=false
 * </pre>
 * The one simulated part is {@link KubeletStandIn}, which rolls out the Deployments OLM makes.
 */
@ExtendWith(RealOlmExtension.class)
class UpgradeOlmMeasurement {

    private static final ResourceDefinitionContext CSVS = OlmInstallOutcomes.CSVS;
    private static final Pattern CSV_NAME = Pattern.compile("(?m)^  name: (\\S+)$");
    private static final Pattern VERSION = Pattern.compile("(?m)^  version: (\\S+)$");
    private static final Pattern REPLACES = Pattern.compile("(?m)^  replaces: (\\S+)$");
    private static final Pattern SKIP_RANGE = Pattern.compile("olm.skipRange: ['\"]?([^'\"\\n]+)['\"]?");

    @Test
    void theSampleUpgradeFromStartToTheOldCsvGone(RealOlm olm, @TempDir Path dir) throws IOException {
        int runs = Integer.getInteger("bundlectl.upgrade.runs", 5);
        for (int run = 1; run <= runs; run++) {
            String prefix = "tim" + run;
            Path v030 = SampleCopies.renamed("samples/bundles/cachebox-operator-v0.3.0", dir.resolve(prefix + "a"), prefix);
            Path v040 = SampleCopies.renamed("samples/bundles/cachebox-operator-v0.4.0", dir.resolve(prefix + "b"), prefix);
            RealCluster cluster = RealCluster.in(olm.server(), "timing");
            String ns = cluster.namespace();
            try (KubeletStandIn.Background a = KubeletStandIn.of(olm.server()).start(ns, prefix + "-operator.v0.3.0");
                    KubeletStandIn.Background b = KubeletStandIn.of(olm.server()).start(ns, prefix + "-operator.v0.4.0")) {
                CliRun first = cluster.run("install", v030.toString(), "-n", ns, "--install-mode", "OwnNamespace",
                        "--wait");
                ServerRequestCounts before = ServerRequestCounts.of(cluster);
                long started = System.nanoTime();
                CliRun upgrade = cluster.run("install", v040.toString(), "-n", ns, "--install-mode", "OwnNamespace",
                        "--wait");
                long millis = (System.nanoTime() - started) / 1_000_000;
                ServerRequestCounts during = ServerRequestCounts.of(cluster).since(before);
                System.out.printf("upgrade run %d: first exit %d, upgrade exit %d in %d ms; requests: %d GET csv, "
                        + "%d writes in all%n", run, first.exitCode(), upgrade.exitCode(), millis,
                        during.count("GET", "clusterserviceversions", false), during.writes());
            } finally {
                OlmObjects.deleteCsvsAndGroups(cluster);
            }
        }
    }

    /** Prints what a user sees when the new version does not run: the install's error and {@code status NAME}. */
    @Test
    void whatAUserSeesWhenTheNewVersionDoesNotRun(RealOlm olm, @TempDir Path dir) throws IOException {
        Path v030 = SampleCopies.renamed("samples/bundles/cachebox-operator-v0.3.0", dir.resolve("a"), "seen");
        Path v040 = SampleCopies.renamed("samples/bundles/cachebox-operator-v0.4.0", dir.resolve("b"), "seen");
        RealCluster cluster = RealCluster.in(olm.server(), "seen");
        String ns = cluster.namespace();
        try {
            try (KubeletStandIn.Background a = KubeletStandIn.of(olm.server()).start(ns, "seen-operator.v0.3.0")) {
                cluster.run("install", v030.toString(), "-n", ns, "--wait");
            }
            CliRun upgrade = cluster.run("install", v040.toString(), "-n", ns, "--wait", "--wait-timeout", "10s");
            System.out.println("--- upgrade, exit " + upgrade.exitCode() + "\n" + upgrade.out() + upgrade.err());
            String record = upgrade.err().replaceAll("(?s).*install record: " + ns + "/(\\S+) .*", "$1");
            CliRun status = cluster.run("status", "-n", ns, record);
            System.out.println("--- status\n" + status.out());
        } finally {
            OlmObjects.deleteCsvsAndGroups(cluster);
        }
    }

    /**
     * Every upgrade edge of a tree of {@code <package>/<version>/} bundle directories (the dev corpus
     * by default; a public catalog's {@code operators/} with {@code -Dbundlectl.edges.root=DIR}), or
     * a random sample of them ({@code -Dbundlectl.edges.sample=N}, a new seed each run, printed;
     * {@code -Dbundlectl.edges.seed=S} repeats one).
     */
    @Test
    void everyUpgradeEdgeOfTheDevCorpus(RealOlm olm) throws IOException {
        Path corpus = Path.of(System.getProperty("bundlectl.edges.root",
                TestPaths.inRepo("../shared/corpus/dev").toString()));
        assumeTrue(Files.isDirectory(corpus), "needs " + corpus);
        List<String[]> found = new ArrayList<>();
        try (Stream<Path> packages = Files.list(corpus)) {
            for (Path pkg : packages.filter(Files::isDirectory).sorted().toList()) {
                List<Path> versions = versions(pkg);
                for (Path newer : versions) {
                    for (Path older : versions) {
                        edge(older, newer).ifPresent(kind -> found.add(new String[] {older.toString(), newer.toString(),
                                kind}));
                    }
                }
            }
        }
        List<String[]> edges = found;
        int sample = Integer.getInteger("bundlectl.edges.sample", 0);
        if (sample > 0 && sample < edges.size()) {
            // One edge of each of N random packages: a package with many versions in one skipRange
            // has thousands of edges, and would otherwise be most of any sample.
            long seed = Long.getLong("bundlectl.edges.seed", System.nanoTime());
            java.util.Random random = new java.util.Random(seed);
            java.util.Map<String, List<String[]>> byPackage = new java.util.TreeMap<>();
            edges.forEach(edge -> byPackage.computeIfAbsent(Path.of(edge[0]).getParent().toString(),
                    key -> new ArrayList<>()).add(edge));
            List<String> packages = new ArrayList<>(byPackage.keySet());
            java.util.Collections.shuffle(packages, random);
            List<String[]> picked = new ArrayList<>();
            for (String pkg : packages.subList(0, Math.min(sample, packages.size()))) {
                List<String[]> ofPackage = byPackage.get(pkg);
                picked.add(ofPackage.get(random.nextInt(ofPackage.size())));
            }
            System.out.println("corpus upgrade edges: one edge of each of " + picked.size() + " random packages of "
                    + byPackage.size() + " (" + edges.size() + " edges), seed " + seed);
            edges = picked;
        }
        System.out.println("corpus upgrade edges: " + edges.size());
        int index = 0;
        int agreed = 0;
        for (String[] edge : edges) {
            index++;
            RealCluster cluster = RealCluster.in(olm.server(), "edge");
            String ns = cluster.namespace();
            String oldCsv = csvName(Path.of(edge[0]));
            String newCsv = csvName(Path.of(edge[1]));
            try (KubeletStandIn.Background a = KubeletStandIn.of(olm.server()).start(ns, oldCsv);
                    KubeletStandIn.Background b = KubeletStandIn.of(olm.server()).start(ns, newCsv)) {
                CliRun first = cluster.run("install", edge[0], "-n", ns, "--wait", "--wait-timeout", "90s",
                        "--timeout", "120s");
                CliRun upgrade = first.exitCode() != 0 ? first : cluster.run("install", edge[1], "-n", ns, "--wait",
                        "--wait-timeout", "90s", "--timeout", "120s");
                boolean newSucceeded = "Succeeded".equals(phase(cluster, ns, newCsv));
                boolean oldGone = cluster.client().genericKubernetesResources(CSVS).inNamespace(ns).withName(oldCsv)
                        .get() == null;
                boolean agrees = first.exitCode() != 0 || (upgrade.exitCode() == 0) == (newSucceeded && oldGone);
                agreed += agrees ? 1 : 0;
                System.out.printf("%3d %-60s %-9s first %d, upgrade %d, OLM: new %s, old %s: %s %s%n", index,
                        corpus.relativize(Path.of(edge[0])) + " -> " + Path.of(edge[1]).getFileName(), edge[2],
                        first.exitCode(), upgrade.exitCode(), newSucceeded ? "Succeeded" : phase(cluster, ns, newCsv),
                        oldGone ? "gone" : "still there", agrees ? "agree" : "DISAGREE",
                        first.exitCode() != 0 ? why(first) : upgrade.exitCode() != 0 ? why(upgrade) : "");
            } finally {
                cluster.run("uninstall", "--package", packageOf(Path.of(edge[1])), "-n", ns, "--delete-crds");
                OlmObjects.deleteCsvsAndGroups(cluster);
            }
        }
        System.out.println("corpus upgrade edges: " + agreed + " of " + edges.size() + " agree with OLM");
    }

    /** The refusal's reason, else the run's last error line. */
    private static String why(CliRun run) {
        String reason = OlmInstallOutcomes.refusalReason(run.err());
        if (reason.isBlank()) {
            reason = run.err().lines().filter(line -> line.startsWith("error: ")).reduce((a, b) -> b).orElse("");
        }
        return OlmInstallOutcomes.shorten(reason, 200);
    }

    private static String phase(RealCluster cluster, String ns, String csv) {
        var found = cluster.client().genericKubernetesResources(CSVS).inNamespace(ns).withName(csv).get();
        return found != null && found.getAdditionalProperties().get("status") instanceof java.util.Map<?, ?> status
                ? String.valueOf(status.get("phase")) : "absent";
    }

    /** The package's version directories, each holding a CSV, lowest version first. */
    private static List<Path> versions(Path pkg) throws IOException {
        try (Stream<Path> entries = Files.list(pkg)) {
            return entries.filter(path -> Files.isDirectory(path.resolve("manifests")))
                    .filter(path -> csvFile(path).isPresent())
                    .sorted(Comparator.comparing(path -> SemanticVersion.parseTolerant(path.getFileName().toString())
                            .map(Object::toString).orElse(path.getFileName().toString())))
                    .toList();
        }
    }

    /** How the newer version's CSV reaches the older one, or empty. */
    private static Optional<String> edge(Path older, Path newer) throws IOException {
        if (older.equals(newer)) {
            return Optional.empty();
        }
        String newText = Files.readString(csvFile(newer).orElseThrow());
        String oldName = csvName(older);
        if (oldName == null) {
            return Optional.empty();
        }
        SemanticVersion oldVersion = SemanticVersion.parse(first(VERSION, Files.readString(csvFile(older).orElseThrow())))
                .orElse(null);
        SemanticVersion newVersion = SemanticVersion.parse(first(VERSION, newText)).orElse(null);
        if (oldVersion == null || newVersion == null || newVersion.compareTo(oldVersion) <= 0) {
            return Optional.empty();
        }
        if (oldName.equals(first(REPLACES, newText))) {
            return Optional.of("replaces");
        }
        if (newText.contains("- " + oldName + "\n") && newText.contains("skips:")) {
            return Optional.of("skips");
        }
        String range = first(SKIP_RANGE, newText);
        if (range != null && dev.bundlectl.bundle.version.VersionRange.parse(range.strip())
                .map(parsed -> parsed.contains(oldVersion)).orElse(false)) {
            return Optional.of("skipRange");
        }
        return Optional.empty();
    }

    private static String csvName(Path bundle) {
        try {
            return first(CSV_NAME, Files.readString(csvFile(bundle).orElseThrow()));
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private static String packageOf(Path bundle) {
        return bundle.getParent().getFileName().toString();
    }

    private static Optional<Path> csvFile(Path bundle) {
        try (Stream<Path> files = Files.list(bundle.resolve("manifests"))) {
            return files.filter(file -> file.getFileName().toString().endsWith(".clusterserviceversion.yaml")).findFirst();
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    private static String first(Pattern pattern, String text) {
        Matcher matcher = pattern.matcher(text);
        return matcher.find() ? matcher.group(1) : null;
    }
}
