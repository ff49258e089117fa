package dev.bundlectl.executor;

import dev.bundlectl.cluster.connect.ConnectionSettings;
import dev.bundlectl.cluster.connect.ClusterConnection;
import dev.bundlectl.cluster.connect.ConnectionException;
import dev.bundlectl.cluster.connect.Impersonation;
import java.util.List;
import java.util.Map;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.bundlectl.cluster.kube.ApiException;
import dev.bundlectl.executor.testing.Await;
import dev.bundlectl.executor.testing.MockCluster;
import dev.bundlectl.plan.errors.ApiFailure;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Kubeconfig loading, authentication, TLS and fabric8's retry setting. */
class ClusterConnectionTest {

    @TempDir
    Path dir;

    private Path kubeconfig(String server, String clusterExtra, String users) throws IOException {
        String text = """
                apiVersion: v1
                kind: Config
                current-context: main
                clusters:
                - name: test
                  cluster:
                    server: %s
                %s
                contexts:
                - name: main
                  context: {cluster: test, user: token-user}
                - name: other
                  context: {cluster: test, user: exec-user}
                users:
                %s
                """.formatted(server, clusterExtra, users);
        Path file = dir.resolve("kubeconfig");
        Files.writeString(file, text);
        return file;
    }

    private String users() throws IOException {
        // An exec credential plugin, as cloud providers ship them: prints an ExecCredential.
        Path plugin = dir.resolve("credential-plugin");
        Files.writeString(plugin, "#!/bin/sh\necho '{\"apiVersion\":\"client.authentication.k8s.io/v1\","
                + "\"kind\":\"ExecCredential\",\"status\":{\"token\":\"exec-token\"}}'\n");
        plugin.toFile().setExecutable(true);
        return """
                - name: token-user
                  user: {token: kubeconfig-token}
                - name: exec-user
                  user:
                    exec:
                      apiVersion: client.authentication.k8s.io/v1
                      interactiveMode: Never
                      command: %s
                """.formatted(plugin);
    }

    private static ConnectionSettings settings(Path kubeconfig) {
        return ConnectionSettings.defaults().withKubeconfig(kubeconfig);
    }

    @Test
    void actsAsTheUserTheKubeconfigImpersonatesAsKubectlDoes() throws Exception {
        String users = """
                - name: token-user
                  user:
                    token: kubeconfig-token
                    as: alice
                    as-groups: [developers, auditors]
                """;
        try (MockCluster cluster = MockCluster.start();
                ClusterConnection connection = ClusterConnection.open(settings(kubeconfig(cluster.url(), "", users)))) {
            var config = connection.client().getConfiguration();

            assertThat(config.getImpersonateUsername()).isEqualTo("alice");
            assertThat(config.getImpersonateGroups()).containsExactly("developers", "auditors");
        }
    }

