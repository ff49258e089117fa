package dev.bundlectl.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.bundlectl.cluster.connect.ClusterConnection;
import dev.bundlectl.cluster.connect.ConnectionException;
import dev.bundlectl.cluster.connect.ConnectionSettings;
import dev.bundlectl.executor.testing.TokenKubeconfig;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The connection set up while picocli builds its model: which command lines start one, with which
 * settings, and that it is handed over only for exactly those settings and closed otherwise.
 */
class EarlyConnectionTest {

    @TempDir
    Path dir;

    @Test
    void clusterCommandsStartOneWithTheSettingsTheirOptionsWillHave() {
        assertEquals(ClusterOptions.settings(null, null), EarlyConnection.settingsFor(new String[] {"install", "b"}));
        assertEquals(ClusterOptions.settings(Path.of("k.yaml"), "dev"),
                EarlyConnection.settingsFor(new String[] {"install", "b", "-n", "x", "--kubeconfig", "k.yaml", "--context", "dev"}));
        assertEquals(ClusterOptions.settings(Path.of("k.yaml"), "dev"),
                EarlyConnection.settingsFor(new String[] {"--debug", "status", "--kubeconfig=k.yaml", "--context=dev"}));
        assertEquals(ClusterOptions.settings(null, null), EarlyConnection.settingsFor(new String[] {"uninstall", "-n", "x"}));
        assertEquals(ClusterOptions.settings(null, null), EarlyConnection.settingsFor(new String[] {"approve", "r"}));
        assertEquals(ClusterOptions.settings(null, "dev"),
                EarlyConnection.settingsFor(new String[] {"plan", "b", "--context", "dev"}));
    }

    @Test
    void offlineCommandsHelpAndIncompleteLinesStartNone() {
        assertNull(EarlyConnection.settingsFor(new String[] {"plan", "b"}), "an offline plan connects to nothing");
        assertNull(EarlyConnection.settingsFor(new String[] {"version"}));
        assertNull(EarlyConnection.settingsFor(new String[] {"catalog", "check", "c"}));
        assertNull(EarlyConnection.settingsFor(new String[] {}));
        assertNull(EarlyConnection.settingsFor(new String[] {"install", "--help"}));
        assertNull(EarlyConnection.settingsFor(new String[] {"install", "b", "-h"}));
        assertNull(EarlyConnection.settingsFor(new String[] {"install", "b", "--kubeconfig"}), "no value yet");
        assertNull(EarlyConnection.settingsFor(new String[] {"--", "install"}));
    }

    @Test
    void itIsHandedOverForItsOwnSettingsOnlyAndOnce() throws Exception {
        Path kubeconfig = kubeconfig();
        String[] args = {"status", "--kubeconfig", kubeconfig.toString()};
        ConnectionSettings settings = EarlyConnection.settingsFor(args);
        try (EarlyConnection early = EarlyConnection.startFor(args)) {
            assertTrue(early.take(settings.withContext("other")).isEmpty(), "other settings: not this one");
            Optional<ClusterConnection> taken = early.take(settings);
            assertTrue(taken.isPresent());
            try (ClusterConnection connection = taken.get()) {
                assertEquals("https://127.0.0.1:9", connection.server());
            }
            assertTrue(early.take(settings).isEmpty(), "taken once");
        }
    }

    @Test
    void theCommandTakesIt() throws Exception {
        Path kubeconfig = kubeconfig();
        String[] args = {"status", "-n", "x", "--kubeconfig", kubeconfig.toString()};
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        try (EarlyConnection early = EarlyConnection.startFor(args)) {
            int code = Main.run(args, new PrintWriter(out, true), new PrintWriter(err, true), Main.NAME, early);
            assertEquals(ExitCode.ERROR, code, "nothing listens on port 9: " + err);
            assertTrue(early.taken(), "status used the connection set up since the start");
        }
    }

    @Test
    void aConnectionNoCommandTookIsClosedWithTheRun() throws Exception {
        Path kubeconfig = kubeconfig();
        String[] args = {"status", "--kubeconfig", kubeconfig.toString()};
        EarlyConnection early = EarlyConnection.startFor(args);
        early.close();
        assertTrue(early.take(EarlyConnection.settingsFor(args)).isEmpty(), "closed, so nothing to take");
    }

    @Test
    void aKubeconfigTheCheckRefusesIsLeftForTheCommandToReport() throws Exception {
        Path directory = Files.createDirectory(dir.resolve("not-a-file"));
        String[] args = {"status", "--kubeconfig", directory.toString()};
        try (EarlyConnection early = EarlyConnection.startFor(args)) {
            assertTrue(early.take(EarlyConnection.settingsFor(args)).isEmpty());
        }
    }

    @Test
    void aKubeconfigThatMayRunACredentialPluginIsLeftForTheCommand() throws Exception {
        Path kubeconfig = Files.writeString(dir.resolve("exec-kubeconfig"), Files.readString(kubeconfig())
                .replace(TokenKubeconfig.USER, "  user: {exec: {apiVersion: client.authentication.k8s.io/v1, "
                        + "command: " + dir.resolve("never-run") + ", interactiveMode: Never}}"));
        String[] args = {"status", "--kubeconfig", kubeconfig.toString()};
        try (EarlyConnection early = EarlyConnection.startFor(args)) {
            assertTrue(early.take(EarlyConnection.settingsFor(args)).isEmpty(),
                    "not read before the command line is known valid");
        }
        assertTrue(KubeconfigFiles.mayRunCredentialPlugin(kubeconfig));
        assertFalse(KubeconfigFiles.mayRunCredentialPlugin(kubeconfig()));
        Path json = Files.writeString(dir.resolve("json-kubeconfig"), "{\"users\":[{\"name\":\"u\",\"user\":"
                + "{\"auth-provider\" : {\"name\":\"oidc\"}}}]}");
        assertTrue(KubeconfigFiles.mayRunCredentialPlugin(json));
        Path named = Files.writeString(dir.resolve("named-kubeconfig"), "clusters:\n- name: executor\n  cluster: "
                + "{server: 'https://127.0.0.1:9', certificate-authority-data: ZXhlYwo=}\n");
        assertFalse(KubeconfigFiles.mayRunCredentialPlugin(named), "a name or base64 data holding the word");
    }

    @Test
    void aKubeconfigWithoutTheContextFailsAsOpeningWould() throws Exception {
        Path kubeconfig = kubeconfig();
        String[] args = {"status", "--kubeconfig", kubeconfig.toString(), "--context", "missing"};
        try (EarlyConnection early = EarlyConnection.startFor(args)) {
            ConnectionException refused = assertThrows(ConnectionException.class,
                    () -> early.take(EarlyConnection.settingsFor(args)));
            assertTrue(refused.getMessage().contains("context \"missing\" not found"), refused.getMessage());
        }
        assertFalse(EarlyConnection.none().take(ClusterOptions.settings(null, null)).isPresent());
    }

    private Path kubeconfig() {
        // Port 9 (discard): nothing here sends a request, so nothing needs to listen.
        return TokenKubeconfig.write(dir.resolve("kubeconfig"), "https://127.0.0.1:9", null);
    }
}
