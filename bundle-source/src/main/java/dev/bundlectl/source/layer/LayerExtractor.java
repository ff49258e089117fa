package dev.bundlectl.source.layer;

import dev.bundlectl.source.errors.RefusedImageException;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.DirectoryStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import java.util.zip.GZIPInputStream;

/**
 * Applies an image's layers, in order, to an output directory, taking only the directories the
 * image's labels name (e.g. {@code manifests/} and {@code metadata/}) and writing each under the
 * name the reader expects. Everything in a layer is checked, taken or not: an absolute path, a
 * {@code ..} segment, a link pointing outside the image, a device file or FIFO refuses the image.
 * Symbolic links inside the image are not created (the reader reads regular files only); hard
 * links are copied. Whiteouts delete what an earlier layer wrote. Blocking: run it on a worker.
 */
public final class LayerExtractor {

    private final Map<List<String>, String> selection = new LinkedHashMap<>();
    private final Path output;
    private final ExtractionLimits limits;
    private long totalBytes;
    private int entries;

    /**
     * @param selection image directory (as a label names it, e.g. {@code /manifests/}) to the
     *     output directory name it is written to
     * @param output an empty directory inside the cache's scratch space
     */
    public LayerExtractor(Map<String, String> selection, Path output, ExtractionLimits limits) {
        // Labels name directories from the image root, with or without a leading slash ("/configs").
        selection.forEach((from, to) -> this.selection.put(EntryPath.segments(from.replaceFirst("^/+", ""),
                "label " + from), to));
        this.output = output;
        this.limits = limits;
    }

    /** Applies one layer file (tar, or gzip-compressed tar). */
    public void apply(Path layer, String what) {
        try (InputStream raw = new BufferedInputStream(Files.newInputStream(layer), 64 * 1024)) {
            apply(uncompressed(raw, what), what);
        } catch (IOException e) {
            throw new RefusedImageException(what + ": not a readable tar layer (" + e.getMessage() + ")");
        }
    }

    private static InputStream uncompressed(InputStream raw, String what) throws IOException {
        raw.mark(4);
        int first = raw.read();
        int second = raw.read();
        int third = raw.read();
        int fourth = raw.read();
        raw.reset();
        if (first == 0x1f && second == 0x8b) {
            return new BufferedInputStream(new GZIPInputStream(raw, 64 * 1024), 64 * 1024);
        }
        if (first == 0x28 && second == 0xb5 && third == 0x2f && fourth == 0xfd) {
            throw new RefusedImageException(what + ": zstd-compressed layers are not supported (use gzip)");
        }
        return raw;
    }

    private void apply(InputStream tar, String what) throws IOException {
        TarReader reader = new TarReader(tar, what);
        for (TarEntry entry = reader.next(); entry != null; entry = reader.next()) {
            if (++entries > limits.entries()) {
                throw new RefusedImageException(what + ": more than " + limits.entries() + " entries");
            }
            totalBytes += entry.size();
            if (totalBytes > limits.totalBytes()) {
                throw new RefusedImageException(what + ": layers larger than " + limits.totalBytes() + " bytes "
                        + "uncompressed");
            }
            List<String> segments = EntryPath.segments(entry.name(), what);
            char type = entry.type();
            if (type == '3' || type == '4' || type == '6') {
                throw new RefusedImageException(what + ": entry \"" + entry.name() + "\" is a "
                        + (type == '6' ? "FIFO" : "device file"));
            }
            if (entry.symlink()) {
                EntryPath.linkTarget(segments, entry.linkName(), entry.name(), what);
                continue;
            }
            if (entry.hardLink()) {
                List<String> target = linkedFile(entry, what);
                copyHardLink(segments, target);
                continue;
            }
            if (!entry.regularFile() && !entry.directory()) {
                throw new RefusedImageException(what + ": entry \"" + entry.name() + "\" has unsupported type '"
                        + type + "'");
            }
            Path target = mapped(segments);
            if (target == null || segments.isEmpty()) {
                continue;
            }
            String base = segments.get(segments.size() - 1);
            if (base.startsWith(".wh.")) {
                whiteout(target, base);
            } else if (entry.directory()) {
                directories(target, what, entry.name());
            } else {
                write(reader.content(), target, entry, what);
            }
        }
    }

