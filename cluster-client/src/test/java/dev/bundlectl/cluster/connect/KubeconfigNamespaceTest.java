package dev.bundlectl.cluster.connect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import io.fabric8.kubernetes.client.Config;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The namespace {@link KubeconfigNamespace} reads against fabric8's own answer,
 * {@code Config.autoConfigure(null).getNamespace()} (a failure counting as no namespace, as the
 * offline commands count it), for the same files and settings: fabric8 reads its settings from
 * system properties before the environment, so each case sets them as properties.
 */
class KubeconfigNamespaceTest {

    @TempDir
    Path dir;

    private static final String TEAM_A = """
            apiVersion: v1
            kind: Config
            clusters:
            - name: kind
              cluster:
                server: https://127.0.0.1:6443
                certificate-authority-data: Q0EgZGF0YQ==
            contexts:
            - name: kind
              context: {cluster: kind, user: admin, namespace: team-a}
            - name: other
              context: {cluster: kind, user: admin, namespace: team-other}
            current-context: kind
            preferences: {}
            users:
            - name: admin
              user: {token: not-a-secret}
            """;

    /** A second file: a context of the same name with another namespace, and one of its own. */
    private static final String TEAM_B = """
            contexts:
            - name: kind
              context: {cluster: kind, namespace: team-b}
            - name: b-only
              context: {cluster: kind, namespace: team-b-only}
            current-context: b-only
            """;

    /** Contexts only; the current context comes from another file. */
    private static final String CONTEXTS_ONLY = """
            contexts:
            - name: elsewhere
              context: {namespace: from-contexts-only}
            - name: kind
              context: {namespace: team-c}
            """;

    @Test
    void oneFile() throws IOException {
        assertSameAnswer("team-a", files(TEAM_A));
        assertSameAnswer("team-other", files(TEAM_A.replace("current-context: kind", "current-context: other")));
        assertSameAnswer(null, files(TEAM_A.replace(", namespace: team-a", "")));
        assertSameAnswer(null, files(TEAM_A.replace("current-context: kind", "current-context: missing")));
        assertSameAnswer(null, files(TEAM_A.replace("current-context: kind", "current-context: \"\"")));
        assertSameAnswer(null, files(TEAM_A.replace("current-context: kind\n", "")));
        // Within one file the last definition of a name is the one kept.
        assertSameAnswer("last", files("""
                contexts:
                - name: kind
                  context: {namespace: first}
                - name: kind
                  context: {namespace: last}
                current-context: kind
                """));
    }

    @Test
    void severalFiles() throws IOException {
        // The first file's current context, defined in the first file that defines it.
        assertSameAnswer("team-a", files(TEAM_A, TEAM_B));
        assertSameAnswer("team-b-only", files(TEAM_B, TEAM_A));
        // A current context is looked up in every file.
        assertSameAnswer("from-contexts-only", files("current-context: elsewhere\n", CONTEXTS_ONLY));
        assertSameAnswer("team-c", files(CONTEXTS_ONLY, TEAM_A));
        // A file without a current context leaves it to the next.
        assertSameAnswer("team-b-only", files(CONTEXTS_ONLY, TEAM_B, TEAM_A));
        // fabric8 goes on to the next file's current context when the first names none defined.
        assertSameAnswer("team-a", files("current-context: nowhere\n", TEAM_A));
        // Missing, empty and special files are passed over.
        Path empty = Files.createFile(dir.resolve("empty"));
        assertSameAnswer("team-a", String.join(File.pathSeparator, dir.resolve("missing").toString(), empty.toString(),
                dir.toString(), "", files(TEAM_A)));
    }

    @Test
    void scalarsAsTheBindingMakesThemText() throws IOException {
        assertSameAnswer("123", files(TEAM_A.replace("namespace: team-a", "namespace: 123")));
        assertSameAnswer("no", files(TEAM_A.replace("namespace: team-a", "namespace: no")));
        assertSameAnswer("true", files(TEAM_A.replace("namespace: team-a", "namespace: true")));
        assertSameAnswer("1000.0", files(TEAM_A.replace("namespace: team-a", "namespace: 1e3")));
        // fabric8's loader reads plain scalars by YAML's JSON schema: only null is null.
        assertSameAnswer("~", files(TEAM_A.replace("namespace: team-a", "namespace: ~")));
        assertSameAnswer(null, files(TEAM_A.replace("namespace: team-a", "namespace: null")));
        assertSameAnswer("7", files(TEAM_A.replace("- name: kind", "- name: 7").replace("current-context: kind",
                "current-context: 7").replace("namespace: team-a", "namespace: \"7\"")));
    }

