package dev.bundlectl.bundle.yaml;

import static org.assertj.core.api.Assertions.assertThat;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.bundlectl.bundle.files.FileKind;
import dev.bundlectl.bundle.testing.SpecialFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

class FileBytesTest {

    @TempDir
    Path dir;

    @Test
    void aFileWithinTheBoundIsReadWhole() throws IOException {
        Path file = Files.writeString(dir.resolve("a.yaml"), "a: é\n");

        assertThat(FileBytes.read(file, 6)).isInstanceOfSatisfying(FileBytes.Content.class,
                content -> assertThat(content.utf8()).hasValue("a: é\n"));
    }

    @Test
    void aFileOverTheBoundIsNotRead() throws IOException {
        Path file = Files.writeString(dir.resolve("a.yaml"), "a: 1\n");

        assertThat(FileBytes.read(file, 4)).isEqualTo(new FileBytes.TooLarge(5));
    }

    @Test
    void aMissingFileIsUnreadable() {
        assertThat(FileBytes.read(dir.resolve("missing.yaml"), 10)).isInstanceOfSatisfying(FileBytes.Unreadable.class,
                unreadable -> assertThat(unreadable.cause()).isInstanceOf(NoSuchFileException.class));
    }

    @Test
    void aDirectoryIsNotRegular() {
        assertThat(FileBytes.read(dir, Long.MAX_VALUE)).isEqualTo(new FileBytes.NotRegular(FileKind.DIRECTORY));
        assertThat(new FileBytes.NotRegular(FileKind.DIRECTORY).problem()).isEqualTo("is a directory, not a regular file");
    }

    /** Opening a FIFO would block until a writer comes: without the type check this test hangs. */
    @Test
    @Timeout(value = 30, unit = TimeUnit.SECONDS)
    void aFifoIsNotOpened() throws Exception {
        Path fifo = SpecialFiles.fifo(dir.resolve("pipe.yaml"));
        Path link = SpecialFiles.link(dir.resolve("link.yaml"), "pipe.yaml");

        assertThat(FileBytes.read(fifo, 1024)).isEqualTo(new FileBytes.NotRegular(FileKind.FIFO));
        assertThat(FileBytes.read(link, 1024)).isEqualTo(new FileBytes.NotRegular(FileKind.FIFO));
        assertThat(new FileBytes.NotRegular(FileKind.FIFO).problem()).isEqualTo("is a FIFO, not a regular file");
    }

    /** {@code /dev/zero} never ends and reports size 0: read, it would fill the heap. */
    @Test
    @Timeout(value = 30, unit = TimeUnit.SECONDS)
    void anEndlessDeviceIsNotOpened() {
        Path zero = Path.of("/dev/zero");
        assumeTrue(Files.exists(zero), "needs /dev/zero");

        assertThat(FileBytes.read(zero, 1024)).isEqualTo(new FileBytes.NotRegular(FileKind.CHARACTER_DEVICE));
    }

    /**
     * A /proc file is regular but reports size 0 whatever it holds: only the bound on the stream
     * stops the read, one byte past the bound.
     */
    @Test
    @Timeout(value = 30, unit = TimeUnit.SECONDS)
    void aFileThatUnderstatesItsSizeIsReadOnlyToOneBytePastTheBound() throws IOException {
        Path status = Path.of("/proc/self/status");
        assumeTrue(Files.isRegularFile(status) && Files.size(status) == 0, "needs Linux's /proc");

        assertThat(FileBytes.read(status, 16)).isEqualTo(new FileBytes.TooLarge(17));
    }

    @Test
    void bytesThatAreNotUtf8HaveNoText() throws IOException {
        Path file = Files.write(dir.resolve("latin1.yaml"), new byte[] {'a', ':', ' ', (byte) 0xE9, '\n'});

        assertThat(FileBytes.read(file, 10)).isInstanceOfSatisfying(FileBytes.Content.class,
                content -> assertThat(content.utf8()).isEmpty());
    }

    @Test
    void aWellFormedReplacementCharacterIsTextAndMalformedBytesBesideOneAreNot() {
        byte[] replacement = "a: \uFFFD\n".getBytes(java.nio.charset.StandardCharsets.UTF_8);
        assertThat(new FileBytes.Content(replacement).utf8()).hasValue("a: \uFFFD\n");

        byte[] both = {'a', ':', ' ', (byte) 0xEF, (byte) 0xBF, (byte) 0xBD, ' ', (byte) 0xC3, '\n'};
        assertThat(new FileBytes.Content(both).utf8()).isEmpty();
        byte[] overlong = {'a', ':', ' ', (byte) 0xC0, (byte) 0xAF, '\n'};
        assertThat(new FileBytes.Content(overlong).utf8()).isEmpty();
        byte[] surrogate = {'a', ':', ' ', (byte) 0xED, (byte) 0xA0, (byte) 0x80, '\n'};
        assertThat(new FileBytes.Content(surrogate).utf8()).isEmpty();
    }
}
