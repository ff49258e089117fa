package dev.bundlectl.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.bundlectl.controller.api.BundleInstallKind;
import dev.bundlectl.controller.pipeline.InstallerConnections;
import dev.bundlectl.controller.pipeline.PipelineInstaller;
import dev.bundlectl.controller.reconcile.BundleInstallClient;
import dev.bundlectl.controller.reconcile.EventRecorder;
import dev.bundlectl.controller.reconcile.Reconciler;
import dev.bundlectl.controller.runtime.Controller;
import dev.bundlectl.controller.runtime.ControllerSettings;
import dev.bundlectl.executor.apply.ApplySettings;
import dev.bundlectl.cluster.connect.ClusterConnection;
import dev.bundlectl.executor.testing.RealApiServer;
import dev.bundlectl.executor.testing.RealApiServerExtension;
import dev.bundlectl.executor.testing.RealIdentities;
import dev.bundlectl.executor.testing.RealIdentity;
import dev.bundlectl.source.SourceSettings;
import dev.bundlectl.source.registry.RegistryOptions;
import dev.bundlectl.source.testing.RealRegistry;
import dev.bundlectl.source.testing.RealRegistryExtension;
import dev.bundlectl.source.testing.SampleImages;
import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.rbac.PolicyRuleBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import dev.bundlectl.controller.follow.SourceFollowing;
import dev.bundlectl.controller.source.ImageDigests;
import dev.bundlectl.executor.testing.KubeletStandIn;
import dev.bundlectl.source.testing.SampleImages;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Predicate;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * The controller with exactly {@code deploy/rbac.yaml}'s rights (a real token of its
 * {@code bundlectl-controller} ServiceAccount) on the real API server: it installs nothing with its
 * own rights. A tenant who may only create BundleInstalls and ConfigMaps in their namespace packs
 * the sample with a ClusterRoleBinding of {@code cluster-admin} to themselves: without a
 * ServiceAccount the object is refused, and with the team's installer account (whose RBAC
 * {@code --installer-rbac} wrote for the plain sample) the install is refused before anything is
 * written, naming what the account lacks; the tenant gains nothing. A BundleInstall whose account
 * holds the generated RBAC ends Complete, and deleting it uninstalls.
 */
@ExtendWith({RealApiServerExtension.class, RealRegistryExtension.class})
class RealServerControllerLeastPrivilegeTest {

    private static final Duration WAIT = Duration.ofSeconds(120);

    @TempDir
    Path temp;