    @Test
    void everyRequestCarriesTheKubeconfigsImpersonationWithTheFlagsOverItFieldByField() throws Exception {
        String users = """
                - name: token-user
                  user:
                    token: kubeconfig-token
                    as: alice
                    as-groups: [developers, auditors]
                    as-user-extra: {"scopes.example.com/ä b": [read, write]}
                """;
        try (MockCluster cluster = MockCluster.start()) {
            Path file = kubeconfig(cluster.url(), "", users);
            try (ClusterConnection asKubeconfig = ClusterConnection.open(settings(file))) {
                Await.result(asKubeconfig.api().discover("/api/v1"));
            }
            // --as-uid alone over the kubeconfig's user keeps its user and groups, as kubectl does.
            try (ClusterConnection withUid = ClusterConnection.open(settings(file)
                    .withImpersonation(new Impersonation("alice", List.of(), "1234", Map.of())))) {
                Await.result(withUid.api().discover("/api/v1"));
            }
            try (ClusterConnection asBob = ClusterConnection.open(settings(file)
                    .withImpersonation(new Impersonation("bob", List.of("team-b"), null, Map.of())))) {
                Await.result(asBob.api().discover("/api/v1"));
                // A view acts as another identity over the same connection; the connection itself is unchanged.
                try (ClusterConnection view = asBob.actingAs(Impersonation.serviceAccount("ops", "installer"))) {
                    Await.result(view.api().discover("/api/v1"));
                }
                Await.result(asBob.api().discover("/api/v1"));
            }

            List<Map<String, List<String>>> sent = cluster.requests().stream().map(MockCluster.Request::impersonation)
                    .toList();
            assertThat(sent).hasSize(5);
            // Header names arrive as the server reads them, in any case; the key's escape is client-go's (%XX, UTF-8).
            assertThat(sent.get(0)).containsEntry("impersonate-user", List.of("alice"))
                    .containsEntry("impersonate-group", List.of("developers", "auditors"))
                    .containsEntry("impersonate-extra-scopes.example.com%2f%c3%a4%20b", List.of("read", "write"))
                    .doesNotContainKey("impersonate-uid");
            assertThat(sent.get(1)).containsEntry("impersonate-user", List.of("alice"))
                    .containsEntry("impersonate-uid", List.of("1234"))
                    .containsEntry("impersonate-group", List.of("developers", "auditors"));
            assertThat(sent.get(2)).containsEntry("impersonate-user", List.of("bob"))
                    .containsEntry("impersonate-group", List.of("team-b"));
            assertThat(sent.get(3)).containsOnlyKeys("impersonate-user")
                    .containsEntry("impersonate-user", List.of("system:serviceaccount:ops:installer"));
            assertThat(sent.get(4)).containsEntry("impersonate-user", List.of("bob"));
        }
    }

    @Test
    void viewsShareOneDiscoveryCacheAndTheFirstToAskAsksAsItsOwnIdentity() throws IOException, ConnectionException {
        try (MockCluster cluster = MockCluster.start();
                ClusterConnection controller = ClusterConnection.open(settings(kubeconfig(cluster.url(), "", users())))) {
            ClusterConnection teamA = controller.actingAs(Impersonation.serviceAccount("team-a", "installer"));
            ClusterConnection teamB = controller.actingAs(Impersonation.serviceAccount("team-b", "installer"));

            var fromA = Await.result(teamA.discovery().find("rbac.authorization.k8s.io", "v1", "ClusterRole"));
            var fromB = Await.result(teamB.discovery().find("rbac.authorization.k8s.io", "v1", "ClusterRole"));
            var fromController = Await.result(controller.discovery().find("rbac.authorization.k8s.io", "v1", "ClusterRole"));

            assertThat(fromA).isPresent().isEqualTo(fromB).isEqualTo(fromController);
            List<MockCluster.Request> asked = cluster.requests("GET", "/apis/rbac.authorization.k8s.io/v1");
            assertThat(asked).as("one request for the three").hasSize(1);
            assertThat(asked.get(0).impersonation()).containsEntry("impersonate-user",
                    List.of("system:serviceaccount:team-a:installer"));
        }
    }

