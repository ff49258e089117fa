package dev.bundlectl.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.bundlectl.cluster.connect.ClusterConnection;
import dev.bundlectl.controller.api.BundleInstallSpec;
import dev.bundlectl.controller.reconcile.BundleInstallClient;
import dev.bundlectl.controller.reconcile.BundleInstaller;
import dev.bundlectl.controller.reconcile.EventRecorder;
import dev.bundlectl.controller.reconcile.InstalledBundle;
import dev.bundlectl.controller.reconcile.PlannedBundle;
import dev.bundlectl.controller.reconcile.Reconciler;
import dev.bundlectl.controller.runtime.ControllerLoop;
import dev.bundlectl.controller.runtime.ControllerSettings;
import dev.bundlectl.executor.testing.MockCluster;
import dev.bundlectl.executor.records.ObjectRef;
import dev.bundlectl.plan.model.InstallPlan;
import dev.bundlectl.plan.model.PlanCondition;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * A controller started while the API server answers its first list of BundleInstalls 429 and then
 * 503. On Kubernetes 1.31 and later the list of a CRD created a moment ago is answered 429 "storage
 * is (re)initializing" until its watch cache is filled (RealServerControllerLeastPrivilegeTest met it
 * on 1.34.9), and deploy/ applies the CRD with the controller; a real server cannot be made to say it
 * on demand (its API Priority and Fairness seats a lone request even at a level of no seats), so
 * fabric8's mock server answers here. The controller lists again, and starts, rather than failing.
 */
class ControllerStartUnderFaultsTest {

    private static final String NS = "team";
    private static final String LIST = "/apis/bundlectl.dev/v1alpha1/namespaces/" + NS
            + "/bundleinstalls?resourceVersion=0";

    @Test
    void aControllerWhoseFirstListsAreAnswered429And503ListsAgainAndStarts() {
        try (MockCluster cluster = MockCluster.start()) {
            cluster.server().expect().get().withPath(LIST).andReturn(429, status(429, "TooManyRequests",
                    "storage is (re)initializing")).once();
            cluster.server().expect().get().withPath(LIST).andReturn(503, status(503, "ServiceUnavailable",
                    "the server is currently unable to handle the request")).once();
            ClusterConnection connection = cluster.connect();
            Reconciler reconciler = new Reconciler(new BundleInstallClient(connection.client()), new NoInstalls(),
                    new EventRecorder(connection.client(), "test"), Clock.systemUTC());
            try (ControllerLoop loop = new ControllerLoop(connection.client(), reconciler, new ControllerSettings(NS, 1,
                    Duration.ofMinutes(10), Duration.ofMillis(200), Duration.ofSeconds(2), "test", null))) {
                loop.start();
            }
            assertThat(cluster.requests("GET", "/apis/bundlectl.dev/v1alpha1/namespaces/" + NS + "/bundleinstalls"))
                    .filteredOn(request -> !request.path().contains("watch="))
                    .extracting(MockCluster.Request::code).startsWith(429, 503, 200);
        }
    }

    @Test
    void aControllerWithoutTheRightToListStopsAtOnceSayingSo() {
        try (MockCluster cluster = MockCluster.start()) {
            cluster.server().expect().get().withPath(LIST).andReturn(403, status(403, "Forbidden",
                    "bundleinstalls.bundlectl.dev is forbidden")).always();
            ClusterConnection connection = cluster.connect();
            Reconciler reconciler = new Reconciler(new BundleInstallClient(connection.client()), new NoInstalls(),
                    new EventRecorder(connection.client(), "test"), Clock.systemUTC());
            try (ControllerLoop loop = new ControllerLoop(connection.client(), reconciler, new ControllerSettings(NS, 1,
                    Duration.ofMinutes(10), Duration.ofMillis(200), Duration.ofSeconds(2), "test", null))) {
                assertThatThrownBy(loop::start).isInstanceOf(IllegalStateException.class)
                        .hasMessageContaining("cannot watch BundleInstalls").hasMessageContaining("forbidden");
            }
            assertThat(cluster.requests("GET", "/apis/bundlectl.dev/v1alpha1/namespaces/" + NS + "/bundleinstalls"))
                    .as("listed once, not again").hasSize(1);
        }
    }

    /** A Status as the API server answers a refused request. */
    private static String status(int code, String reason, String message) {
        return "{\"kind\":\"Status\",\"apiVersion\":\"v1\",\"status\":\"Failure\",\"code\":" + code + ",\"reason\":\""
                + reason + "\",\"message\":\"" + message + "\",\"details\":{\"retryAfterSeconds\":1}}";
    }

    /** No BundleInstall exists here: nothing is planned or installed. */
    private static final class NoInstalls implements BundleInstaller {
        @Override
        public PlannedBundle plan(String namespace, BundleInstallSpec spec) {
            throw new AssertionError("nothing to plan");
        }

        @Override
        public PlannedBundle planHop(String namespace, BundleInstallSpec spec, String bundleImage) {
            throw new AssertionError("nothing to plan");
        }

        @Override
        public InstalledBundle install(String namespace, PlannedBundle planned) {
            throw new AssertionError("nothing to install");
        }

        @Override
        public Optional<PlanCondition> running(PlannedBundle planned, InstallPlan installed) {
            return Optional.empty();
        }

        @Override
        public String uninstall(String namespace, String packageName, String serviceAccountName, List<ObjectRef> applied) {
            throw new AssertionError("nothing to uninstall");
        }
    }
}
