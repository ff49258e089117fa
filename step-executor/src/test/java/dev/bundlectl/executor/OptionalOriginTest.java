package dev.bundlectl.executor;

import dev.bundlectl.plan.planned.PlannedInstall;
import dev.bundlectl.cluster.connect.ClusterConnection;
import dev.bundlectl.executor.apply.ApplySettings;
import static dev.bundlectl.executor.testing.Manifests.inNamespace;
import static dev.bundlectl.executor.testing.Manifests.service;
import static dev.bundlectl.executor.testing.Manifests.step;
import static org.assertj.core.api.Assertions.assertThat;

import dev.bundlectl.executor.testing.Await;
import dev.bundlectl.executor.testing.Manifests;
import dev.bundlectl.executor.testing.MockCluster;
import dev.bundlectl.executor.testing.RecordingListener;
import dev.bundlectl.executor.testing.Statuses;
import dev.bundlectl.executor.testing.VirtualScheduler;
import dev.bundlectl.plan.model.InstallPlan;
import dev.bundlectl.plan.model.InstallPlanPhase;
import dev.bundlectl.plan.model.Step;
import dev.bundlectl.plan.model.StepStatus;
import java.time.Duration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A step made optional at install time ({@link Step#optionalBy()}) absorbs the same answers as any
 * optional step, and its {@code NotCreated} message says which rule made it optional; a failure
 * stays a failure and says nothing of the rule.
 */
class OptionalOriginTest {

    private static final String RULE = "--optional-api example.com";
    private static MockCluster cluster;
    private static ClusterConnection connection;

    @BeforeAll
    static void startCluster() {
        cluster = MockCluster.start();
        connection = cluster.connect();
    }

    @AfterAll
    static void stopCluster() {
        cluster.close();
    }

    private static Step optionalByRule(String namespace) {
        Step plain = inNamespace(step(service("demo"), true, true), namespace);
        return new Step(plain.resolving(), plain.resource(), true, plain.status(), null, null, RULE);
    }

    private static InstallPlan run(Step step) {
        ApplySettings options = ApplySettings.builder().scheduler(new VirtualScheduler()).jitter(0)
                .timeout(Duration.ofSeconds(5)).build();
        return Await.result(new PlanApplier(connection).start(PlannedInstall.read(Manifests.plan(step)), options, new RecordingListener())
                .result());
    }

    @Test
    void aForbiddenApplyIsNotCreatedAndTheMessageNamesTheRule() {
        String apply = "/api/v1/namespaces/origin-a/services/demo?fieldManager=bundlectl";
        cluster.server().expect().patch().withPath(apply).andReturn(403, Statuses.status(403, "Forbidden",
                "services is forbidden: User \"dev\" cannot patch resource \"services\"")).always();

        InstallPlan result = run(optionalByRule("origin-a"));

        Step done = result.steps().get(0);
        assertThat(done.status()).isEqualTo(StepStatus.NOT_CREATED);
        assertThat(done.message()).startsWith("403 Forbidden").contains("cannot patch resource \"services\"")
                .endsWith(" (optional by " + RULE + ")");
        assertThat(done.optionalBy()).isEqualTo(RULE);
        assertThat(result.status().phase()).isEqualTo(InstallPlanPhase.COMPLETE);
    }

    @Test
    void aFailureThatNoOptionalStepAbsorbsFailsTheStepWithoutNamingTheRule() {
        String apply = "/api/v1/namespaces/origin-b/services/demo?fieldManager=bundlectl";
        cluster.server().expect().patch().withPath(apply).andReturn(400, Statuses.status(400, "BadRequest",
                "bad request")).always();

        InstallPlan result = run(optionalByRule("origin-b"));

        Step done = result.steps().get(0);
        assertThat(done.status()).isEqualTo(StepStatus.FAILED);
        assertThat(done.message()).startsWith("apply failed: 400").doesNotContain("optional by");
        assertThat(result.status().phase()).isEqualTo(InstallPlanPhase.FAILED);
    }
}
