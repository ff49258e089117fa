package dev.bundlectl.cli.training;

import dev.bundlectl.bundle.testing.SharedDirectory;
import dev.bundlectl.executor.testing.RealApiServer;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.TimeUnit;

/**
 * Builds bundlectl's class-data archive at {@code package} time: it starts a throw-away real API
 * server from {@code ../shared/kube-api-test} when there is one (so that install, status and
 * uninstall are trained too; otherwise the archive covers the offline commands only), then runs
 * {@code dev.bundlectl.cli.ArchiveTraining} in a child JVM that writes the archive at its exit. The
 * child runs the shipped jar alone on its class path, as the launchers do, since an archive is
 * only used with the class path it was made with.
 *
 * <p>Arguments: {@code JAVA JAR ARCHIVE_BASE SAMPLE_BUNDLE [offline|strict]}; {@code strict} (the
 * release build) fails when any trained command fails, not only the offline plan. JAVA is the runtime the
 * archive is for (the build's JDK, or the release's jlink runtime); its version picks the format:
 * an AOT cache ({@code ARCHIVE_BASE.aot}, {@code -XX:AOTCacheOutput}) from JDK 25, an AppCDS dynamic
 * archive ({@code ARCHIVE_BASE.jsa}, {@code -XX:ArchiveClassesAtExit}) before. The launchers look
 * for both names.
 *
 * <p>An AOT cache trained on a cluster also gets an offline twin, {@code ARCHIVE_BASE-offline.aot}:
 * a JDK 25 JVM loads and links every class of its AOT cache at start-up, so the cluster client's
 * classes (Vert.x, Netty, fabric8) in the full cache cost an offline {@code plan} about 0.1 s and
 * 30 MB (bench/README.md). {@code bin/bundlectl} picks the offline one for offline commands. A
 * dynamic archive maps its classes lazily and needs no twin.
 */
public final class ArchiveTrainingLauncher {

    /** The JVM options the launchers use; the archive is made with the same ones. */
    static final List<String> LAUNCHER_OPTIONS = List.of("-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-Xss4m",
            // As a short command runs: the archive then holds no method-handle adapters for reflection.
            "-Djdk.reflect.useNativeAccessorOnly=true");

    /** A kubeconfig as kubectl writes one, for a cluster the training never contacts. */
    private static final String USER_KUBECONFIG = """
            apiVersion: v1
            kind: Config
            clusters:
            - cluster:
                certificate-authority-data: Q0EgZGF0YQ==
                server: https://127.0.0.1:1
              name: training
            contexts:
            - context:
                cluster: training
                namespace: bundlectl-training
                user: training
              name: training
            current-context: training
            preferences: {}
            users:
            - name: training
              user:
                token: not-a-secret
            """;