    @Test
    void yamlAsFabric8LoadsIt() throws IOException {
        // Anchors and aliases, flow style, a document marker, and an empty document before the kubeconfig.
        assertSameAnswer("anchored", files("""
                ---
                ---
                contexts:
                - name: a
                  context: &ctx {namespace: anchored}
                - name: b
                  context: *ctx
                current-context: b
                """));
        assertSameAnswer("flow", files("apiVersion: v1\ncontexts: [{name: a, context: {namespace: flow}}]\n"
                + "current-context: a\n"));
        assertSameAnswer("spaced", files("contexts:\n  - name: 'a'\n    context:\n      namespace: \"spaced\"\n"
                + "current-context: a   # the comment\n"));
    }

    @Test
    void jsonAsFabric8ReadsIt() throws IOException {
        assertSameAnswer("json", files("""
                {
                \t"kind": "Config",
                \t"contexts": [{"name": "j", "context": {"cluster": "c", "namespace": "json"}}],
                \t"current-context": "j"
                }
                """));
        assertSameAnswer("5", files("{\"contexts\": [{\"name\": \"j\", \"context\": {\"namespace\": 5}}], "
                + "\"current-context\": \"j\"} and text after it"));
        assertSameAnswer(null, files("[{\"contexts\": []}]"));
        assertSameAnswer(null, files("{\"contexts\": [{\"name\": \"j\"}"));
    }

    @Test
    void whatFabric8CannotReadCountsAsNoNamespace() throws IOException {
        for (String broken : List.of(
                "contexts: [a\n",
                // YAML in flow style that starts as JSON is read as JSON, and is not JSON.
                "{contexts: [{name: a, context: {namespace: flow}}], current-context: a}",
                "   \n",
                "# only a comment\n",
                "just a scalar\n",
                "- a list\n",
                TEAM_A + "---\nkind: Config\n",
                TEAM_A.replace("contexts:\n", "contexts:\n- null\n"),
                TEAM_A.replace("contexts:\n", "contexts:\n- a scalar\n"),
                TEAM_A.replace("users:\n", "users:\n- null\n"),
                TEAM_A.replace("clusters:\n", "clusters:\n- 5\n"),
                TEAM_A.replace("namespace: team-a", "namespace: [team-a]"),
                TEAM_A.replace("namespace: team-other", "namespace: {a: b}"),
                TEAM_A.replace("cluster: kind, user: admin, namespace: team-a", "cluster: [kind], namespace: team-a"),
                TEAM_A.replace("current-context: kind", "current-context: {name: kind}"),
                TEAM_A.replace("- name: kind\n  context:", "- name: [kind]\n  context:"))) {
            assertSameAnswer(null, files(broken));
            // One unreadable file among good ones spoils fabric8's whole answer.
            assertSameAnswer(null, files(TEAM_A, broken));
        }
        // A context without a body is passed over, as fabric8 passes it over.
        assertSameAnswer("team-a", files(TEAM_A.replace("contexts:\n", "contexts:\n- name: kind\n  context: null\n")));
    }

    @Test
    void fabric8sSettingsAsFabric8ReadsThem() throws IOException {
        Path namespaceFile = Files.writeString(dir.resolve("namespace"), "in-cluster" + System.lineSeparator());
        String kubeconfig = files(TEAM_A);
        assertSameAnswer("from-property", Map.of("kubeconfig", kubeconfig, "kubernetes.namespace", "from-property"));
        // Without a kubeconfig file, the in-cluster namespace file.
        assertSameAnswer("in-cluster", Map.of("kubeconfig", dir.resolve("missing").toString(), "kubenamespace",
                namespaceFile.toString()));
        assertSameAnswer("in-cluster", Map.of("kubeconfig", kubeconfig, "kubernetes.auth.tryKubeConfig", "false",
                "kubenamespace", namespaceFile.toString()));
        assertSameAnswer(null, Map.of("kubeconfig", dir.resolve("missing").toString(), "kubenamespace",
                namespaceFile.toString(), "kubernetes.tryNamespacePath", "false"));
        assertSameAnswer(null, Map.of("kubeconfig", dir.resolve("missing").toString(), "kubenamespace",
                dir.resolve("no-namespace-file").toString()));
    }

