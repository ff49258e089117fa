package dev.bundlectl.executor.testing;

import dev.bundlectl.bundle.testing.SharedDirectory;
import dev.bundlectl.cluster.connect.ClusterConnection;
import io.fabric8.kubeapitest.KubeAPIServer;
import io.fabric8.kubeapitest.KubeAPITestException;
import io.fabric8.kubeapitest.KubeAPIServerConfigBuilder;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.NamespaceBuilder;
import io.fabric8.kubernetes.api.model.apiextensions.v1.CustomResourceDefinition;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;

/**
 * A real kube-apiserver with etcd, from {@code ../shared/kube-api-test}, started through
 * fabric8's kube-api-test. It validates objects, answers with real status codes and bodies, runs
 * server-side apply and makes CRDs Established. On its own it runs no controllers (no Pods, no
 * garbage collection, Namespaces never finish terminating); started {@linkplain #start(Flavour,
 * boolean) with controllers}, the real kube-controller-manager runs beside it
 * ({@link RealControllerManager}): namespaces finish deleting, dependents of a deleted owner are
 * garbage-collected, and every namespace gets its {@code default} ServiceAccount.
 *
 * <p>Tests share one server per {@link Flavour} and choice of controllers per test JVM through
 * {@link RealApiServerExtension} and isolate themselves by namespace ({@link #newNamespace}) and by
 * object names. Without {@code ../shared} the test is skipped with the reason (or fails in CI, see
 * {@link SharedDirectory}).
 */
public final class RealApiServer implements AutoCloseable {

    /** What the server has on top of Kubernetes' built-in APIs. */
    public enum Flavour {
        /** Nothing: OLM's CSV API is not served (render mode). */
        PLAIN,
        /** OLM v0's five CRDs. */
        OLM,
        /** OLM's CRDs plus OpenShift's ClusterVersion and ConsoleYAMLSample CRDs. */
        OPENSHIFT,
        /**
         * OLM v0's eight CRDs from {@code ../shared/olm/crds}, the ones the olm-operator binary
         * there was built with (OperatorConditions and OLMConfigs too): a server for
         * {@link RealOlm}, which acts on the CSVs it serves.
         */
        OLM_OPERATOR
    }

    /** The system property that names the Kubernetes version to run; {@link #NEWEST} by default. */
    public static final String VERSION_PROPERTY = "bundlectl.kubeVersion";

    /** The version bundlectl is proven on: the newest in {@code ../shared/kube-api-test}. */
    public static final String NEWEST = "1.34.9";

    /** The oldest version bundlectl supports, where CI runs the smoke set too. */
    public static final String OLDEST = "1.26.4";

    /**
     * The JUnit tag of the smoke set that CI runs again on {@link #OLDEST}: install, an upgrade
     * under OLM, uninstall, the controller, {@code gc}, render mode, {@code template} and discovery.
     */
    public static final String SMOKE_ON_OLDEST = "smoke-on-oldest";

    /**
     * The Kubernetes version of the shared binaries this JVM's tests run on: {@value #NEWEST} unless
     * {@value #VERSION_PROPERTY} names another (CI runs the smoke set with {@value #OLDEST}).
     */
    public static final String VERSION = chosenVersion();

    /** The Service IP range every test server serves, 65,534 addresses. */
    public static final String SERVICE_CLUSTER_IP_RANGE = "10.0.0.0/16";

    private static final String BINARIES = "kube-api-test/k8s/" + VERSION + "-linux-amd64";

    private final Flavour flavour;
    private final KubeAPIServer server;
    private final Path kubeconfig;
    private final String kubeconfigYaml;
    private final KubernetesClient client;
    private final AtomicInteger namespaces = new AtomicInteger();
    private final List<ClusterConnection> connections = new ArrayList<>();
    private RealControllerManager controllerManager;

    private RealApiServer(Flavour flavour, KubeAPIServer server, Path kubeconfig, String kubeconfigYaml) {
        this.flavour = flavour;
        this.server = server;
        this.kubeconfig = kubeconfig;
        this.kubeconfigYaml = kubeconfigYaml;
        this.client = new KubernetesClientBuilder().withConfig(Config.fromKubeconfig(kubeconfigYaml)).build();
    }

