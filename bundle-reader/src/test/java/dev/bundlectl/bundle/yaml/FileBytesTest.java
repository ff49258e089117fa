package dev.bundlectl.bundle.yaml;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
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
    void aMissingFileOrADirectoryIsUnreadable() {
        assertThat(FileBytes.read(dir.resolve("missing.yaml"), 10)).isInstanceOfSatisfying(FileBytes.Unreadable.class,
                unreadable -> assertThat(unreadable.cause()).isInstanceOf(NoSuchFileException.class));
        assertThat(FileBytes.read(dir, Long.MAX_VALUE)).isInstanceOf(FileBytes.Unreadable.class);
    }

    @Test
    void bytesThatAreNotUtf8HaveNoText() throws IOException {
        Path file = Files.write(dir.resolve("latin1.yaml"), new byte[] {'a', ':', ' ', (byte) 0xE9, '\n'});

        assertThat(FileBytes.read(file, 10)).isInstanceOfSatisfying(FileBytes.Content.class,
                content -> assertThat(content.utf8()).isEmpty());
    }
}
