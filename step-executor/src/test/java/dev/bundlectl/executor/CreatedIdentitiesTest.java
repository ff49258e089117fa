package dev.bundlectl.executor;

import dev.bundlectl.plan.planned.PlannedInstall;
import dev.bundlectl.cluster.connect.ClusterConnection;
import dev.bundlectl.executor.apply.ApplySettings;
import static dev.bundlectl.executor.testing.Manifests.configMap;
import static dev.bundlectl.executor.testing.Manifests.required;
import static dev.bundlectl.executor.testing.Manifests.serviceAccount;
import static org.assertj.core.api.Assertions.assertThat;

import dev.bundlectl.executor.testing.Await;
import dev.bundlectl.executor.testing.Manifests;
import dev.bundlectl.executor.testing.MockCluster;
import dev.bundlectl.plan.model.InstallPlan;
import dev.bundlectl.plan.model.StepStatus;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * An execution hands out the identity the server gave each object it created, straight from the
 * create answers: install records need the uids, and reading every object back would cost a
 * discovery lookup and a GET per object.
 */
class CreatedIdentitiesTest {

    private MockCluster cluster;
    private ClusterConnection connection;

    @BeforeEach
    void start() {
        cluster = MockCluster.start();
        connection = cluster.connect();
    }

    @AfterEach
    void stop() {
        cluster.close();
    }

    private static InstallPlan plan() {
        return Manifests.plan(required(configMap("settings", Map.of("mode", "fast")), true),
                required(serviceAccount("demo"), true));
    }

    @Test
    void eachCreatedStepCarriesTheUidTheServerGaveItWithoutReadingItBack() {
        RunningPlan execution = new PlanApplier(connection).start(PlannedInstall.read(plan()), ApplySettings.defaults(), event -> { });
        InstallPlan finished = Await.result(execution.result());

        assertThat(finished.steps()).extracting(step -> step.status()).containsOnly(StepStatus.CREATED);
        assertThat(cluster.requests("GET", "/api/v1/namespaces/" + Manifests.NS + "/configmaps/settings")).isEmpty();
        String liveUid = connection.client().configMaps().inNamespace(Manifests.NS).withName("settings").get()
                .getMetadata().getUid();
        assertThat(liveUid).isNotBlank();
        assertThat(execution.createdObjects()).containsOnlyKeys(0, 1);
        assertThat(execution.createdObjects().get(0)).satisfies(identity -> {
            assertThat(identity.plural()).isEqualTo("configmaps");
            assertThat(identity.uid()).isEqualTo(liveUid);
            assertThat(identity.resourceVersion()).isNotBlank();
        });
        assertThat(execution.createdObjects().get(1).plural()).isEqualTo("serviceaccounts");
    }

    @Test
    void aDryRunCreatesNothingAndReportsNoIdentities() {
        RunningPlan execution = new PlanApplier(connection).start(PlannedInstall.read(plan()),
                ApplySettings.builder().dryRunServer(true).build(), event -> { });
        Await.result(execution.result());

        assertThat(execution.createdObjects()).isEmpty();
    }

    @Test
    void anObjectThatExistedIsPresentAndHasNoIdentity() {
        Await.result(new PlanApplier(connection).start(PlannedInstall.read(plan()), ApplySettings.defaults(), event -> { }).result());

        RunningPlan again = new PlanApplier(connection).start(PlannedInstall.read(plan()), ApplySettings.defaults(), event -> { });
        InstallPlan finished = Await.result(again.result());

        assertThat(finished.steps()).extracting(step -> step.status()).containsOnly(StepStatus.PRESENT);
        assertThat(again.createdObjects()).isEmpty();
    }
}