    @Test
    void groupsOrAUidWithoutAUserAreRefusedAsKubectlRefusesThem() {
        assertThatThrownBy(() -> new Impersonation(null, List.of("g"), null, Map.of()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("needs a user to act as");
        assertThatThrownBy(() -> new Impersonation(" ", List.of(), "uid", Map.of()))
                .isInstanceOf(IllegalArgumentException.class);
        assertThat(Impersonation.NONE.none()).isTrue();
        assertThat(Impersonation.serviceAccount("ns", "sa").describe()).isEqualTo("system:serviceaccount:ns:sa");
    }

    @Test
    void withoutImpersonationTheCredentialsActAsThemselves() throws Exception {
        try (MockCluster cluster = MockCluster.start();
                ClusterConnection connection = ClusterConnection.open(settings(kubeconfig(cluster.url(), "", users())))) {
            assertThat(connection.client().getConfiguration().getImpersonateUsername()).isNull();
        }
    }

    @Test
    void usesTheKubeconfigsTokenAndSwitchesFabric8RetriesOff() throws Exception {
        try (MockCluster cluster = MockCluster.start();
                ClusterConnection connection = ClusterConnection.open(settings(kubeconfig(cluster.url(), "", users())))) {
            Await.result(connection.api().discover("/api/v1"));

            assertThat(cluster.requests()).last().satisfies(
                    request -> assertThat(request.authorization()).isEqualTo("Bearer kubeconfig-token"));
            assertThat(connection.client().getConfiguration().getRequestRetryBackoffLimit()).isZero();
            assertThat(connection.client().getConfiguration().isTrustCerts()).isFalse();
            assertThat(connection.toString()).doesNotContain("kubeconfig-token");
        }
    }

    @Test
    void aContextWithAnExecPluginGetsItsTokenFromThePlugin() throws Exception {
        try (MockCluster cluster = MockCluster.start();
                ClusterConnection connection = ClusterConnection.open(
                        settings(kubeconfig(cluster.url(), "", users())).withContext("other"))) {
            Await.result(connection.api().discover("/api/v1"));

            assertThat(cluster.requests()).last().satisfies(
                    request -> assertThat(request.authorization()).isEqualTo("Bearer exec-token"));
        }
    }

    @Test
    void verifiesTlsUnlessTheKubeconfigSaysInsecure() throws Exception {
        KubernetesMockServer https = new KubernetesMockServer(true);
        https.init();
        try {
            https.expect().get().withPath("/api/v1").andReturn(200, "{\"kind\":\"APIResourceList\"}").always();
            try (ClusterConnection verifying = ClusterConnection.open(settings(kubeconfig(https.url("/"), "", users())))) {
                Throwable failure = Await.failure(verifying.api().discover("/api/v1"));
                assertThat(failure).isInstanceOf(ApiException.class);
                assertThat(((ApiException) failure).failure()).isInstanceOfSatisfying(ApiFailure.TransportError.class,
                        transport -> assertThat(transport.kind()).isEqualTo(ApiFailure.TransportError.Kind.TLS));
            }
            Path insecure = kubeconfig(https.url("/"), "    insecure-skip-tls-verify: true", users());
            try (ClusterConnection trusting = ClusterConnection.open(settings(insecure))) {
                assertThat(Await.result(trusting.api().discover("/api/v1"))).isPresent();
            }
        } finally {
            https.destroy();
        }
    }

    @Test
    void aMissingKubeconfigIsAOneLineDiagnostic() {
        Path missing = dir.resolve("nope");

        assertThatThrownBy(() -> ClusterConnection.open(settings(missing)))
                .isInstanceOf(ConnectionException.class)
                .hasMessage("kubeconfig " + missing + " does not exist or is not a file");
    }

    @Test
    void anUnknownContextIsNamed() throws Exception {
        Path file = kubeconfig("https://127.0.0.1:6443", "", users());

        assertThatThrownBy(() -> ClusterConnection.open(settings(file).withContext("staging")))
                .isInstanceOf(ConnectionException.class)
                .hasMessage("context \"staging\" not found in kubeconfig [" + file + "]");
    }

    @Test
    void anUnreadableKubeconfigNamesTheFile() throws Exception {
        Path file = dir.resolve("broken");
        Files.writeString(file, "clusters: [unclosed\n  - : :\n");

        assertThatThrownBy(() -> ClusterConnection.open(settings(file)))
                .isInstanceOf(ConnectionException.class)
                .hasMessageStartingWith("cannot load kubeconfig " + file + ": ")
                .hasMessageNotContaining("\n");
    }

    @Test
    void aKubeconfigReadAsJsonThatIsNotSaysWhereWithoutQuotingIt() throws Exception {
        Path file = dir.resolve("flow");
        Files.writeString(file, "{\"users\": [{\"name\": \"u\", \"user\": {\"token\": s3cr3t-value}}]}\n");

        assertThatThrownBy(() -> ClusterConnection.open(settings(file)))
                .isInstanceOf(ConnectionException.class)
                .hasMessageStartingWith("cannot load kubeconfig " + file + ": not valid JSON at line 1, column ")
                .hasMessageEndingWith(" (a kubeconfig that starts with { or [ is read as JSON)")
                .hasMessageNotContaining("s3cr3t");
    }

    @Test
    void connectionSettingsRejectANonPositiveTimeout() {
        assertThatThrownBy(() -> new ConnectionSettings(null, null, Duration.ZERO))
                .isInstanceOf(IllegalArgumentException.class);
        assertThat(new ConnectionSettings(null, " ", Duration.ofSeconds(1)).context()).isNull();
    }
}
