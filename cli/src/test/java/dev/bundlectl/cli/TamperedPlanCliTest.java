package dev.bundlectl.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.bundlectl.plan.model.InstallPlan;
import dev.bundlectl.plan.model.InstallPlanPhase;
import dev.bundlectl.plan.model.Step;
import dev.bundlectl.plan.model.StepResource;
import dev.bundlectl.plan.model.StepStatus;
import dev.bundlectl.bundle.yaml.InputFileException;
import dev.bundlectl.plan.output.InstallPlanCodec;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A reviewed plan that was changed after review is refused before anything else happens: the
 * kubeconfig points at a loopback listener that counts connections, and none is ever opened.
 * Each case edits a real plan of the sample bundle as someone with write access to the file would.
 */
@Timeout(60)
class TamperedPlanCliTest {

    private static final String SAMPLE = "samples/bundles/cachebox-operator";

    @TempDir
    Path dir;
    private ConnectionCounter listener;
    private Path kubeconfig;

    /** Accepts and counts connections on loopback, and closes them: no API server behind it. */
    private static final class ConnectionCounter implements AutoCloseable {
        private final ServerSocket socket;
        private final AtomicInteger accepted = new AtomicInteger();
        private final Thread acceptor;

        ConnectionCounter() throws IOException {
            socket = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
            acceptor = new Thread(() -> {
                while (!socket.isClosed()) {
                    try (Socket connection = socket.accept()) {
                        accepted.incrementAndGet();
                    } catch (IOException closed) {
                        return;
                    }
                }
            }, "connection-counter");
            acceptor.setDaemon(true);
            acceptor.start();
        }

        int port() {
            return socket.getLocalPort();
        }

        int accepted() {
            return accepted.get();
        }

        @Override
        public void close() throws IOException {
            socket.close();
        }
    }

    @BeforeEach
    void start() throws IOException {
        listener = new ConnectionCounter();
        kubeconfig = dir.resolve("kubeconfig");
        Files.writeString(kubeconfig, """
                apiVersion: v1
                kind: Config
                clusters:
                - name: counter
                  cluster:
                    server: https://127.0.0.1:%d
                contexts:
                - name: counter
                  context: {cluster: counter, user: someone, namespace: demo}
                current-context: counter
                users:
                - name: someone
                  user: {token: not-a-real-token}
                """.formatted(listener.port()));
    }

    @AfterEach
    void stop() throws IOException {
        listener.close();
    }

    /** The sample's reviewed plan with {@code edit} applied to it, written as a plan file. */
    private Path edited(UnaryOperator<InstallPlan> edit) throws IOException, InputFileException {
        CliRun plan = CliRun.of("plan", CliRun.repoRoot().resolve(SAMPLE).toString(), "-n", "demo", "-o", "yaml");
        assertThat(plan.exitCode()).as(plan.toString()).isZero();
        InstallPlan reviewed = InstallPlanCodec.parse(plan.out(), "plan.yaml");
        Path file = dir.resolve("plan.yaml");
        Files.writeString(file, InstallPlanCodec.toYaml(edit.apply(reviewed)));
        return file;
    }

    private static InstallPlan withSteps(InstallPlan plan, UnaryOperator<List<Step>> change) {
        InstallPlan.Status status = plan.status();
        return plan.withStatus(new InstallPlan.Status(status.phase(), status.conditions(),
                change.apply(new ArrayList<>(status.plan())), status.startTime(), status.completionTime(),
                status.message(), status.capabilities()));
    }

    private static UnaryOperator<List<Step>> replacing(String name, UnaryOperator<Step> change) {
        return steps -> {
            steps.replaceAll(step -> step.resource().name().equals(name) ? change.apply(step) : step);
            return steps;
        };
    }

    private static Step withManifest(Step step, String manifest) {
        return step.withResource(step.resource().withManifest(manifest));
    }

    private CliRun install(Path plan, String... more) {
        List<String> args = new ArrayList<>(List.of("install", "--plan-file", plan.toString(), "--kubeconfig",
                kubeconfig.toString()));
        args.addAll(List.of(more));
        return CliRun.of(args.toArray(String[]::new));
    }

    private void assertRefusedOffline(CliRun install, String... messages) {
        assertThat(install.exitCode()).as(install.toString()).isEqualTo(ExitCode.INVALID_INPUT);
        assertThat(install.err()).contains(messages).doesNotContain("\tat ").doesNotContain("Exception");
        assertThat(listener.accepted()).as("connections opened").isZero();
    }

    @Test
    void aManifestChangedAfterReviewIsRefused() throws Exception {
        Path plan = edited(p -> withSteps(p, replacing("cachebox-defaults", step -> withManifest(step,
                step.resource().manifest().replace("\"data\":{", "\"data\":{\"injected\":\"yes\",")))));

        assertRefusedOffline(install(plan), "the plan differs from a fresh plan of",
                "step 10 (ConfigMap/demo/cachebox-defaults): manifest differs from the bundle's at data.injected",
                "nothing was applied");
    }

    @Test
    void anInjectedClusterAdminBindingIsRefused() throws Exception {
        Path plan = edited(p -> withSteps(p, steps -> {
            Step template = steps.get(steps.size() - 1);
            steps.add(template.withResource(new StepResource("rbac.authorization.k8s.io", "v1", "ClusterRoleBinding",
                    "everyone-admin", null, "cachebox-operator", template.resource().sourceNamespace(),
                    "{\"apiVersion\":\"rbac.authorization.k8s.io/v1\",\"kind\":\"ClusterRoleBinding\",\"metadata\":"
                            + "{\"name\":\"everyone-admin\"},\"roleRef\":{\"apiGroup\":\"rbac.authorization.k8s.io\","
                            + "\"kind\":\"ClusterRole\",\"name\":\"cluster-admin\"},\"subjects\":[{\"kind\":\"Group\","
                            + "\"name\":\"system:authenticated\",\"apiGroup\":\"rbac.authorization.k8s.io\"}]}")));
            return steps;
        }));

        assertRefusedOffline(install(plan),
                "step 19 (ClusterRoleBinding/everyone-admin): not in the plan of the bundle (added or renamed after review)");
    }

