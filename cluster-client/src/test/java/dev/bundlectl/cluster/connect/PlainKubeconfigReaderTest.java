package dev.bundlectl.cluster.connect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.internal.KubeConfigUtils;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The reader's model against fabric8's own reading of the same file ({@code KubeConfigUtils.parseConfig},
 * the reference), and the client configuration made from it against {@code Config.fromKubeconfig}.
 */
class PlainKubeconfigReaderTest {

    @TempDir
    Path dir;

    private static final String TOKEN = """
            apiVersion: v1
            kind: Config
            clusters:
            - name: prod
              cluster:
                server: https://10.0.0.1:6443
                certificate-authority-data: Q0EgZGF0YQ==
            contexts:
            - name: admin@prod
              context:
                cluster: prod
                user: admin
                namespace: shop
            current-context: admin@prod
            preferences: {}
            users:
            - name: admin
              user:
                token: secret-token-value
            """;

    private static final String CLIENT_CERTIFICATE_FILES = """
            apiVersion: v1
            kind: Config
            clusters:
            - name: kind
              cluster:
                server: https://127.0.0.1:36443
                certificate-authority: certs/ca.crt
                tls-server-name: kubernetes.default
            contexts:
            - name: kind
              context: {cluster: kind, user: kind}
            current-context: kind
            users:
            - name: kind
              user:
                client-certificate: certs/client.crt
                client-key: /etc/keys/client.key
            """;

    private static final String MANY_CONTEXTS = """
            apiVersion: v1
            kind: Config
            current-context: b
            clusters:
            - name: one
              cluster:
                server: https://one.example:443
                insecure-skip-tls-verify: true
                proxy-url: socks5://proxy.example:1080
                disable-compression: true
            - name: two
              cluster:
                server: "https://two.example"
                proxy-url: http://proxy.example:3128
            contexts:
            - name: a
              context: {cluster: one, user: alice, namespace: "123"}
            - name: b
              context:
                cluster: two
                user: bob
            users:
            - name: alice
              user:
                username: alice
                password: "0123"
                as: carol
                as-uid: "42"
                as-groups: [admins, "007"]
            - name: bob
              user:
                tokenFile: tokens/bob
                client-certificate-data: Y2VydA==
                client-key-data: a2V5
            preferences:
              colors: true
            """;

    private static final String NULLS_AND_EMPTIES = """
            apiVersion: v1
            kind: Config
            clusters: []
            contexts:
            - name: empty
              context:
            users:
            current-context:
            """;

    private static final String JSON = """
            {"apiVersion": "v1", "kind": "Config", "current-context": "j",
             "clusters": [{"name": "j", "cluster": {"server": "https://j.example", "insecure-skip-tls-verify": false}}],
             "contexts": [{"name": "j", "context": {"cluster": "j", "user": "j"}}],
             "users": [{"name": "j", "user": {"token": "t\\u00e9"}}]}
            """;

    @ParameterizedTest
    @ValueSource(strings = {TOKEN, CLIENT_CERTIFICATE_FILES, MANY_CONTEXTS, NULLS_AND_EMPTIES})
    void aPlainKubeconfigIsReadToFabric8sOwnModel(String kubeconfig) throws IOException {
        Path file = write(kubeconfig);

        Optional<io.fabric8.kubernetes.api.model.Config> plain = PlainKubeconfigReader.read(file);

        assertTrue(plain.isPresent(), "read without fabric8's binding");
        assertEquals(KubeConfigUtils.parseConfig(file.toFile()), plain.get());
    }

    @ParameterizedTest
    @ValueSource(strings = {TOKEN, CLIENT_CERTIFICATE_FILES, MANY_CONTEXTS, JSON})
    void theClientConfigurationIsTheOneFromKubeconfigMakes(String kubeconfig) throws IOException {
        Path file = write(kubeconfig);
        for (String context : contextsOf(file)) {
            assertEquals(described(Config.fromKubeconfig(context, file.toFile())),
                    described(new KubeconfigModels().clientConfig(context, file)), "context " + context);
        }
    }

    @Test
    void theDefaultFilesMakeTheConfigurationAutoConfigureMakes() throws IOException {
        Path empty = Files.createFile(dir.resolve("empty"));
        String files = String.join(File.pathSeparator, empty.toString(), write(TOKEN).toString(),
                dir.resolve("missing").toString(), write(MANY_CONTEXTS).toString(), write(JSON).toString());
        withProperties(Map.of(Config.KUBERNETES_KUBECONFIG_FILE, files), () -> {
            for (String context : Arrays.asList(null, "admin@prod", "a", "b", "j")) {
                Config fabric8 = Config.autoConfigure(context);
                Config ours = new KubeconfigModels().autoConfig(context).orElseThrow();
                assertEquals(described(fabric8), described(ours), "context " + context);
                assertEquals(fabric8.getAutoConfigure(), ours.getAutoConfigure());
            }
        });
        // fabric8's system properties (and environment variables) still come over the files.
        withProperties(Map.of(Config.KUBERNETES_KUBECONFIG_FILE, files, Config.KUBERNETES_NAMESPACE_SYSTEM_PROPERTY,
                "from-property"), () -> {
            Config ours = new KubeconfigModels().autoConfig(null).orElseThrow();
            assertEquals(described(Config.autoConfigure(null)), described(ours));
            assertEquals("from-property", ours.getNamespace());
        });
    }

    @Test
    void withoutAKubeconfigFileTheConfigurationIsLeftToFabric8() {
        withProperties(Map.of(Config.KUBERNETES_KUBECONFIG_FILE, dir.resolve("missing").toString()),
                () -> assertTrue(new KubeconfigModels().autoConfig(null).isEmpty()));
        withProperties(Map.of(Config.KUBERNETES_KUBECONFIG_FILE, dir.resolve("missing").toString(),
                Config.KUBERNETES_AUTH_TRYKUBECONFIG_SYSTEM_PROPERTY, "false"),
                () -> assertTrue(new KubeconfigModels().autoConfig(null).isEmpty()));
    }