    /**
     * Starts a server in a fresh directory under {@code target/}, with the flavour's CRDs created
     * and Established. Skips the calling test when {@code ../shared} has no server binaries.
     */
    public static RealApiServer start(Flavour flavour) {
        return start(flavour, false);
    }

    /**
     * Starts a server as {@link #start(Flavour)} does, and when {@code withControllers} the real
     * kube-controller-manager beside it, stopped with it. Skips the calling test when
     * {@code ../shared} lacks either binary.
     */
    public static RealApiServer start(Flavour flavour, boolean withControllers) {
        Path binaries = requireBinaries();
        if (withControllers) {
            requireControllerManager();
        }
        Path testDir = workDirectory(flavour, withControllers);
        KubeAPIServer server;
        try {
            server = startServer(binaries, testDir, withControllers);
        } catch (KubeAPITestException firstTry) {
            // kube-api-test picks free ports before etcd and the API server bind them; losing that
            // race leaves a server that never comes up. A second try in a fresh directory gets
            // fresh ports.
            testDir = workDirectory(flavour, withControllers);
            server = startServer(binaries, testDir, withControllers);
        }
        RealApiServer started = null;
        try {
            String yaml = server.getKubeConfigYaml();
            Path kubeconfig = testDir.resolve("kubeconfig.yaml");
            Files.writeString(kubeconfig, yaml);
            started = new RealApiServer(flavour, server, kubeconfig, yaml);
            started.installFlavourCrds();
            if (withControllers) {
                started.controllerManager = RealControllerManager.start(linkedBinaries(testDir)
                        .resolve(RealControllerManager.BINARY), testDir, kubeconfig, started.client);
            }
            return started;
        } catch (IOException | RuntimeException e) {
            if (started != null) {
                started.close();
            } else {
                server.stop();
            }
            throw e instanceof IOException io ? new UncheckedIOException(io) : (RuntimeException) e;
        }
    }

    /**
     * The directory of the server binaries in {@code ../shared}; skips the calling test (or fails
     * it where {@link SharedDirectory#REQUIRE_PROPERTY} is set) when it is missing.
     */
    public static Path requireBinaries() {
        return SharedDirectory.require(BINARIES);
    }

    /**
     * The kube-controller-manager binary in {@code ../shared}; skips the calling test (or fails it
     * where {@link SharedDirectory#REQUIRE_PROPERTY} is set) when it is missing.
     */
    public static Path requireControllerManager() {
        return RealControllerManager.requireBinary(BINARIES);
    }

    /** What this server serves beyond Kubernetes. */
    public Flavour flavour() {
        return flavour;
    }

    /** Whether the real kube-controller-manager runs beside this server. */
    public boolean hasControllers() {
        return controllerManager != null;
    }

    /** An admin (system:masters) kubeconfig file for this server; its context has no namespace. */
    public Path kubeconfig() {
        return kubeconfig;
    }

