package dev.bundlectl.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.bundlectl.bundle.testing.SpecialFiles;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Files that would hang or exhaust bundlectl if it opened them or read them whole: FIFOs, devices,
 * huge files, links out of the bundle, YAML tags that ask for more than data. Each is refused
 * with exit 2 and one {@code error:} line naming the path, never a stack trace. The preemptive
 * timeout only turns a regression (a FIFO opened, {@code /dev/zero} read) into a failure instead
 * of a hung build; each run prints its elapsed time.
 */
class HostileFilesCliTest {

    private static final Duration SAFETY_NET = Duration.ofSeconds(30);

    @TempDir
    Path dir;

    private BundleFixture bundle;

    @BeforeEach
    void minimalBundle() throws IOException {
        bundle = BundleFixture.minimal(dir.resolve("bundle"));
    }

    private static CliResult run(String... args) {
        CliResult result = assertTimeoutPreemptively(SAFETY_NET, () -> Cli.run(args));
        System.out.printf("hostile file: %s -> exit %d in %d ms%n", String.join(" ", args), result.exitCode(),
                result.elapsed().toMillis());
        return result;
    }

    private static void assertRejectedWith(CliResult result, String errorLine) {
        assertThat(result.exitCode()).as(result.describe()).isEqualTo(ExitCode.INVALID_INPUT);
        assertThat(result.showsStackTrace()).as(result.describe()).isFalse();
        assertThat(result.errLines()).as(result.describe()).containsExactly(errorLine);
    }

    private String root() {
        return bundle.root().toString();
    }

    @Test
    void aFifoAmongTheManifests() throws Exception {
        SpecialFiles.fifo(bundle.root().resolve("manifests/pipe.yaml"));

        assertRejectedWith(run("plan", root()), "error: manifests/pipe.yaml: is a FIFO, not a regular file");
    }

    @Test
    void aFifoInPlaceOfTheAnnotations() throws Exception {
        Path annotations = bundle.root().resolve("metadata/annotations.yaml");
        Files.delete(annotations);
        SpecialFiles.fifo(annotations);

        assertRejectedWith(run("plan", root()), "error: metadata/annotations.yaml: is a FIFO, not a regular file");
    }

    @Test
    void aFifoAsTheCapabilitiesFile() throws Exception {
        Path fifo = SpecialFiles.fifo(dir.resolve("caps.yaml"));

        assertRejectedWith(run("plan", root(), "--capabilities-file", fifo.toString()),
                "error: " + fifo + ": is a FIFO, not a regular file");
    }

    @Test
    void devZeroAsTheCapabilitiesFileIsRefusedByItsType() {
        assumeTrue(Files.exists(Path.of("/dev/zero")), "needs /dev/zero");

        assertRejectedWith(run("plan", root(), "--capabilities-file", "/dev/zero"),
                "error: /dev/zero: is a character device, not a regular file");
    }

    @Test
    void aHugeCapabilitiesFileIsRefusedByItsSizeWithoutBeingRead() throws IOException {
        // Sparse: 8 GiB long, nothing on disk. Reading it whole would fail with OutOfMemoryError.
        Path huge = dir.resolve("huge-caps.yaml");
        try (RandomAccessFile file = new RandomAccessFile(huge.toFile(), "rw")) {
            file.setLength(8L << 30);
        }

        CliResult result = run("plan", root(), "--capabilities-file", huge.toString());

        assertThat(result.exitCode()).as(result.describe()).isEqualTo(ExitCode.INVALID_INPUT);
        assertThat(result.showsStackTrace()).as(result.describe()).isFalse();
        assertThat(result.errLines()).singleElement().asString().startsWith("error: " + huge + ": ");
    }

    @Test
    void aDirectoryAsTheCapabilitiesFile() throws IOException {
        Path directory = Files.createDirectories(dir.resolve("caps.d"));

        assertRejectedWith(run("plan", root(), "--capabilities-file", directory.toString()),
                "error: " + directory + ": is a directory, not a regular file");
    }

    @Test
    void aFifoAsTheApiSurface() throws Exception {
        Path fifo = SpecialFiles.fifo(dir.resolve("surface.txt"));

        assertRejectedWith(run("plan", root(), "--api-surface", fifo.toString()),
                "error: " + fifo + ": is a FIFO, not a regular file");
    }

    @Test
    void aFifoAsThePlanFile() throws Exception {
        Path fifo = SpecialFiles.fifo(dir.resolve("plan.yaml"));
        // install connects before it reads the plan; connecting sends nothing, so no server is needed.
        Path kubeconfig = Files.writeString(dir.resolve("kubeconfig"), """
                apiVersion: v1
                kind: Config
                clusters: [{name: c, cluster: {server: "https://127.0.0.1:1"}}]
                users: [{name: u, user: {token: t}}]
                contexts: [{name: x, context: {cluster: c, user: u}}]
                current-context: x
                """);

        assertRejectedWith(run("install", "--plan-file", fifo.toString(), "--kubeconfig", kubeconfig.toString()),
                "error: " + fifo + ": is a FIFO, not a regular file");
        assertRejectedWith(run("status", "-f", fifo.toString()), "error: " + fifo + ": is a FIFO, not a regular file");
    }

