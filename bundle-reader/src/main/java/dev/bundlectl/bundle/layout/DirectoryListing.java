package dev.bundlectl.bundle.layout;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The entries of one directory, sorted by name so that every read sees files in the same order
 * whatever the file system returns.
 *
 * @param files regular files (symbolic links to files included)
 * @param directories subdirectories
 * @param others anything else (sockets, broken links ...)
 */
public record DirectoryListing(List<Path> files, List<Path> directories, List<Path> others) {

    private static final Comparator<Path> BY_NAME = Comparator.comparing(path -> path.getFileName().toString());

    public DirectoryListing {
        files = List.copyOf(files);
        directories = List.copyOf(directories);
        others = List.copyOf(others);
    }

    /** Lists {@code dir}, one level deep. */
    public static DirectoryListing of(Path dir) throws IOException {
        List<Path> files = new ArrayList<>();
        List<Path> directories = new ArrayList<>();
        List<Path> others = new ArrayList<>();
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(dir)) {
            for (Path entry : entries) {
                if (Files.isDirectory(entry)) {
                    directories.add(entry);
                } else if (Files.isRegularFile(entry)) {
                    files.add(entry);
                } else {
                    others.add(entry);
                }
            }
        }
        files.sort(BY_NAME);
        directories.sort(BY_NAME);
        others.sort(BY_NAME);
        return new DirectoryListing(files, directories, others);
    }
}