    /**
     * A kubeconfig file in {@code dir} for this server whose context impersonates {@code user}
     * (in {@code groups}) and whose namespace is {@code namespace} (null for none). The admin
     * credentials stay; the server then authorizes every request as the impersonated user.
     */
    public Path kubeconfigAs(Path dir, String user, List<String> groups, String namespace) {
        try {
            var doc = (java.util.Map<String, Object>) Serialization.unmarshal(kubeconfigYaml, java.util.Map.class);
            @SuppressWarnings("unchecked")
            var users = (List<java.util.Map<String, Object>>) doc.get("users");
            for (var entry : users) {
                @SuppressWarnings("unchecked")
                var credentials = (java.util.Map<String, Object>) entry.get("user");
                credentials.put("as", user);
                if (!groups.isEmpty()) {
                    credentials.put("as-groups", groups);
                }
            }
            setNamespace(doc, namespace);
            Path file = dir.resolve("kubeconfig-" + user.replaceAll("[^a-zA-Z0-9.-]", "_") + ".yaml");
            Files.writeString(file, Serialization.asYaml(doc));
            return file;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** An admin kubeconfig file in {@code dir} whose context's namespace is {@code namespace}. */
    public Path kubeconfigInNamespace(Path dir, String namespace) {
        try {
            @SuppressWarnings("unchecked")
            var doc = (java.util.Map<String, Object>) Serialization.unmarshal(kubeconfigYaml, java.util.Map.class);
            setNamespace(doc, namespace);
            Path file = dir.resolve("kubeconfig-ns-" + namespace + ".yaml");
            Files.writeString(file, Serialization.asYaml(doc));
            return file;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A fabric8 config for this server (admin). */
    public Config config() {
        return Config.fromKubeconfig(kubeconfigYaml);
    }

    /** A blocking fabric8 client for seeding and inspecting the cluster in tests. */
    public KubernetesClient client() {
        return client;
    }

    /** A connection as the executor uses it; closed when the server closes. */
    public synchronized ClusterConnection connect() {
        ClusterConnection connection = ClusterConnection.connect(config(), Duration.ofSeconds(30));
        connections.add(connection);
        return connection;
    }

    /** Creates a namespace with a unique name starting with {@code prefix} and returns its name. */
    public String newNamespace(String prefix) {
        String name = (prefix.toLowerCase(Locale.ROOT) + "-" + namespaces.incrementAndGet() + "-"
                + Long.toString(System.nanoTime() % 1_000_000, 36)).replaceAll("[^a-z0-9-]", "-");
        if (name.length() > 63) {
            name = name.substring(name.length() - 63).replaceAll("^-+", "x");
        }
        client.namespaces().resource(new NamespaceBuilder().withNewMetadata().withName(name).endMetadata().build())
                .create();
        return name;
    }

    /** Creates (never client-side applies: the CSV CRD is ~800 KB) and waits for Established. */
    public void createCrds(Path file) {
        try (InputStream in = Files.newInputStream(file)) {
            for (Object item : client.load(in).items()) {
                CustomResourceDefinition crd = Serialization.unmarshal(Serialization.asJson(item),
                        CustomResourceDefinition.class);
                client.apiextensions().v1().customResourceDefinitions().resource(crd).create();
                client.apiextensions().v1().customResourceDefinitions().withName(crd.getMetadata().getName())
                        .waitUntilCondition(c -> c != null && c.getStatus() != null
                                && c.getStatus().getConditions() != null && c.getStatus().getConditions().stream().anyMatch(
                                        cond -> "Established".equals(cond.getType()) && "True".equals(cond.getStatus())),
                                60, TimeUnit.SECONDS);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Creates an object from its YAML or JSON (for seeding). */
    public GenericKubernetesResource create(String yaml) {
        GenericKubernetesResource resource = Serialization.unmarshal(yaml, GenericKubernetesResource.class);
        return client.resource(resource).create();
    }

    /** The server's Kubernetes version as {@code major.minor}, for verdicts that depend on it. */
    public static String minorVersion() {
        return minorOf(VERSION);
    }

    /** {@code major.minor} of a version such as {@code 1.34.9}. */
    public static String minorOf(String version) {
        String[] parts = version.split("\\.");
        return parts[0] + "." + parts[1];
    }

    /** Whether this JVM's server is at least {@code major.minor} (such as {@code "1.30"}). */
    public static boolean atLeast(String majorMinor) {
        String[] want = majorMinor.split("\\.");
        String[] have = VERSION.split("\\.");
        int byMajor = Integer.compare(Integer.parseInt(have[0]), Integer.parseInt(want[0]));
        return byMajor != 0 ? byMajor > 0 : Integer.parseInt(have[1]) >= Integer.parseInt(want[1]);
    }

    private static String chosenVersion() {
        String chosen = System.getProperty(VERSION_PROPERTY, "");
        return chosen.isBlank() ? NEWEST : chosen.strip();
    }

    @Override
    public synchronized void close() {
        if (controllerManager != null) {
            controllerManager.close();
        }
        connections.forEach(ClusterConnection::close);
        connections.clear();
        client.close();
        server.stop();
    }

    @Override
    public String toString() {
        return "RealApiServer[" + flavour + (hasControllers() ? " with controllers" : "") + ", "
                + client.getMasterUrl() + "]";
    }

    private void installFlavourCrds() {
        if (flavour == Flavour.PLAIN) {
            return;
        }
        if (flavour == Flavour.OLM_OPERATOR) {
            // The operator's own CRDs, not the five of kube-api-test: it watches all eight.
            for (Path crd : yamlFiles(SharedDirectory.require("olm/crds"))) {
                createCrds(crd);
            }
            return;
        }
        for (Path crd : yamlFiles(SharedDirectory.require("kube-api-test/olm-crds"))) {
            createCrds(crd);
        }
        if (flavour == Flavour.OPENSHIFT) {
            for (Path crd : yamlFiles(SharedDirectory.require("kube-api-test/openshift-crds"))) {
                createCrds(crd);
            }
        }
    }

    @SuppressWarnings("unchecked")
    private static void setNamespace(java.util.Map<String, Object> doc, String namespace) {
        if (namespace == null) {
            return;
        }
        for (var entry : (List<java.util.Map<String, Object>>) doc.get("contexts")) {
            ((java.util.Map<String, Object>) entry.get("context")).put("namespace", namespace);
        }
    }

    private static List<Path> yamlFiles(Path dir) {
        try (Stream<Path> files = Files.list(dir)) {
            return files.filter(f -> f.toString().endsWith(".yaml")).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static KubeAPIServer startServer(Path binaries, Path testDir, boolean withControllers) {
        linkBinaries(binaries, linkedBinaries(testDir), withControllers);
        KubeAPIServer server = new KubeAPIServer(KubeAPIServerConfigBuilder.anAPIServerConfig()
                .withTestDir(testDir.toString())
                .withApiServerVersion(VERSION)
                .withOfflineMode(true)
                .withUpdateKubeConfig(false)
                // A busy 2-core machine can take far longer than the usual 4 s.
                .withStartupTimeout(120_000)
                .build());
        try {
            server.start();
        } catch (KubeAPITestException e) {
            server.stop();
            throw e;
        }
        return server;
    }

    private static Path workDirectory(Flavour flavour, boolean withControllers) {
        try {
            Path target = Path.of("target").toAbsolutePath();
            Files.createDirectories(target);
            return Files.createTempDirectory(target, "kube-api-test-" + flavour.name().toLowerCase(Locale.ROOT)
                    + (withControllers ? "-controllers-" : "-"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Where kube-api-test looks for the binaries in a server's directory. */
    private static Path linkedBinaries(Path testDir) {
        return testDir.resolve("k8s").resolve(VERSION + "-linux-amd64");
    }

    private static void linkBinaries(Path from, Path to, boolean withControllers) {
        List<String> binaries = withControllers
                ? List.of("etcd", "kubectl", RealControllerManager.BINARY)
                : List.of("etcd", "kubectl");
        try {
            Files.createDirectories(to);
            for (String binary : binaries) {
                Files.createSymbolicLink(to.resolve(binary), from.resolve(binary).toAbsolutePath());
            }
            writeApiServerLauncher(from.resolve("kube-apiserver").toAbsolutePath(), to.resolve("kube-apiserver"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * kube-api-test serves Services from a /24, 254 addresses (the fleet bench's thousand installs,
     * each with a metrics Service, ran out at 253), and passes its range after any flag it is given,
     * so the last one, its own, wins. In the binary's place goes a launcher that swaps that value
     * for {@link #SERVICE_CLUSTER_IP_RANGE} and then becomes the real binary ({@code exec}), so the
     * process kube-api-test waits on and stops is kube-apiserver itself.
     */
    private static void writeApiServerLauncher(Path binary, Path launcher) throws IOException {
        Files.writeString(launcher, """
                #!/usr/bin/env bash
                args=()
                previous=
                for arg in "$@"; do
                  if [[ $previous == --service-cluster-ip-range ]]; then arg='%s'; fi
                  args+=("$arg")
                  previous=$arg
                done
                exec '%s' "${args[@]}"
                """.formatted(SERVICE_CLUSTER_IP_RANGE, binary));
        if (!launcher.toFile().setExecutable(true)) {
            throw new IOException("cannot make " + launcher + " executable");
        }
    }
}
