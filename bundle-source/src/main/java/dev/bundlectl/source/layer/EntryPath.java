package dev.bundlectl.source.layer;

import dev.bundlectl.source.errors.RefusedImageException;
import java.util.ArrayList;
import java.util.List;

/**
 * A tar entry's path as clean segments. An absolute path or a {@code ..} segment is refused
 * outright (even where it would stay inside), because no honest layer has one.
 */
final class EntryPath {

    private EntryPath() {
    }

    static List<String> segments(String name, String what) {
        if (name.startsWith("/")) {
            throw new RefusedImageException(what + ": entry \"" + name + "\" has an absolute path");
        }
        List<String> segments = new ArrayList<>();
        for (String segment : name.split("/")) {
            if (segment.equals("..")) {
                throw new RefusedImageException(what + ": entry \"" + name + "\" has a .. path segment");
            }
            if (!segment.isEmpty() && !segment.equals(".")) {
                if (segment.indexOf('\0') >= 0 || segment.indexOf('\\') >= 0) {
                    throw new RefusedImageException(what + ": entry \"" + name + "\" has a NUL or backslash in its name");
                }
                segments.add(segment);
            }
        }
        return segments;
    }

    /**
     * Where a symbolic link at {@code entry} pointing at {@code target} lands, as segments from the
     * image root; refused when it is absolute or climbs above the root.
     */
    static List<String> linkTarget(List<String> entry, String target, String name, String what) {
        if (target.startsWith("/")) {
            throw new RefusedImageException(what + ": symbolic link \"" + name + "\" points to the absolute path "
                    + target + ", outside the image");
        }
        List<String> resolved = new ArrayList<>(entry.subList(0, Math.max(0, entry.size() - 1)));
        for (String segment : target.split("/")) {
            if (segment.isEmpty() || segment.equals(".")) {
                continue;
            }
            if (segment.equals("..")) {
                if (resolved.isEmpty()) {
                    throw new RefusedImageException(what + ": symbolic link \"" + name + "\" points to " + target
                            + ", outside the image");
                }
                resolved.remove(resolved.size() - 1);
            } else {
                resolved.add(segment);
            }
        }
        return resolved;
    }
}
