package dev.bundlectl.bundle.yaml;

import dev.bundlectl.bundle.files.FileKind;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Arrays;
import java.util.Objects;
import java.util.Optional;

/**
 * The whole content of a file read within a size bound, or why it was not read. This is the one
 * way bundlectl reads a file it was given: bundle and payload manifests, annotations, properties,
 * capability files, API-surface files, plan files and kubeconfigs.
 *
 * <p>Defences, in order: the file's kind is checked (following a symbolic link) before it is
 * opened, so that a FIFO, socket or device is never opened, since opening a FIFO blocks until a
 * writer comes and a device such as {@code /dev/zero} never ends. Then its size is checked, so that
 * a huge file costs nothing. Last, at most one byte more than the bound is read from the stream,
 * so that a file that grows while it is read (or that lies about its size) is still refused
 * without being read whole.
 */
public sealed interface FileBytes {

    /**
     * Reads {@code file} if it is a regular file of at most {@code maxBytes} bytes. Never throws
     * for a bad file. A symbolic link is followed; whether a link may be followed at all is for
     * the caller to decide (see {@link dev.bundlectl.bundle.files.ClosedTree}).
     *
     * @param file the file
     * @param maxBytes the size bound; reading stops one byte past it
     */
    static FileBytes read(Path file, long maxBytes) {
        // A Java array holds a little under 2 GiB; every caller's bound is far below that.
        int bound = (int) Math.min(maxBytes, Integer.MAX_VALUE - 9);
        try {
            BasicFileAttributes attributes = Files.readAttributes(file, BasicFileAttributes.class);
            if (!attributes.isRegularFile()) {
                return new NotRegular(FileKind.of(file));
            }
            if (attributes.size() > bound) {
                return new TooLarge(attributes.size());
            }
            try (InputStream in = Files.newInputStream(file)) {
                return read(in, (int) attributes.size(), bound);
            }
        } catch (IOException | SecurityException e) {
            return new Unreadable(e);
        }
    }

    /**
     * Reads a file said to hold {@code size} bytes into an array of that size, then checks for
     * more: a whole catalog is read this way, and growing a buffer chunk by chunk
     * ({@code readNBytes(bound + 1)}) zeroed and copied every file twice (bench/README.md, issue
     * 26). A file that grew is read on within the bound; one that shrank is returned as read.
     */
    private static FileBytes read(InputStream in, int size, int bound) throws IOException {
        byte[] bytes = new byte[size];
        int read = in.readNBytes(bytes, 0, size);
        if (read < size) {
            return new Content(Arrays.copyOf(bytes, read));
        }
        byte[] more = in.readNBytes(bound + 1 - size);
        if (more.length == 0) {
            return new Content(bytes);
        }
        long total = (long) size + more.length;
        if (total > bound) {
            return new TooLarge(total);
        }
        byte[] all = Arrays.copyOf(bytes, (int) total);
        System.arraycopy(more, 0, all, size, more.length);
        return new Content(all);
    }

    /** The file was read. The array is the caller's; it is not copied. */
    record Content(byte[] bytes) implements FileBytes {

        /** The bytes as text, or empty when they are not well-formed UTF-8. */
        public Optional<String> utf8() {
            // The String constructor decodes at twice the speed of a reporting decoder (3.6 % of a
            // catalog run went to the decoder), but replaces malformed input with U+FFFD: a text
            // without U+FFFD was well-formed, and only one with it is decoded again to tell.
            String lenient = new String(bytes, StandardCharsets.UTF_8);
            if (lenient.indexOf('\uFFFD') < 0) {
                return Optional.of(lenient);
            }
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
     * The file is larger than the bound and was not read (or not past the bound).
     *
     * @param size the file's size in bytes; when it grew while being read, the bytes read, one
     *     more than the bound
     */
    record TooLarge(long size) implements FileBytes {
    }

    /**
     * The path names a directory, FIFO, socket or device, which was not opened.
     *
     * @param kind what it is
     */
    record NotRegular(FileKind kind) implements FileBytes {

        public NotRegular {
            Objects.requireNonNull(kind, "kind");
        }

        /** "is a FIFO, not a regular file". */
        public String problem() {
            return kind.notRegular();
        }
    }

    /**
     * The file could not be read: missing ({@link java.nio.file.NoSuchFileException}), not
     * permitted...
     *
     * @param cause what the file system said
     */
    record Unreadable(Exception cause) implements FileBytes {
    }
}