    @Test
    void relativePathsResolveAgainstTheKubeconfigsDirectory() throws IOException {
        Path file = write(CLIENT_CERTIFICATE_FILES);

        Config config = new KubeconfigModels().clientConfig(null, file);

        assertEquals(dir.resolve("certs/ca.crt").toString(), config.getCaCertFile());
        assertEquals(dir.resolve("certs/client.crt").toString(), config.getClientCertFile());
        assertEquals("/etc/keys/client.key", config.getClientKeyFile());
    }

    @ParameterizedTest
    @ValueSource(strings = {
        // A credential plugin, an auth provider, extensions: fabric8 binds what they hold.
        """
        apiVersion: v1
        users:
        - name: eks
          user:
            exec:
              apiVersion: client.authentication.k8s.io/v1beta1
              command: aws
              args: [eks, get-token]
        """,
        """
        users:
        - name: oidc
          user:
            auth-provider:
              name: oidc
              config: {idp-issuer-url: "https://issuer.example"}
        """,
        """
        extensions:
        - name: ext
          extension: {a: b}
        """,
        """
        users:
        - name: x
          user:
            as-user-extra:
              team: [a]
        """,
        // Values the binding converts: a number or a string where the model has a string or a boolean.
        """
        clusters:
        - name: n
          cluster: {server: 8080}
        """,
        """
        clusters:
        - name: s
          cluster: {server: "https://s", insecure-skip-tls-verify: "true"}
        """,
        """
        users:
        - name: g
          user: {as-groups: [1, 2]}
        """,
        // Keys the model does not name, which it keeps aside, and a second document.
        """
        clusters:
        - name: u
          cluster: {server: "https://u"}
          note: mine
        """,
        """
        apiVersion: v1
        ---
        kind: Config
        """,
        // JSON, which fabric8 reads with Jackson's JSON parser, and a YAML flow mapping it takes for
        // JSON and cannot read.
        JSON,
        "  {apiVersion: v1, kind: Config}\n",
        // Documents fabric8 cannot read: its failure, whatever it is, stays the answer.
        "just a string\n",
        "clusters: [\n  {name: a\n",
        """
        contexts:
        - null
        """,
    })
    void anythingElseIsLeftToFabric8WithTheSameOutcome(String kubeconfig) throws IOException {
        Path file = write(kubeconfig);

        assertTrue(PlainKubeconfigReader.read(file).isEmpty(), "left to fabric8");
        assertEquals(outcome(() -> KubeConfigUtils.parseConfig(file.toFile())),
                outcome(() -> new KubeconfigModels().of(file)));
    }

    @Test
    void aFileIsReadOncePerLoad() throws IOException {
        Path file = write(TOKEN);
        KubeconfigModels models = new KubeconfigModels();

        io.fabric8.kubernetes.api.model.Config first = models.of(file);
        Files.writeString(file, "not: [a kubeconfig");

        assertTrue(first == models.of(file), "the same model, not a second reading");
    }

    /** Runs {@code check} with system properties set (fabric8 reads them as it reads the environment). */
    private static void withProperties(Map<String, String> properties, Runnable check) {
        Map<String, String> before = new HashMap<>();
        properties.forEach((name, value) -> before.put(name, System.setProperty(name, value)));
        try {
            check.run();
        } finally {
            before.forEach((name, value) -> {
                if (value == null) {
                    System.clearProperty(name);
                } else {
                    System.setProperty(name, value);
                }
            });
        }
    }

    /** The model, or the class and message of what reading threw. */
    private static Object outcome(Supplier<io.fabric8.kubernetes.api.model.Config> reading) {
        try {
            return reading.get();
        } catch (RuntimeException failed) {
            return failed.getClass().getName() + ": " + failed.getMessage();
        }
    }

    private Path write(String kubeconfig) throws IOException {
        Path file = dir.resolve("kubeconfig-" + Integer.toHexString(kubeconfig.hashCode()));
        Files.writeString(file, kubeconfig);
        return file;
    }

    private static List<String> contextsOf(Path file) {
        List<String> names = new ArrayList<>();
        names.add(null);
        KubeConfigUtils.parseConfig(file.toFile()).getContexts().forEach(context -> names.add(context.getName()));
        return names;
    }

    /** What the client takes from a kubeconfig, as text to compare. */
    private static List<String> described(Config config) {
        return List.of(
                "server " + config.getMasterUrl(),
                "namespace " + config.getNamespace(),
                "context " + (config.getCurrentContext() == null ? null : config.getCurrentContext().getName()),
                "contexts " + config.getContexts().stream().map(context -> context.getName()).toList(),
                "trust " + config.isTrustCerts() + " " + config.isDisableHostnameVerification(),
                "ca " + config.getCaCertFile() + " " + config.getCaCertData(),
                "client " + config.getClientCertFile() + " " + config.getClientCertData() + " "
                        + config.getClientKeyFile() + " " + config.getClientKeyData() + " " + config.getClientKeyAlgo(),
                "token " + config.getAutoOAuthToken() + " " + config.getOauthToken(),
                "basic " + config.getUsername() + " " + config.getPassword(),
                "tls server name " + config.getTlsServerName(),
                "proxy " + config.getHttpProxy() + " " + config.getHttpsProxy(),
                "impersonation " + config.getImpersonateUsername() + " "
                        + Arrays.toString(config.getImpersonateGroups()),
                "file " + config.getFile() + " " + config.getFileWithAuthInfo() + " " + config.getFileWithCluster());
    }
}