    private static List<String> linkedFile(TarEntry entry, String what) {
        if (entry.linkName().startsWith("/")) {
            throw new RefusedImageException(what + ": hard link \"" + entry.name() + "\" points to the absolute path "
                    + entry.linkName() + ", outside the image");
        }
        try {
            return EntryPath.segments(entry.linkName(), what);
        } catch (RefusedImageException e) {
            throw new RefusedImageException(what + ": hard link \"" + entry.name() + "\" points to "
                    + entry.linkName() + ", outside the image");
        }
    }

    private void copyHardLink(List<String> link, List<String> target) throws IOException {
        Path to = mapped(link);
        Path from = mapped(target);
        if (to != null && from != null && Files.isRegularFile(from, LinkOption.NOFOLLOW_LINKS)) {
            Files.createDirectories(to.getParent());
            Files.copy(from, to, StandardCopyOption.REPLACE_EXISTING, LinkOption.NOFOLLOW_LINKS);
        }
    }

    /** The output path of an image path, or null when no selected directory holds it. */
    private Path mapped(List<String> segments) {
        for (Map.Entry<List<String>, String> selected : selection.entrySet()) {
            List<String> prefix = selected.getKey();
            if (segments.size() >= prefix.size() && segments.subList(0, prefix.size()).equals(prefix)) {
                Path path = output.resolve(selected.getValue());
                for (String segment : segments.subList(prefix.size(), segments.size())) {
                    path = path.resolve(segment);
                }
                return path.normalize().startsWith(output) ? path : null;
            }
        }
        return null;
    }

    private void directories(Path target, String what, String name) {
        try {
            Files.createDirectories(target);
        } catch (IOException e) {
            throw new RefusedImageException(what + ": entry \"" + name + "\" is a directory where a file is");
        }
    }

    private void write(InputStream content, Path target, TarEntry entry, String what) throws IOException {
        if (entry.size() > limits.fileBytes()) {
            throw new RefusedImageException(what + ": entry \"" + entry.name() + "\" is larger than "
                    + limits.fileBytes() + " bytes");
        }
        directories(target.getParent(), what, entry.name());
        if (Files.isDirectory(target, LinkOption.NOFOLLOW_LINKS)) {
            throw new RefusedImageException(what + ": entry \"" + entry.name() + "\" is a file where a directory is");
        }
        try (OutputStream out = Files.newOutputStream(target, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.TRUNCATE_EXISTING, LinkOption.NOFOLLOW_LINKS)) {
            content.transferTo(out);
        } catch (FileAlreadyExistsException e) {
            throw new RefusedImageException(what + ": entry \"" + entry.name() + "\" collides with another");
        }
    }

    /** {@code .wh.NAME} deletes NAME; {@code .wh..wh..opq} empties its directory (what earlier layers put there). */
    private static void whiteout(Path marker, String base) throws IOException {
        Path directory = marker.getParent();
        if (base.equals(".wh..wh..opq")) {
            if (Files.isDirectory(directory, LinkOption.NOFOLLOW_LINKS)) {
                try (DirectoryStream<Path> children = Files.newDirectoryStream(directory)) {
                    for (Path child : children) {
                        deleteTree(child);
                    }
                }
            }
            return;
        }
        deleteTree(directory.resolve(base.substring(".wh.".length())));
    }

    /** Deletes {@code path} and everything under it, never following a link. */
    public static void deleteTree(Path path) throws IOException {
        if (!Files.exists(path, LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        try (Stream<Path> walk = Files.walk(path)) {
            walk.sorted(Comparator.reverseOrder()).forEach(p -> {
                try {
                    Files.deleteIfExists(p);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
    }
}
