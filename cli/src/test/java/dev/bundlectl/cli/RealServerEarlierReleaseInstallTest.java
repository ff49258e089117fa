package dev.bundlectl.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.bundlectl.executor.PlanApplier;
import dev.bundlectl.executor.RunningPlan;
import dev.bundlectl.executor.apply.ApplySettings;
import dev.bundlectl.cluster.connect.ClusterConnection;
import dev.bundlectl.executor.records.CreatedObject;
import dev.bundlectl.executor.records.InstallRecord;
import dev.bundlectl.executor.records.InstallRecordStore;
import dev.bundlectl.executor.records.ObjectRef;
import dev.bundlectl.executor.records.RecordOrigin;
import dev.bundlectl.executor.testing.Await;
import dev.bundlectl.executor.testing.RealApiServer;
import dev.bundlectl.executor.testing.RealApiServerExtension;
import dev.bundlectl.executor.testing.RealApiServerExtension.Served;
import dev.bundlectl.plan.model.InstallPlan;
import dev.bundlectl.plan.model.StepStatus;
import dev.bundlectl.plan.output.InstallPlanCodec;
import dev.bundlectl.plan.planned.PlannedInstall;
import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.ManagedFieldsEntry;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * An install the previous release made is upgraded and uninstalled by this one, on the real API
 * server (docs/semantics.md §8, "Installs made before installs had owners"). The previous release's
 * install is made the way it made it: every step server-side applied by the one field manager
 * {@code bundlectl}, no owner marks, and a record that lists what it created by uid without an
 * ownership (the executor with no owner still writes exactly so). The upgrade to v0.4.0 takes the
 * earlier release's fields over as the install's own and marks what it keeps; the object v0.4.0
 * no longer ships is deleted; the uninstall then leaves nothing.
 */
@ExtendWith(RealApiServerExtension.class)
class RealServerEarlierReleaseInstallTest {

    @TempDir
    Path dir;

    @Test
    void anInstallTheEarlierReleaseMadeUpgradesAndUninstallsCleanly(
            @Served(RealApiServer.Flavour.PLAIN) RealApiServer server) throws Exception {
        RealCluster cluster = RealCluster.in(server, "earlier");
        String ns = cluster.namespace();
        Path v031 = SampleCopies.renamed(dir.resolve("oldbox-0.3.1"), "oldbox");
        Path v040 = SampleCopies.renamed("samples/bundles/cachebox-operator-v0.4.0", dir.resolve("oldbox-0.4.0"), "oldbox");
        // The earlier release's install is made from a plan document, whose Secret values are redacted.
        for (Path bundle : List.of(v031, v040)) {
            Files.delete(bundle.resolve("manifests/oldbox-license_v1_secret.yaml"));
        }
        installAsTheEarlierRelease(server, cluster, v031);
        ConfigMap before = cluster.client().configMaps().inNamespace(ns).withName("oldbox-defaults").get();
        assertThat(managers(before)).as("the earlier release's one field manager").containsExactly("bundlectl");
        assertThat(before.getMetadata().getAnnotations()).as("no marks").isNullOrEmpty();

        CliRun upgrade = cluster.run("install", v040.toString(), "-n", ns);

        assertThat(upgrade.exitCode()).as(upgrade.toString()).isZero();
        // Nothing runs Pods here: the dropped ConfigMap stays until the new version runs, still owned.
        assertThat(upgrade.out()).contains("Upgrade from oldbox-operator.v0.3.1")
                .containsPattern("ConfigMap\\s+oldbox-defaults\\s+" + ns + ".*kept for now");
        assertThat(cluster.client().configMaps().inNamespace(ns).withName("oldbox-defaults").get()).isNotNull();
        var service = cluster.client().services().inNamespace(ns).withName("oldbox-operator-metrics").get();
        assertThat(OwnerAnnotations.ownedBy(service.getMetadata().getAnnotations(), ns, "oldbox-operator")).isTrue();
        assertThat(service.getMetadata().getManagedFields()).extracting(ManagedFieldsEntry::getManager)
                .as("the earlier release's fields are the install's own now").doesNotContain("bundlectl")
                .contains("bundlectl/oldbox-operator");

        CliRun uninstall = cluster.run("uninstall", "--package", "oldbox-operator", "-n", ns, "--delete-crds");

        assertThat(uninstall.exitCode()).as(uninstall.toString()).isZero();
        RealServerManyHandsTest.assertNothingOf(cluster, v040, ns);
        assertThat(RealServerManyHandsTest.records(cluster, ns)).isEmpty();
    }

    /**
     * The previous release's install of {@code bundle}: planned as now, every step applied by the
     * executor with no owner (the field manager {@code bundlectl}, no marks), and recorded with the
     * objects it created, by uid, and no ownership.
     */
    private static void installAsTheEarlierRelease(RealApiServer server, RealCluster cluster, Path bundle)
            throws Exception {
        String ns = cluster.namespace();
        CliRun plan = cluster.run("plan", bundle.toString(), "-n", ns, "-o", "json");
        assertThat(plan.exitCode()).as(plan.toString()).isZero();
        Path file = Files.writeString(bundle.resolveSibling("earlier-plan.json"), plan.out());
        InstallPlan planned = InstallPlanCodec.read(file);
        ClusterConnection connection = server.connect();
        Instant started = Instant.now();
        RunningPlan run = new PlanApplier(connection).start(PlannedInstall.read(planned),
                ApplySettings.builder().firstInstall(true).build(), event -> { });
        InstallPlan finished = Await.result(run.result());
        assertThat(finished.steps()).noneMatch(step -> step.status() == StepStatus.FAILED);
        List<CreatedObject> created = new ArrayList<>();
        run.createdObjects().forEach((index, identity) -> created.add(new CreatedObject(
                ObjectRef.of(finished.steps().get(index).resource()), identity.plural(), identity.uid(),
                identity.resourceVersion(), null)));
        Await.result(new InstallRecordStore(connection.retryingApi()).save(InstallRecord.fromPlan(finished,
                new RecordOrigin(ns, "oldbox-operator", bundle.toString(), null, false, started), created, List.of(),
                null, run.appliedStates())));
    }

    private static List<String> managers(ConfigMap object) {
        return object.getMetadata().getManagedFields().stream().filter(entry -> "Apply".equals(entry.getOperation()))
                .map(ManagedFieldsEntry::getManager).toList();
    }
}