    @Test
    void theEnvironmentAndTheHomeDirectory() throws IOException {
        Path home = Files.createDirectories(dir.resolve("home"));
        Files.createDirectories(home.resolve(".kube"));
        Files.writeString(home.resolve(".kube/config"), TEAM_A);
        Properties none = new Properties();
        Properties userHome = new Properties();
        userHome.setProperty("user.home", home.toString());

        assertEquals(Optional.of("team-a"), new KubeconfigNamespace(Map.of("HOME", home.toString()), none).read());
        assertEquals(Optional.of("team-a"), new KubeconfigNamespace(Map.of("HOME", "/no/such/home"), userHome).read());
        assertEquals(Optional.of("team-b-only"), new KubeconfigNamespace(Map.of("HOME", home.toString(),
                "KUBECONFIG", files(TEAM_B)), none).read());
        assertEquals(Optional.of("from-variable"), new KubeconfigNamespace(Map.of("HOME", home.toString(),
                "KUBERNETES_NAMESPACE", "from-variable"), none).read());
        Properties kubeconfigProperty = new Properties();
        kubeconfigProperty.setProperty("kubeconfig", files(TEAM_B));
        assertEquals(Optional.of("team-b-only"), new KubeconfigNamespace(Map.of("KUBECONFIG", files(TEAM_A)),
                kubeconfigProperty).read());
    }

    /** A file larger than a connection accepts (fabric8 would read it whole) counts as unreadable. */
    @Test
    void aKubeconfigOverTheLimitCountsAsUnreadable() throws IOException {
        String padded = TEAM_A + "# " + "x".repeat((int) PlainKubeconfigReader.MAX_BYTES) + "\n";

        Optional<String> namespace = withProperties(Map.of("kubeconfig", files(padded)),
                () -> KubeconfigNamespace.ofThisProcess().read());

        assertEquals(Optional.empty(), namespace);
    }

    /** Where fabric8 would run the current user's credential plugin, the namespace is read and nothing runs. */
    @Test
    void noCredentialPluginRuns() throws IOException {
        Path ran = dir.resolve("plugin-ran");
        String kubeconfig = files(TEAM_A.replace("user: {token: not-a-secret}", """
                user:
                    exec:
                      apiVersion: client.authentication.k8s.io/v1
                      command: sh
                      args: [-c, "touch %s"]
                """.formatted(ran)));

        Optional<String> namespace = withProperties(Map.of("kubeconfig", kubeconfig),
                () -> KubeconfigNamespace.ofThisProcess().read());

        assertEquals(Optional.of("team-a"), namespace);
        assertFalse(Files.exists(ran), "the plugin ran");
    }

    private void assertSameAnswer(String expected, String kubeconfigFiles) {
        assertSameAnswer(expected, Map.of("kubeconfig", kubeconfigFiles));
    }

    private static void assertSameAnswer(String expected, Map<String, String> settings) {
        Optional<String> fabric8 = withProperties(settings, KubeconfigNamespaceTest::fabric8sNamespace);
        Optional<String> ours = withProperties(settings, () -> KubeconfigNamespace.ofThisProcess().read());
        assertEquals(fabric8, ours, () -> "against fabric8, for " + settings + ": " + contents(settings));
        assertEquals(Optional.ofNullable(expected), ours, "for " + settings);
    }

    private static String contents(Map<String, String> settings) {
        StringBuilder text = new StringBuilder();
        for (String file : settings.getOrDefault("kubeconfig", "").split(File.pathSeparator)) {
            try {
                text.append("\n--- ").append(file).append('\n').append(Files.readString(Path.of(file)));
            } catch (IOException | RuntimeException notAFile) {
                text.append("\n--- ").append(file).append(": ").append(notAFile);
            }
        }
        return text.toString();
    }

    private static Optional<String> fabric8sNamespace() {
        try {
            return Optional.ofNullable(Config.autoConfigure(null).getNamespace());
        } catch (RuntimeException unreadable) {
            return Optional.empty();
        }
    }

    /** The files, written in order, as a {@code KUBECONFIG} list. */
    private String files(String... kubeconfigs) throws IOException {
        StringBuilder list = new StringBuilder();
        for (String kubeconfig : kubeconfigs) {
            Path file = Files.createTempFile(dir, "kubeconfig", "");
            Files.writeString(file, kubeconfig);
            list.append(list.length() == 0 ? "" : File.pathSeparator).append(file);
        }
        return list.toString();
    }

    /** Runs {@code reading} with system properties set, which fabric8 reads before the environment. */
    private static <T> T withProperties(Map<String, String> properties, Supplier<T> reading) {
        Map<String, String> before = new HashMap<>();
        properties.forEach((name, value) -> before.put(name, System.setProperty(name, value)));
        try {
            return reading.get();
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
}
