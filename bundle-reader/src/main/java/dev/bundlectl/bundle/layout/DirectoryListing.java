package dev.bundlectl.bundle.layout;

import dev.bundlectl.bundle.files.ClosedTree;
import dev.bundlectl.bundle.files.TreeEntry;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The entries of one directory of a bundle, sorted by name, after the bundle's link policy.
 *
 * @param files regular files (links to files inside the bundle included)
 * @param directories subdirectories (links to directories inside the bundle included)
 * @param refused entries that must not be read: links out of the bundle, dangling links, loops,
 *     FIFOs, sockets, devices
 */
public record DirectoryListing(List<Path> files, List<Path> directories, List<TreeEntry.Refused> refused) {

    public DirectoryListing {
        files = List.copyOf(files);
        directories = List.copyOf(directories);
        refused = List.copyOf(refused);
    }

    /** Lists {@code dir}, one level deep, with the policy of {@code tree}. */
    public static DirectoryListing of(ClosedTree tree, Path dir) throws IOException {
        List<Path> files = new ArrayList<>();
        List<Path> directories = new ArrayList<>();
        List<TreeEntry.Refused> refused = new ArrayList<>();
        for (TreeEntry entry : tree.list(dir)) {
            if (entry instanceof TreeEntry.RegularFile) {
                files.add(entry.path());
            } else if (entry instanceof TreeEntry.Directory) {
                directories.add(entry.path());
            } else if (entry instanceof TreeEntry.Refused) {
                refused.add((TreeEntry.Refused) entry);
            }
            // Missing: removed between listing and looking; there is nothing to read.
        }
        return new DirectoryListing(files, directories, refused);
    }
}
