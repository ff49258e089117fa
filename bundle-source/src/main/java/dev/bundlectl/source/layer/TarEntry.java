package dev.bundlectl.source.layer;

/**
 * One tar header, long names and pax overrides applied.
 *
 * @param name the path as the archive spells it
 * @param type the header's type flag
 * @param size the content size in bytes
 * @param linkName the link target for a link entry, else empty
 */
record TarEntry(String name, char type, long size, String linkName) {

    boolean regularFile() {
        return type == '0' || type == '\0' || type == '7';
    }

    boolean directory() {
        return type == '5';
    }

    boolean symlink() {
        return type == '2';
    }

    boolean hardLink() {
        return type == '1';
    }
}
