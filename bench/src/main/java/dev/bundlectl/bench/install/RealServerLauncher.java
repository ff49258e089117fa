package dev.bundlectl.bench.install;

import dev.bundlectl.bundle.testing.SharedDirectory;
import dev.bundlectl.executor.testing.RealApiServer;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Locale;

/**
 * Starts the real kube-apiserver of {@code ../shared/kube-api-test} (as the tests do, through
 * {@link RealApiServer}) for the shell benchmarks, writes its admin kubeconfig to a file, and keeps
 * it running until standard input closes; then stops it. The kubeconfig appears only once the
 * server is up (and, for the OLM flavour, OLM's CRDs are Established), so a script can wait for it.
 *
 * <pre>java -Dbundlectl.repoRoot=. -cp bench/target/benchmarks.jar \
 *     dev.bundlectl.bench.install.RealServerLauncher KUBECONFIG_OUT [plain|olm] &lt; FIFO</pre>
 */
public final class RealServerLauncher {

    private RealServerLauncher() {
    }

    public static void main(String[] args) throws IOException {
        if (args.length < 1) {
            System.err.println("usage: RealServerLauncher KUBECONFIG_OUT [plain|olm|openshift]");
            System.exit(2);
        }
        if (!SharedDirectory.has("kube-api-test/k8s/" + RealApiServer.VERSION + "-linux-amd64")) {
            System.err.println("no server binaries: " + SharedDirectory.root() + "/kube-api-test is missing "
                    + "(run from the repository root, or set -Dbundlectl.repoRoot)");
            System.exit(1);
        }
        Path out = Path.of(args[0]);
        RealApiServer.Flavour flavour = args.length > 1
                ? RealApiServer.Flavour.valueOf(args[1].toUpperCase(Locale.ROOT)) : RealApiServer.Flavour.OLM;
        try (RealApiServer server = RealApiServer.start(flavour)) {
            // Written whole, then moved: a script polling for the file never reads half of it.
            Path partial = out.resolveSibling(out.getFileName() + ".partial");
            Files.copy(server.kubeconfig(), partial, StandardCopyOption.REPLACE_EXISTING);
            Files.move(partial, out, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            System.err.println("real kube-apiserver " + RealApiServer.VERSION + " (" + flavour + ") up: " + out);
            while (System.in.read() >= 0) {
                // Runs until the script closes our standard input.
            }
        }
    }
}