    @Test
    void aFifoAsTheKubeconfig() throws Exception {
        Path fifo = SpecialFiles.fifo(dir.resolve("kubeconfig"));

        assertRejectedWith(run("plan", root(), "--kubeconfig", fifo.toString()),
                "error: kubeconfig " + fifo + ": is a FIFO, not a regular file");
    }

    /**
     * KUBECONFIG names the files as fabric8 finds them; its system property {@code kubeconfig}
     * stands in for the environment variable, which a test cannot set.
     */
    @Test
    void aFifoNamedByKubeconfig() throws Exception {
        Path fifo = SpecialFiles.fifo(dir.resolve("kubeconfig"));
        String before = System.getProperty("kubeconfig");
        System.setProperty("kubeconfig", dir.resolve("missing-kubeconfig") + java.io.File.pathSeparator + fifo);
        try {
            assertRejectedWith(run("plan", root(), "--context", "x"),
                    "error: kubeconfig " + fifo + ": is a FIFO, not a regular file");
        } finally {
            if (before == null) {
                System.clearProperty("kubeconfig");
            } else {
                System.setProperty("kubeconfig", before);
            }
        }
    }

    @Test
    void aManifestLinkedFromOutsideTheBundle() throws IOException {
        bundle.write("../elsewhere/secret.yaml", "apiVersion: v1\nkind: Secret\nmetadata: {name: stolen}\n");
        SpecialFiles.link(bundle.root().resolve("manifests/x.yaml"), "../../elsewhere/secret.yaml");

        CliResult result = run("plan", root());

        assertRejectedWith(result, "error: manifests/x.yaml: is a symbolic link to ../../elsewhere/secret.yaml, "
                + "outside the bundle directory; only links within it are followed");
        assertThat(result.out()).doesNotContain("stolen");
    }

    @Test
    void aPayloadFileLinkedFromOutsideThePayload() throws IOException {
        Path payload = Files.createDirectories(dir.resolve("payload"));
        Files.writeString(payload.resolve("0000_50_ns.yaml"), "apiVersion: v1\nkind: Namespace\nmetadata: {name: demo}\n");
        Files.writeString(dir.resolve("secret.yaml"), "apiVersion: v1\nkind: Secret\nmetadata: {name: stolen}\n");
        SpecialFiles.link(payload.resolve("0000_50_x.yaml"), "../secret.yaml");

        assertRejectedWith(run("plan", payload.toString()), "error: 0000_50_x.yaml: is a symbolic link to "
                + "../secret.yaml, outside the payload directory; only links within it are followed");
    }

    @Test
    void aDanglingLink() throws IOException {
        SpecialFiles.link(bundle.root().resolve("manifests/gone.yaml"), "nowhere.yaml");

        assertRejectedWith(run("plan", root()),
                "error: manifests/gone.yaml: is a dangling symbolic link (to nowhere.yaml, which does not exist)");
    }

    @Test
    void aLinkLoop() throws IOException {
        SpecialFiles.link(bundle.root().resolve("manifests/loop.yaml"), "loop.yaml");

        assertRejectedWith(run("plan", root()), "error: manifests/loop.yaml: is a symbolic link loop (to loop.yaml)");
    }

    @Test
    void aLinkWithinTheBundleIsFollowed() throws IOException {
        bundle.write("shared/cm.yaml", "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: linked}\n");
        SpecialFiles.link(bundle.root().resolve("manifests/cm.yaml"), "../shared/cm.yaml");

        CliResult result = run("plan", root(), "-o", "yaml");

        assertThat(result.exitCode()).as(result.describe()).isEqualTo(ExitCode.OK);
        assertThat(result.errLines()).isEmpty();
        assertThat(result.out()).contains("name: linked");
    }

    @ParameterizedTest
    @ValueSource(strings = {"!!python/object/apply:os.system [\"id\"]", "!!binary aGVsbG8=", "!!set {a, b}",
        "!!omap [{a: 1}]", "!!timestamp 2001-12-14", "!local x"})
    void aYamlTagOutsideTheCoreSchema(String value) throws IOException {
        bundle.write("manifests/cm.yaml", "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: cm}\ndata:\n  k: "
                + value + "\n");
        String tag = value.substring(0, value.indexOf(' '));

        assertRejectedWith(run("plan", root()), "error: manifests/cm.yaml[doc 0]: the YAML tag " + tag
                + " is not supported; only the core schema's tags (!!str, !!int, !!float, !!bool, !!null, !!map, "
                + "!!seq) are (line 5, column 6)");
    }

    @Test
    void anEmptyManifestFileIsAWarningNamingIt() throws IOException {
        bundle.write("manifests/empty.yaml", "");

        CliResult result = run("plan", root());

        assertThat(result.exitCode()).as(result.describe()).isEqualTo(ExitCode.OK);
        assertThat(result.errLines()).containsExactly("warning: manifests/empty.yaml: the file holds no objects (it "
                + "is empty, or only comments and empty documents)");
    }
}
