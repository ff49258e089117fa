package dev.bundlectl.bundle.files;

import static org.assertj.core.api.Assertions.assertThat;

import dev.bundlectl.bundle.testing.SpecialFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** The link policy of a closed tree. Nothing here opens a file, so a FIFO cannot block it. */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class ClosedTreeTest {

    @TempDir
    Path dir;

    private Path root;
    private Path outside;
    private ClosedTree tree;

    @BeforeEach
    void tree() throws IOException {
        root = Files.createDirectories(dir.resolve("bundle"));
        outside = Files.writeString(Files.createDirectories(dir.resolve("elsewhere")).resolve("secret.yaml"), "s: 1\n");
        Files.createDirectories(root.resolve("manifests"));
        tree = ClosedTree.at(root, "the bundle directory");
    }

    @Test
    void aRegularFileAndADirectoryAreWhatTheyAre() throws IOException {
        Path file = Files.writeString(root.resolve("manifests/a.yaml"), "a: 1\n");

        assertThat(tree.entry(file)).isEqualTo(new TreeEntry.RegularFile(file));
        assertThat(tree.entry(root.resolve("manifests"))).isInstanceOf(TreeEntry.Directory.class);
        assertThat(tree.entry(root.resolve("manifests/none.yaml"))).isInstanceOf(TreeEntry.Missing.class);
    }

    @Test
    void aLinkInsideTheTreeIsFollowed() throws IOException {
        Files.writeString(root.resolve("manifests/real.yaml"), "a: 1\n");
        Path link = SpecialFiles.link(root.resolve("manifests/alias.yaml"), "real.yaml");
        Path dirLink = SpecialFiles.link(root.resolve("more"), "manifests");

        assertThat(tree.entry(link)).isEqualTo(new TreeEntry.RegularFile(link));
        assertThat(tree.entry(dirLink)).isInstanceOfSatisfying(TreeEntry.Directory.class,
                directory -> assertThat(directory.realPath()).endsWith(Path.of("bundle", "manifests")));
    }

    @Test
    void aLinkOutOfTheTreeIsRefusedNamingItsTarget() throws IOException {
        Path link = SpecialFiles.link(root.resolve("manifests/x.yaml"), "../../elsewhere/secret.yaml");

        assertThat(tree.entry(link)).isEqualTo(new TreeEntry.Refused(link, "is a symbolic link to "
                + "../../elsewhere/secret.yaml, outside the bundle directory; only links within it are followed"));
    }

    @Test
    void anAbsoluteLinkOutOfTheTreeIsRefused() throws IOException {
        Path link = SpecialFiles.link(root.resolve("manifests/x.yaml"), outside.toString());

        assertThat(tree.entry(link)).isInstanceOfSatisfying(TreeEntry.Refused.class,
                refused -> assertThat(refused.problem()).startsWith("is a symbolic link to " + outside + ", outside"));
    }

    @Test
    void aFileBelowALinkedDirectoryOutsideIsRefused() throws IOException {
        SpecialFiles.link(root.resolve("linked"), "../elsewhere");
        Path file = root.resolve("linked/secret.yaml");
        Path real = outside.toRealPath();

        assertThat(tree.entry(file)).isInstanceOfSatisfying(TreeEntry.Refused.class,
                refused -> assertThat(refused.problem()).isEqualTo("resolves through a symbolic link to "
                        + real + ", outside the bundle directory; only links within it are followed"));
    }

    @Test
    void aDanglingLinkIsRefused() throws IOException {
        Path link = SpecialFiles.link(root.resolve("manifests/gone.yaml"), "nowhere.yaml");

        assertThat(tree.entry(link)).isEqualTo(new TreeEntry.Refused(link,
                "is a dangling symbolic link (to nowhere.yaml, which does not exist)"));
    }

    @Test
    void aLinkLoopIsRefused() throws IOException {
        Path a = SpecialFiles.link(root.resolve("manifests/a.yaml"), "b.yaml");
        SpecialFiles.link(root.resolve("manifests/b.yaml"), "a.yaml");

        assertThat(tree.entry(a)).isEqualTo(new TreeEntry.Refused(a, "is a symbolic link loop (to b.yaml)"));
    }

    @Test
    void aFifoIsRefusedWithoutBeingOpened() throws Exception {
        Path fifo = SpecialFiles.fifo(root.resolve("manifests/pipe.yaml"));
        Path linkToFifo = SpecialFiles.link(root.resolve("manifests/to-pipe.yaml"), "pipe.yaml");

        assertThat(tree.entry(fifo)).isEqualTo(new TreeEntry.Refused(fifo, "is a FIFO, not a regular file"));
        assertThat(tree.entry(linkToFifo)).isEqualTo(new TreeEntry.Refused(linkToFifo, "is a FIFO, not a regular file"));
    }

    @Test
    void aListingIsSortedByName() throws IOException {
        Files.writeString(root.resolve("manifests/b.yaml"), "");
        Files.writeString(root.resolve("manifests/a.yaml"), "");
        SpecialFiles.link(root.resolve("manifests/c.yaml"), "../../elsewhere/secret.yaml");

        List<TreeEntry> entries = tree.list(root.resolve("manifests"));

        assertThat(entries).extracting(entry -> entry.path().getFileName().toString())
                .containsExactly("a.yaml", "b.yaml", "c.yaml");
        assertThat(entries.get(2)).isInstanceOf(TreeEntry.Refused.class);
    }
}
