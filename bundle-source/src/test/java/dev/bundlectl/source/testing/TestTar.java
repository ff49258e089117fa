package dev.bundlectl.source.testing;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import java.util.zip.GZIPOutputStream;

/** Writes ustar archives for tests, including entries no honest layer has (.. paths, outside links, devices). */
public final class TestTar {

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();

    public TestTar file(String name, String content) {
        return entry(name, '0', content.getBytes(StandardCharsets.UTF_8), "");
    }

    public TestTar file(String name, byte[] content) {
        return entry(name, '0', content, "");
    }

    public TestTar directory(String name) {
        return entry(name, '5', new byte[0], "");
    }

    public TestTar symlink(String name, String target) {
        return entry(name, '2', new byte[0], target);
    }

    public TestTar hardLink(String name, String target) {
        return entry(name, '1', new byte[0], target);
    }

    public TestTar fifo(String name) {
        return entry(name, '6', new byte[0], "");
    }

    /** Every file of {@code directory} under {@code prefix}. */
    public TestTar tree(Path directory, String prefix) {
        try (Stream<Path> walk = Files.walk(directory)) {
            List<Path> files = walk.filter(Files::isRegularFile).sorted().toList();
            for (Path file : files) {
                file(prefix + directory.relativize(file).toString().replace('\\', '/'), Files.readAllBytes(file));
            }
            return this;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private TestTar entry(String name, char type, byte[] content, String link) {
        byte[] header = new byte[512];
        put(header, 0, 100, name);
        put(header, 100, 8, "0000644");
        put(header, 108, 8, "0000000");
        put(header, 116, 8, "0000000");
        put(header, 124, 12, String.format("%011o", content.length));
        put(header, 136, 12, "00000000000");
        header[156] = (byte) type;
        put(header, 157, 100, link);
        put(header, 257, 6, "ustar");
        put(header, 263, 2, "00");
        for (int i = 148; i < 156; i++) {
            header[i] = ' ';
        }
        long sum = 0;
        for (byte b : header) {
            sum += b & 0xff;
        }
        put(header, 148, 8, String.format("%06o", sum) + "\0 ");
        out.writeBytes(header);
        out.writeBytes(content);
        out.writeBytes(new byte[(512 - content.length % 512) % 512]);
        return this;
    }

    private static void put(byte[] header, int offset, int length, String value) {
        byte[] bytes = value.getBytes(StandardCharsets.UTF_8);
        System.arraycopy(bytes, 0, header, offset, Math.min(length, bytes.length));
    }

    public byte[] tar() {
        ByteArrayOutputStream all = new ByteArrayOutputStream();
        all.writeBytes(out.toByteArray());
        all.writeBytes(new byte[1024]);
        return all.toByteArray();
    }

    public byte[] gzip() {
        ByteArrayOutputStream compressed = new ByteArrayOutputStream();
        try (GZIPOutputStream gzip = new GZIPOutputStream(compressed)) {
            gzip.write(tar());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return compressed.toByteArray();
    }
}