    @Test
    void aTenantsBundleThatGrantsThemClusterAdminIsRefusedAndTheyGainNothing(RealApiServer server) throws IOException {
        deploy(server);
        RealCluster cluster = RealCluster.in(server, "tenant");
        String ns = cluster.namespace();
        RealIdentity alice = RealIdentities.serviceAccount(server, temp, ns, "alice", ns);
        RealIdentities.allow(server, alice, ns, List.of(
                new PolicyRuleBuilder().withApiGroups("bundlectl.dev").withResources("bundleinstalls")
                        .withVerbs("create", "get", "list").build(),
                new PolicyRuleBuilder().withApiGroups("").withResources("configmaps").withVerbs("create", "get").build()));
        // The team's installer account, as a cluster admin gives it for the sample.
        RealServerInstallerRbacTest.apply(server.client(), CliRun.of("plan", RealCluster.sample(), "-n", ns,
                "--csv-mode", "render", "--installer-rbac", "installer").out());

        try (KubernetesClient asAlice = new KubernetesClientBuilder().withConfig(alice.config()).build();
                Controlled controller = Controlled.start(server, temp, ns)) {
            asAlice.configMaps().inNamespace(ns).resource(packed("escalation", TestPaths.inRepo(
                    "samples/bundles/cachebox-operator"), Map.of("manifests__alice-is-admin.yaml", """
                            apiVersion: rbac.authorization.k8s.io/v1
                            kind: ClusterRoleBinding
                            metadata: {name: alice-is-admin}
                            roleRef: {apiGroup: rbac.authorization.k8s.io, kind: ClusterRole, name: cluster-admin}
                            subjects:
                            - {kind: ServiceAccount, name: alice, namespace: %s}
                            """.formatted(ns)))).create();
            create(asAlice, ns, "no-account", "{source: {configMap: escalation}, csvMode: render}");
            create(asAlice, ns, "as-installer", "{source: {configMap: escalation}, csvMode: render, "
                    + "serviceAccountName: installer}");

            GenericKubernetesResource refused = await(server.client(), ns, "no-account",
                    object -> "Failed".equals(RealServerControllerInstallTest.status(object, "phase")));
            assertThat(condition(refused, "Failed")).containsEntry("reason", "ServiceAccountRequired");
            assertThat((String) RealServerControllerInstallTest.status(refused, "message"))
                    .contains("spec.serviceAccountName: required").contains("--installer-rbac");

            GenericKubernetesResource forbidden = await(server.client(), ns, "as-installer",
                    object -> "Failed".equals(RealServerControllerInstallTest.status(object, "phase")));
            assertThat(condition(forbidden, "Failed")).containsEntry("reason", "Forbidden");
            assertThat((String) RealServerControllerInstallTest.status(forbidden, "message"))
                    .contains("system:serviceaccount:" + ns + ":installer may not install cachebox-operator in "
                            + "namespace " + ns)
                    .contains("create clusterrolebindings.rbac.authorization.k8s.io \"alice-is-admin\", cluster-wide")
                    .contains("nothing was written");
        }
        assertThat(server.client().rbac().clusterRoleBindings().withName("alice-is-admin").get()).isNull();
        assertThat(server.client().configMaps().inNamespace(ns).withName("cachebox-defaults").get())
                .as("nothing of the bundle was written").isNull();
        assertThat(allowed(alice, "*", "*", "*")).as("alice may not do everything").isFalse();
        assertThat(allowed(alice, "create", "rbac.authorization.k8s.io", "clusterrolebindings")).isFalse();
    }

    @Test
    void aBundleInstallWhoseAccountHoldsTheGeneratedRbacCompletesAndIsUninstalledWhenDeleted(RealApiServer server,
            RealRegistry registry) {
        deploy(server);
        String image = SampleImages.pushAll(registry);
        RealCluster cluster = RealCluster.in(server, "team");
        String ns = cluster.namespace();
        RealServerInstallerRbacTest.apply(server.client(), CliRun.of("plan", RealCluster.sample(), "-n", ns,
                "--csv-mode", "render", "--installer-rbac", "installer").out());

        try (Controlled controller = Controlled.start(server, temp, ns)) {
            create(server.client(), ns, "cachebox", "{source: {image: " + image + "}, csvMode: render, "
                    + "serviceAccountName: installer}");
            GenericKubernetesResource done = await(server.client(), ns, "cachebox",
                    object -> "Complete".equals(RealServerControllerInstallTest.status(object, "phase")));
            assertThat((String) RealServerControllerInstallTest.status(done, "message")).contains("Created");
            assertThat(server.client().apps().deployments().inNamespace(ns).withName("cachebox-operator").get())
                    .isNotNull();

            server.client().genericKubernetesResources(BundleInstallKind.context()).inNamespace(ns).withName("cachebox")
                    .delete();
            await(server.client(), ns, "cachebox", object -> object == null);
        }
        assertThat(server.client().apps().deployments().inNamespace(ns).withName("cachebox-operator").get()).isNull();
        assertThat(server.client().configMaps().inNamespace(ns).withName("cachebox-defaults").get()).isNull();
    }