    @Test
    void aResourceThatNamesAnotherObjectThanItsManifestIsRefused() throws Exception {
        Path plan = edited(p -> withSteps(p, replacing("cachebox-defaults", step -> {
            StepResource r = step.resource();
            return step.withResource(new StepResource(r.group(), r.version(), r.kind(), "harmless-looking",
                    r.namespace(), r.sourceName(), r.sourceNamespace(), r.manifest()));
        })));

        assertRefusedOffline(install(plan), "step 10 (ConfigMap/demo/harmless-looking): resource.manifest metadata.name: "
                + "is \"cachebox-defaults\" but the step's resource says \"harmless-looking\"");
    }

    @Test
    void aNamespaceChangedAfterReviewIsRefused() throws Exception {
        Path plan = edited(p -> withSteps(p, replacing("cachebox-editor",
                step -> step.withResource(step.resource().withNamespace("kube-system")))));

        assertRefusedOffline(install(plan),
                "step 11 (Role/kube-system/cachebox-editor): not in the plan of the bundle (added or renamed after review)",
                "Role/demo/cachebox-editor: in the plan of the bundle but missing from the plan file");
    }

    @Test
    void aSecretValuePlantedInClearIsRefused() throws Exception {
        Path plan = edited(p -> withSteps(p, replacing("cachebox-license", step -> withManifest(step,
                step.resource().manifest().replaceAll("<redacted sha256:[0-9a-f]+>", "planted-in-clear")))));

        assertRefusedOffline(install(plan), "step 12 (Secret/demo/cachebox-license): manifest differs from the bundle's at");
        assertThat(install(plan).err()).doesNotContain("CBX-SAMPLE");
    }

    @Test
    void aManifestThatIsNotJsonIsRefused() throws Exception {
        Path plan = edited(p -> withSteps(p, replacing("cachebox-defaults", step -> withManifest(step, "{broken"))));

        assertRefusedOffline(install(plan), "step 10 (ConfigMap/demo/cachebox-defaults): resource.manifest: not valid JSON");
    }

    @Test
    void aPlanWhoseBundleIsNotHereCannotBeChecked() throws Exception {
        Path plan = edited(p -> new InstallPlan(new InstallPlan.Metadata(p.metadata().name(), p.metadata().namespace(),
                withAnnotation(p, "bundlectl.dev/bundle-path", dir.resolve("gone").toString())), p.spec(), p.status()));

        assertRefusedOffline(install(plan), "cannot check the reviewed plan against its bundle: its bundle is not here",
                "--allow-edited-plan");
    }

    private static java.util.Map<String, String> withAnnotation(InstallPlan plan, String key, String value) {
        java.util.Map<String, String> annotations = new java.util.HashMap<>(plan.metadata().annotations());
        annotations.put(key, value);
        return annotations;
    }

    @Test
    void forgedStatusesAreNeverUsed() throws Exception {
        // Phase Complete and every step NotCreated: were they trusted, nothing would be sent.
        Path plan = edited(p -> {
            InstallPlan forged = withSteps(p, steps -> {
                steps.replaceAll(step -> step.withStatus(StepStatus.NOT_CREATED, "forged"));
                return steps;
            });
            InstallPlan.Status s = forged.status();
            return forged.withStatus(new InstallPlan.Status(InstallPlanPhase.COMPLETE, s.conditions(), s.plan(),
                    s.startTime(), s.completionTime(), s.message(), s.capabilities()));
        });

        try (CliCluster cluster = CliCluster.start(Files.createDirectories(dir.resolve("mock")))) {
            CliRun install = cluster.run("install", "--plan-file", plan.toString(), "--create-namespace");

            assertThat(install.exitCode()).as(install.toString()).isZero();
            assertThat(cluster.writtenNames()).contains("cachebox-operator.v0.3.1", "cachebox-defaults",
                    "cachebox-editor");
            assertThat(install.out()).doesNotContain("forged")
                    .containsPattern("ServiceMonitor\\s+cachebox-operator-metrics\\s+demo\\s+yes\\s+NotCreated");
        }
    }

    @Test
    void allowEditedPlanAppliesTheEditAfterPrintingIt() throws Exception {
        Path plan = edited(p -> withSteps(p, replacing("cachebox-defaults", step -> withManifest(step,
                step.resource().manifest().replace("\"data\":{", "\"data\":{\"injected\":\"yes\",")))));

        try (CliCluster cluster = CliCluster.start(Files.createDirectories(dir.resolve("mock")))) {
            CliRun install = cluster.run("install", "--plan-file", plan.toString(), "--create-namespace",
                    "--allow-edited-plan");

            assertThat(install.exitCode()).as(install.toString()).isZero();
            assertThat(install.err()).contains("warning: applying an edited plan (--allow-edited-plan)")
                    .contains("warning: step 10 (ConfigMap/demo/cachebox-defaults): manifest differs from the bundle's "
                            + "at data.injected");
            assertThat(cluster.connection().client().configMaps().inNamespace("demo").withName("cachebox-defaults")
                    .get().getData()).containsEntry("injected", "yes");
        }
    }
}
