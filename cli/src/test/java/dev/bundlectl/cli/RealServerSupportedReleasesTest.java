package dev.bundlectl.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.bundlectl.executor.testing.FaultProxy;
import dev.bundlectl.executor.testing.FaultSchedule;
import dev.bundlectl.executor.testing.ProxyKubeconfig;
import dev.bundlectl.executor.testing.ProxyUpstream;
import dev.bundlectl.executor.testing.RealApiServer;
import dev.bundlectl.executor.testing.RealApiServerExtension;
import java.nio.file.Path;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * A server outside the releases bundlectl supports (1.26 to 1.34) gets a warning, not a refusal
 * (docs/semantics.md §3, "Supported servers"). No real server of another release is at hand, so a
 * proxy in front of the real one answers {@code /version} as a 1.35 and a 1.25 server would; every
 * other request reaches the real server, which installs the sample.
 */
@ExtendWith(RealApiServerExtension.class)
@Tag(RealApiServer.SMOKE_ON_OLDEST)
class RealServerSupportedReleasesTest {

    @Test
    void aNewerServerIsWarnedAboutAndTheInstallGoesOn(RealApiServer server, @TempDir Path dir) {
        String warning = installThrough(server, dir, "v1.35.2", "newer");

        assertThat(warning).isEqualTo("warning: the server runs Kubernetes v1.35.2, newer than bundlectl supports "
                + "(1.26 to 1.34): going on, but nothing has been proven on this release");
    }

    @Test
    void anOlderServerIsWarnedAboutAndTheInstallGoesOn(RealApiServer server, @TempDir Path dir) {
        String warning = installThrough(server, dir, "v1.25.16", "older");

        assertThat(warning).isEqualTo("warning: the server runs Kubernetes v1.25.16, older than bundlectl supports "
                + "(1.26 to 1.34): going on, but APIs and checks it relies on may be missing");
    }

    @Test
    void aSupportedServerIsNotWarnedAbout(RealApiServer server) {
        RealCluster cluster = RealCluster.in(server, "supported");

        CliRun install = cluster.run("install", RealCluster.sample(), "-n", cluster.namespace(), "--csv-mode", "render");

        assertThat(install.exitCode()).as(install.toString()).isZero();
        assertThat(install.err()).doesNotContain("than bundlectl supports");
    }

    /** Installs the sample through a proxy whose {@code /version} says {@code gitVersion}; the warning line. */
    private static String installThrough(RealApiServer server, Path dir, String gitVersion, String prefix) {
        RealCluster cluster = RealCluster.in(server, prefix);
        try (FaultProxy proxy = FaultProxy.start(ProxyUpstream.of(server.config()), FaultSchedule.none())) {
            proxy.standIn("/version", "{\"major\":\"1\",\"minor\":\"" + gitVersion.split("\\.")[1]
                    + "\",\"gitVersion\":\"" + gitVersion + "\",\"platform\":\"linux/amd64\"}");
            Path kubeconfig = ProxyKubeconfig.write(proxy, server.kubeconfig(), dir.resolve(prefix + ".yaml"));

            CliRun install = cluster.runWith(kubeconfig, "install", RealCluster.sample(), "-n", cluster.namespace(),
                    "--csv-mode", "render");

            assertThat(install.exitCode()).as(install.toString()).isZero();
            assertThat(proxy.requests()).anyMatch(request -> request.path().equals("/version"));
            return install.err().lines().filter(line -> line.contains("than bundlectl supports")).findFirst()
                    .orElseThrow(() -> new AssertionError("no warning about the release: " + install));
        }
    }
}