    /**
     * A catalog ConfigMap is watched as the install's account: the controller itself may not list or
     * watch ConfigMaps (deploy/rbac.yaml), yet once 0.3.1 runs and nothing else makes the object
     * reconcile (the resync is 5 minutes), a version added to the catalog is installed at once.
     */
    @Test
    void aCatalogConfigMapIsWatchedAsTheInstallsAccount(RealApiServer server, RealRegistry registry)
            throws IOException {
        deploy(server);
        SampleImages.pushAll(registry);
        Path full = SampleImages.catalogFor(registry, temp.resolve("catalog"));
        Path withoutHead = SampleImages.catalogFor(registry, temp.resolve("catalog-0.3.1"));
        Path channel = withoutHead.resolve("cachebox-operator/package.yaml");
        String text = Files.readString(channel);
        int head = text.indexOf("  - name: cachebox-operator.v0.4.0");
        assertThat(head).isPositive();
        Files.writeString(channel, text.substring(0, head));
        RealIdentity controllerIdentity = RealIdentities.existingServiceAccount(server, temp, "bundlectl-system",
                "bundlectl-controller", null);
        assertThat(allowed(controllerIdentity, "watch", "", "configmaps")).as("the controller's own rights").isFalse();

        RealCluster team = RealCluster.in(server, "watched");
        String ns = team.namespace();
        RealServerInstallerRbacTest.apply(server.client(), CliRun.of("plan", RealCluster.sample(), "-n", ns,
                "--csv-mode", "render", "--installer-rbac", "installer").out());
        server.client().configMaps().inNamespace(ns).resource(packed("catalog", withoutHead, Map.of())).create();

        try (KubeletStandIn.Background v031 = KubeletStandIn.of(server).start(ns, "cachebox-operator.v0.3.1");
                KubeletStandIn.Background v040 = KubeletStandIn.of(server).start(ns, "cachebox-operator.v0.4.0");
                Controlled controller = Controlled.start(server, temp, ns, true)) {
            create(server.client(), ns, "cachebox", "{source: {catalog: {configMap: catalog, package: "
                    + "cachebox-operator}}, csvMode: render, serviceAccountName: installer}");
            await(server.client(), ns, "cachebox", object -> "0.3.1".equals(RealServerControllerInstallTest.status(
                    object, "installedVersion")) && "True".equals(conditionOrEmpty(object, "OperatorRunning")
                            .get("status")));
            // The upgrade's RBAC, written against the cluster so that it names what 0.4.0 deletes.
            RealServerInstallerRbacTest.apply(server.client(), team.run("plan",
                    TestPaths.arg("samples/bundles/cachebox-operator-v0.4.0"), "-n", ns, "--csv-mode", "render",
                    "--installer-rbac", "installer").out());

            server.client().configMaps().inNamespace(ns).resource(packed("catalog", full, Map.of())).update();
            long changed = System.nanoTime();
            await(server.client(), ns, "cachebox", object -> "0.4.0".equals(RealServerControllerInstallTest.status(
                    object, "installedVersion")));
            assertThat(java.time.Duration.ofNanos(System.nanoTime() - changed))
                    .as("seen by the watch, long before the 5-minute resync").isLessThan(Duration.ofSeconds(60));
        }
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> conditionOrEmpty(GenericKubernetesResource object, String type) {
        Object conditions = RealServerControllerInstallTest.status(object, "conditions");
        if (conditions instanceof List<?> list) {
            for (Object condition : list) {
                if (type.equals(((Map<String, Object>) condition).get("type"))) {
                    return (Map<String, Object>) condition;
                }
            }
        }
        return Map.of();
    }

    /** A controller as deploy/ runs it: a real token of its ServiceAccount, with deploy/rbac.yaml's rights. */
    private record Controlled(ClusterConnection connection, InstallerConnections installers, Controller controller)
            implements AutoCloseable {

        static Controlled start(RealApiServer server, Path temp, String namespace) {
            return start(server, temp, namespace, false);
        }

        /** With {@code following}, it also watches catalog ConfigMaps (as each install's account). */
        static Controlled start(RealApiServer server, Path temp, String namespace, boolean following) {
            RealIdentity identity = RealIdentities.existingServiceAccount(server, temp, "bundlectl-system",
                    "bundlectl-controller", null);
            ClusterConnection connection = ClusterConnection.connect(identity.config(), Duration.ofSeconds(30));
            InstallerConnections installers = new InstallerConnections(connection, false);
            PipelineInstaller installer = new PipelineInstaller(installers, new SourceSettings(RegistryOptions.defaults(),
                    temp.resolve("cache"), false), ApplySettings.defaults(), Clock.systemUTC());
            Reconciler reconciler = new Reconciler(new BundleInstallClient(connection.client()), installer,
                    new EventRecorder(connection.client(), "least-privilege"), Clock.systemUTC());
            ControllerSettings settings = new ControllerSettings(namespace, 2, Duration.ofMinutes(5),
                    Duration.ofMillis(500), Duration.ofSeconds(5), "least-privilege", null);
            Controller controller = following
                    ? new Controller(connection.client(), reconciler, settings, true, List.of(),
                            new SourceFollowing(installers, new ImageDigests(reference ->
                                    io.vertx.core.Future.succeededFuture(reference), Duration.ZERO, Clock.systemUTC()),
                                    Duration.ZERO))
                    : new Controller(connection.client(), reconciler, settings, true);
            controller.start();
            return new Controlled(connection, installers, controller);
        }

        @Override
        public void close() {
            controller.close();
            installers.close();
            connection.close();
        }
    }

    /** deploy/crd.yaml and deploy/rbac.yaml, applied as a cluster admin would. */
    private static void deploy(RealApiServer server) {
        RealServerControllerNamespaceGoneTest.deploy(server);
    }

    private static io.fabric8.kubernetes.api.model.ConfigMap packed(String name, Path bundle, Map<String, String> extra)
            throws IOException {
        Map<String, String> data = new TreeMap<>(extra);
        try (Stream<Path> files = Files.walk(bundle)) {
            for (Path file : files.filter(Files::isRegularFile).toList()) {
                data.put(bundle.relativize(file).toString().replace(java.io.File.separator, "__"), Files.readString(file));
            }
        }
        return new ConfigMapBuilder().withNewMetadata().withName(name).endMetadata().withData(data).build();
    }

    private static void create(KubernetesClient client, String namespace, String name, String spec) {
        client.genericKubernetesResources(BundleInstallKind.context()).inNamespace(namespace).resource(
                Serialization.unmarshal("apiVersion: bundlectl.dev/v1alpha1\nkind: BundleInstall\nmetadata: {name: "
                        + name + "}\nspec: " + spec + "\n", GenericKubernetesResource.class)).create();
    }

    private static GenericKubernetesResource await(KubernetesClient client, String namespace, String name,
            Predicate<GenericKubernetesResource> condition) {
        long deadline = System.nanoTime() + WAIT.toNanos();
        GenericKubernetesResource last = null;
        while (System.nanoTime() < deadline) {
            last = client.genericKubernetesResources(BundleInstallKind.context()).inNamespace(namespace).withName(name)
                    .get();
            if (condition.test(last)) {
                return last;
            }
            try {
                Thread.sleep(200);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError("interrupted", e);
            }
        }
        throw new AssertionError("timed out waiting for " + namespace + "/" + name + "; last seen: "
                + (last == null ? "gone" : Serialization.asYaml(last.getAdditionalProperties().get("status"))));
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> condition(GenericKubernetesResource object, String type) {
        for (Object condition : (List<Object>) RealServerControllerInstallTest.status(object, "conditions")) {
            Map<String, Object> fields = (Map<String, Object>) condition;
            if (type.equals(fields.get("type"))) {
                return fields;
            }
        }
        throw new AssertionError("no condition " + type);
    }

    /** Whether the API server lets {@code who} make the request, asked with their own token. */
    private static boolean allowed(RealIdentity who, String verb, String group, String resource) {
        try (KubernetesClient client = new KubernetesClientBuilder().withConfig(who.config()).build()) {
            String answer = client.raw(client.getMasterUrl() + "apis/authorization.k8s.io/v1/selfsubjectaccessreviews",
                    "POST", Map.of("apiVersion", "authorization.k8s.io/v1", "kind", "SelfSubjectAccessReview",
                            "spec", Map.of("resourceAttributes", Map.of("verb", verb, "group", group,
                                    "resource", resource))));
            return answer.contains("\"allowed\":true");
        }
    }
}
