package dev.bundlectl.bundle.yaml;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * The whole content of a file read within a size bound, or why it was not read. The bound is
 * checked with the file's size before a byte is read, so that a huge file costs nothing.
 */
public sealed interface FileBytes {

    /**
     * Reads {@code file} if it holds at most {@code maxBytes} bytes. Never throws for a bad file.
     *
     * @param file the file
     * @param maxBytes the size bound, below 2 GiB
     */
    static FileBytes read(Path file, long maxBytes) {
        try {
            long size = Files.size(file);
            if (size > maxBytes) {
                return new TooLarge(size);
            }
            byte[] bytes = Files.readAllBytes(file);
            // The file may have grown since its size was taken.
            return bytes.length > maxBytes ? new TooLarge(bytes.length) : new Content(bytes);
        } catch (IOException | SecurityException e) {
            return new Unreadable(e);
        }
    }

    /** The file was read. The array is the caller's; it is not copied. */
    record Content(byte[] bytes) implements FileBytes {

        /** The bytes as text, or empty when they are not well-formed UTF-8. */
        public Optional<String> utf8() {
            try {
                return Optional.of(StandardCharsets.UTF_8.newDecoder()
                        .onMalformedInput(CodingErrorAction.REPORT)
                        .onUnmappableCharacter(CodingErrorAction.REPORT)
                        .decode(ByteBuffer.wrap(bytes))
                        .toString());
            } catch (CharacterCodingException e) {
                return Optional.empty();
            }
        }
    }

    /**
     * The file is larger than the bound and was not read.
     *
     * @param size the file's size in bytes
     */
    record TooLarge(long size) implements FileBytes {
    }

    /**
     * The file could not be read: missing ({@link java.nio.file.NoSuchFileException}), a
     * directory, not permitted...
     *
     * @param cause what the file system said
     */
    record Unreadable(Exception cause) implements FileBytes {
    }
}