    private ArchiveTrainingLauncher() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length < 4) {
            System.err.println("usage: ArchiveTrainingLauncher JAVA JAR ARCHIVE_BASE SAMPLE_BUNDLE [offline|strict]");
            System.exit(2);
        }
        Path java = Path.of(args[0]);
        Path jar = Path.of(args[1]).toAbsolutePath();
        boolean aot = featureVersion(java) >= 25;
        Path base = Path.of(args[2]).toAbsolutePath();
        Path archive = Path.of(base + (aot ? ".aot" : ".jsa"));
        Files.deleteIfExists(Path.of(base + (aot ? ".jsa" : ".aot")));
        Files.deleteIfExists(offlineTwin(base));
        Path bundle = Path.of(args[3]).toAbsolutePath();
        boolean offline = args.length > 4 && "offline".equals(args[4]);
        boolean strict = args.length > 4 && "strict".equals(args[4]);
        Files.deleteIfExists(archive);
        Files.createDirectories(archive.getParent());
        if (offline || !SharedDirectory.has("kube-api-test")) {
            System.out.println("class-data archive: offline training only (plan, version, completion)"
                    + (offline ? "" : "; no ../shared/kube-api-test for install, status and uninstall"));
            System.exit(train(java, aot, jar, archive, bundle, null, strict));
        }
        System.out.println("class-data archive: training plan, install, status and uninstall on a real API server");
        RealApiServer server;
        try {
            server = RealApiServer.start(RealApiServer.Flavour.OLM);
        } catch (RuntimeException e) {
            // The archive only makes start-up faster: a server that does not start costs the
            // cluster commands their share of it, not the build.
            System.out.println("class-data archive: the API server did not start (" + e + "); offline training only");
            System.exit(train(java, aot, jar, archive, bundle, null, strict));
            return;
        }
        int code;
        try (server) {
            code = train(java, aot, jar, archive, bundle, server.kubeconfig(), strict);
        }
        if (code == 0 && aot) {
            code = train(java, true, jar, offlineTwin(base), bundle, null, strict);
        }
        System.exit(code);
    }

    private static int train(Path java, boolean aot, Path jar, Path archive, Path bundle, Path kubeconfig,
            boolean strict)
            throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        command.add(java.toString());
        command.addAll(LAUNCHER_OPTIONS);
        command.add(aot ? "-XX:AOTCacheOutput=" + archive : "-XX:ArchiveClassesAtExit=" + archive);
        if (aot && accepts(java, WITHOUT_TRAINING_DATA)) {
            command.addAll(WITHOUT_TRAINING_DATA);
        }
        // The dump lists every class it skips (old bytecode, proxies, JFR events): noise for a build log.
        command.add("-Xlog:cds=off");
        command.add(aot ? "-Xlog:aot=off" : "-Xlog:cds+dynamic=off");
        if (strict) {
            command.add("-Dbundlectl.training.strict=true");
        }
        command.addAll(List.of("-cp", jar.toString(), "dev.bundlectl.cli.ArchiveTraining", bundle.toString()));
        if (kubeconfig != null) {
            command.add(kubeconfig.toString());
        }
        ProcessBuilder training = new ProcessBuilder(command).inheritIO();
        // As users run the offline commands: with a kubeconfig, whose current context's namespace
        // an offline plan reads (bench/README.md, issue 38); and the same one on every build machine.
        Path userKubeconfig = Files.createTempFile("bundlectl-training-kubeconfig", "");
        Files.writeString(userKubeconfig, USER_KUBECONFIG);
        training.environment().put("KUBECONFIG", userKubeconfig.toString());
        Process process = training.start();
        boolean ended;
        try {
            ended = process.waitFor(10, TimeUnit.MINUTES);
        } finally {
            Files.deleteIfExists(userKubeconfig);
        }
        if (!ended) {
            process.destroyForcibly();
            System.err.println("class-data archive: the training run did not end in 10 minutes");
            return 1;
        }
        int code = process.exitValue();
        if (code == 0 && !Files.isRegularFile(archive)) {
            System.err.println("class-data archive: the training run wrote no " + archive);
            return 1;
        }
        if (code == 0) {
            // A dynamic archive before JDK 19 is refused for a jar at any other path; the launcher
            // compares this record with its jar's path to know, without starting a JVM.
            Files.writeString(Path.of(archive + ".path"), jar + "\n");
            System.out.println("class-data archive: " + archive + " (" + Files.size(archive) / (1024 * 1024) + " MB)");
        }
        return code;
    }

    /**
     * Leaves the training run's method profiles and compilations out of an AOT cache (JDK 25's
     * JEP 515). Replayed, they had every run compile at start-up what the training run, dozens of
     * commands long, had compiled: 3,300 methods for an install re-run, whose compiler thread then
     * took a core for the whole second. Without them an install re-run took 0.82 s instead of
     * 1.01 s and 1.28 CPU seconds instead of 1.63, an offline plan 0.25 s instead of 0.29, and a
     * tenth of the catalogs no longer (bench/README.md, "Fifth pass"). The classes stay loaded and
     * linked from the cache as before. A diagnostic option, so only where the JDK accepts it.
     */
    static final List<String> WITHOUT_TRAINING_DATA = List.of("-XX:+UnlockDiagnosticVMOptions", "-XX:-AOTRecordTraining");

    /** Whether {@code java} starts with {@code options} (a JDK may drop a diagnostic option). */
    static boolean accepts(Path java, List<String> options) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        command.add(java.toString());
        command.addAll(options);
        command.add("-version");
        Process process = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        if (!process.waitFor(1, TimeUnit.MINUTES)) {
            process.destroyForcibly();
            return false;
        }
        return process.exitValue() == 0;
    }

    /** The AOT cache for offline commands, beside the full one. */
    static Path offlineTwin(Path base) {
        return Path.of(base + "-offline.aot");
    }

    /** The runtime's feature version, from its {@code release} file (present in every JDK and jlink image). */
    static int featureVersion(Path java) throws IOException {
        Path home = java.toRealPath().getParent().getParent();
        Properties release = new Properties();
        try (var in = Files.newBufferedReader(home.resolve("release"))) {
            release.load(in);
        }
        String version = release.getProperty("JAVA_VERSION", "\"17\"").replace("\"", "");
        return Integer.parseInt(version.split("[.+-]")[0]);
    }
}
